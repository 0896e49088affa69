/**
 * A two-or-more-way switch (login, registration and recovery methods) as ARIA tabs: arrow keys
 * move between them, the chosen one is selected and controls the panel below.
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styles from './form.module.css';

export interface MethodTab<M extends string> {
  value: M;
  label: string;
}

export function MethodTabs<M extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly MethodTab<M>[];
  value: M;
  onChange: (value: M) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const tabId = (tab: M) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -index, End: tabs.length - 1 - index }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.value);
    document.getElementById(tabId(next.value))?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tabs}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            id={tabId(tab.value)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab.value === value}
            aria-controls={panelId}
            tabIndex={tab.value === value ? 0 : -1}
            onClick={() => onChange(tab.value)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)}>
        {children}
      </div>
    </>
  );
}
