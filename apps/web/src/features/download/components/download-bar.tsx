/**
 * The download bar offering the app. Closing it remembers hideDownloadBar = '1'; the shell never
 * shows it inside the installed web app. Older iOS gets an extra tip, and an iOS profile link
 * (MOBILECONFIG) gets its own button. On iOS outside Safari the profile cannot install, so the
 * player is asked to open Safari instead.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, LogoMark } from '../../../components/icons';
import { showToast } from '../../../lib/notify';
import { detectPlatform, isLegacyIos } from '../../../lib/platform';
import { useSessionStore } from '../../../lib/session-store';
import { findLink, safeHref, useDownloadLinks } from '../api/get-download-links';
import styles from './download-bar.module.css';

export function DownloadBar() {
  const { t } = useTranslation();
  const platform = useMemo(() => detectPlatform(), []);
  const hideDownloadBar = useSessionStore((state) => state.hideDownloadBar);
  const openPanel = useSessionStore((state) => state.openPanel);
  const links = useDownloadLinks();
  const profile = findLink(links.data, 'MOBILECONFIG');
  const needsSafari = platform.os === 'ios' && !platform.isSafari;

  return (
    <aside aria-label={t('downloadBar.label')} className={styles.bar}>
      <div className={styles.row}>
        <LogoMark size={36} />
        <div className={styles.text}>
          <p className={styles.title}>{t('downloadBar.title')}</p>
          <p className={styles.subtitle}>{t('downloadBar.subtitle')}</p>
        </div>
        <button
          type="button"
          className={styles.download}
          aria-haspopup="dialog"
          onClick={() => openPanel('download')}
        >
          <Icon name="download" size={18} />
          {t('downloadBar.download')}
        </button>
        <button
          type="button"
          className={styles.close}
          aria-label={t('downloadBar.close')}
          onClick={hideDownloadBar}
        >
          <Icon name="close" size={20} />
        </button>
      </div>
      {profile && (
        <a
          href={safeHref(profile.url)}
          className={styles.profile}
          onClick={(event) => {
            if (!needsSafari) return;
            event.preventDefault();
            showToast(t('download.useSafari'), 'info');
          }}
        >
          <Icon name="shield" size={18} />
          {t('downloadBar.profile')}
        </a>
      )}
      {isLegacyIos(platform) && <p className={styles.tip}>{t('downloadBar.legacyTip')}</p>}
    </aside>
  );
}
