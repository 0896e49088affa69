/**
 * Accordions whose open item lives in the address (`?param=N`, 0-based), so a link can open it:
 * one item open at a time, titles are buttons with aria-expanded, each panel a region named by its
 * title, and the item the address pointed at is brought into view once.
 */
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
import { useSearchParams } from 'react-router';
import styles from './accordion.module.css';
import { Icon } from './icons';

export { styles as accordionStyles };

/** A query parameter as a 0-based item index, or null when absent or not a number. */
export function parseItemIndex(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * The open item's index from `?param=N`; `toggle` follows the player's choice in place (no new
 * history entry, no scroll to the top); `openRef` goes on the open item.
 */
export function useOpenItem(param: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const openIndex = parseItemIndex(searchParams.get(param));
  const openRef = useRef<HTMLLIElement>(null);
  const scrolled = useRef(false);

  useEffect(() => {
    // Bring the item the link pointed at into view, once.
    if (scrolled.current || openIndex === null) return;
    scrolled.current = true;
    openRef.current?.scrollIntoView?.({ block: 'start' });
  }, [openIndex]);

  const toggle = (index: number) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (openIndex === index) next.delete(param);
        else next.set(param, String(index));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return { openIndex, toggle, openRef };
}

/** The chevron at a toggle's end: down when closed, up when open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <span className={open ? styles.chevronOpen : styles.chevron}>
      <Icon name="chevronDown" size={20} />
    </span>
  );
}

/** One item: its title as the toggle (with `triggerClassName`), its panel as a region. */
export function AccordionItem({
  open,
  onToggle,
  ref,
  triggerClassName,
  title,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  ref?: Ref<HTMLLIElement>;
  triggerClassName?: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const buttonId = `${id}-title`;
  const panelId = `${id}-panel`;
  return (
    <li className={styles.item} ref={ref}>
      <h2 className={styles.itemHeading}>
        <button
          type="button"
          id={buttonId}
          aria-expanded={open}
          aria-controls={panelId}
          className={triggerClassName}
          onClick={onToggle}
        >
          {title}
          <Chevron open={open} />
        </button>
      </h2>
      <div
        role="region"
        id={panelId}
        aria-labelledby={buttonId}
        hidden={!open}
        className={styles.panel}
      >
        {children}
      </div>
    </li>
  );
}
