/**
 * How to install, as tabs opened on the one that fits the device: the iPhone's add-to-home-screen
 * guide, the Android package's (only when the operator has set a package's address, so no step
 * points at a file that is not there) and the browsers' add-to-home-screen guide. Each step has
 * its own drawn icon (ours: the buttons the player looks for). On iOS outside Safari the player
 * is first asked to open Safari.
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PathIcon } from '../../../components/icon';
import {
  canPromptInstall,
  detectPlatform,
  promptInstall,
  type Platform,
} from '../../../lib/platform';
import styles from './app-guides.module.css';

type Guide = 'ios' | 'android' | 'home';

/** Drawn step icons (24×24 line paths, like components/icons). */
const STEP_ICONS = {
  safari: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM15.5 8.5l-2 5-5 2 2-5z',
  share: 'M12 15V3M8 7l4-4 4 4M5 11v9h14v-9',
  addToHome:
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM12 8v8M8 12h8',
  homeScreen:
    'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM10 6h1.5v1.5H10zM12.5 6H14v1.5h-1.5zM10 9h1.5v1.5H10z',
  download: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  allow: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  install: 'M5 12.5l4.5 4.5L19 7',
  menu: 'M12 5h.01M12 12h.01M12 19h.01',
} as const;

const STEPS = {
  ios: [
    ['download.ios1', 'safari'],
    ['download.ios2', 'share'],
    ['download.ios3', 'addToHome'],
    ['download.ios4', 'homeScreen'],
  ],
  android: [
    ['download.android1', 'download'],
    ['download.android2', 'allow'],
    ['download.android3', 'install'],
  ],
  home: [
    ['download.home1', 'menu'],
    ['download.home2', 'addToHome'],
    ['download.home3', 'homeScreen'],
  ],
} as const;

const TAB_LABEL = {
  ios: 'download.tabIos',
  android: 'download.tabAndroid',
  home: 'download.tabHome',
} as const;

function defaultGuide(platform: Platform, hasAndroidPackage: boolean): Guide {
  if (platform.os === 'ios') return 'ios';
  if (platform.os === 'android' && hasAndroidPackage) return 'android';
  return 'home';
}

export function SafariNotice({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  if (platform.os !== 'ios' || platform.isSafari) return null;
  return <p className={styles.safari}>{t('download.useSafari')}</p>;
}

export function AppGuides({
  hasProfile,
  hasAndroidPackage,
}: {
  hasProfile: boolean;
  /** The operator has set an Android package's address (an `Android` download link). */
  hasAndroidPackage: boolean;
}) {
  const { t } = useTranslation();
  const platform = useMemo(() => detectPlatform(), []);
  const guides: readonly Guide[] = hasAndroidPackage ? ['ios', 'android', 'home'] : ['ios', 'home'];
  const [chosen, setGuide] = useState<Guide>(() => defaultGuide(platform, hasAndroidPackage));
  // The links may arrive after the first paint, or the package be taken away.
  const guide = guides.includes(chosen) ? chosen : defaultGuide(platform, hasAndroidPackage);
  const [installable, setInstallable] = useState(canPromptInstall);
  const tabs = useRef<Partial<Record<Guide, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = guides[(guides.indexOf(guide) + step + guides.length) % guides.length] ?? 'home';
    setGuide(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className={styles.guides} aria-labelledby="app-guides-title">
      <h2 id="app-guides-title" className={styles.heading}>
        {t('download.guidesTitle')}
      </h2>
      <SafariNotice platform={platform} />
      <div
        role="tablist"
        aria-labelledby="app-guides-title"
        className={styles.tabs}
        style={{ gridTemplateColumns: `repeat(${guides.length}, 1fr)` }}
      >
        {guides.map((name) => (
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
      {guides.map((name) => (
        <div
          key={name}
          role="tabpanel"
          id={`guide-panel-${name}`}
          aria-labelledby={`guide-tab-${name}`}
          hidden={guide !== name}
          className={styles.panel}
        >
          <ol className={styles.steps}>
            {STEPS[name].map(([key, icon]) => (
              <li key={key} className={styles.step}>
                <span className={styles.stepIcon}>
                  <PathIcon path={STEP_ICONS[icon]} size={20} />
                </span>
                <span>{t(key)}</span>
              </li>
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
