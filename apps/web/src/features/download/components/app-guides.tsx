/**
 * How to install: iPhone, Android and add-to-home-screen guides as tabs, opened on the one that
 * fits the device. On iOS outside Safari the player is first asked to open Safari.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canPromptInstall,
  detectPlatform,
  promptInstall,
  type Platform,
} from '../../../lib/platform';
import styles from './app-guides.module.css';

type Guide = 'ios' | 'android' | 'home';
const GUIDES: readonly Guide[] = ['ios', 'android', 'home'];

const STEPS = {
  ios: ['download.ios1', 'download.ios2', 'download.ios3', 'download.ios4'],
  android: ['download.android1', 'download.android2', 'download.android3'],
  home: ['download.home1', 'download.home2', 'download.home3'],
} as const;

const TAB_LABEL = {
  ios: 'download.tabIos',
  android: 'download.tabAndroid',
  home: 'download.tabHome',
} as const;

function defaultGuide(platform: Platform): Guide {
  if (platform.os === 'ios') return 'ios';
  if (platform.os === 'android') return 'android';
  return 'home';
}

export function SafariNotice({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  if (platform.os !== 'ios' || platform.isSafari) return null;
  return <p className={styles.safari}>{t('download.useSafari')}</p>;
}

export function AppGuides({ hasProfile }: { hasProfile: boolean }) {
  const { t } = useTranslation();
  const platform = useMemo(() => detectPlatform(), []);
  const [guide, setGuide] = useState<Guide>(() => defaultGuide(platform));
  const [installable, setInstallable] = useState(canPromptInstall);
  const tabs = useRef<Partial<Record<Guide, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = GUIDES[(GUIDES.indexOf(guide) + step + GUIDES.length) % GUIDES.length] ?? 'home';
    setGuide(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className={styles.guides} aria-labelledby="app-guides-title">
      <h2 id="app-guides-title" className={styles.heading}>
        {t('download.guidesTitle')}
      </h2>
      <SafariNotice platform={platform} />
      <div role="tablist" aria-labelledby="app-guides-title" className={styles.tabs}>
        {GUIDES.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`guide-tab-${name}`}
            aria-selected={guide === name}
            aria-controls={`guide-panel-${name}`}
            tabIndex={guide === name ? 0 : -1}
            className={styles.tab}
            onClick={() => setGuide(name)}
            onKeyDown={onKeyDown}
          >
            {t(TAB_LABEL[name])}
          </button>
        ))}
      </div>
      {GUIDES.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`guide-panel-${name}`}
          aria-labelledby={`guide-tab-${name}`}
          hidden={guide !== name}
          className={styles.panel}
        >
          <ol className={styles.steps}>
            {STEPS[name].map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ol>
          {name === 'ios' && hasProfile && <p className={styles.tip}>{t('download.profileTip')}</p>}
          {name === 'home' && installable && (
            <button
              type="button"
              className={styles.install}
              onClick={() => void promptInstall().finally(() => setInstallable(canPromptInstall()))}
            >
              {t('download.install')}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
