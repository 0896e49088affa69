/**
 * The app and channel links by resource type: iOS, Android and the iOS profile first, then the
 * official Telegram and Facebook channels. AppDownloadIcon is an image, not a link.
 */
import type { DownloadLink } from '@khela/contract/settings';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/icons';
import { showToast } from '../../../lib/notify';
import { detectPlatform } from '../../../lib/platform';
import { findLink, safeHref } from '../api/get-download-links';
import styles from './download-links.module.css';

const APP_TYPES = ['IOS', 'Android', 'MOBILECONFIG'] as const;
const CHANNEL_TYPES = ['TELEGRAM', 'FACEBOOK'] as const;
type LinkType = (typeof APP_TYPES)[number] | (typeof CHANNEL_TYPES)[number];

const ICONS: Record<LinkType, IconName> = {
  IOS: 'phone',
  Android: 'phone',
  MOBILECONFIG: 'shield',
  TELEGRAM: 'send',
  FACEBOOK: 'people',
};

const LABELS = {
  IOS: 'download.link_IOS',
  Android: 'download.link_Android',
  MOBILECONFIG: 'download.link_MOBILECONFIG',
  TELEGRAM: 'download.link_TELEGRAM',
  FACEBOOK: 'download.link_FACEBOOK',
} as const;

export function DownloadLinks({ links }: { links: readonly DownloadLink[] | undefined }) {
  const { t } = useTranslation();
  const platform = useMemo(() => detectPlatform(), []);
  const apps = APP_TYPES.map((type) => findLink(links, type)).filter((link) => link !== undefined);
  const channels = CHANNEL_TYPES.map((type) => findLink(links, type)).filter(
    (link) => link !== undefined,
  );
  // iOS installs (app or profile) only work from Safari.
  const iosOnlyInSafari = (type: LinkType) =>
    (type === 'IOS' || type === 'MOBILECONFIG') && platform.os === 'ios' && !platform.isSafari;

  return (
    <div className={styles.groups}>
      <section aria-labelledby="download-apps">
        <h2 id="download-apps" className={styles.heading}>
          {t('download.linksTitle')}
        </h2>
        {apps.length === 0 ? (
          <p className={styles.empty}>{t('download.noLinks')}</p>
        ) : (
          <ul className={styles.list}>
            {apps.map((link) => (
              <li key={link.resourceType}>
                <a
                  href={safeHref(link.url)}
                  className={styles.app}
                  onClick={(event) => {
                    if (!iosOnlyInSafari(link.resourceType as LinkType)) return;
                    event.preventDefault();
                    showToast(t('download.useSafari'));
                  }}
                >
                  <Icon name={ICONS[link.resourceType as LinkType]} />
                  {t(LABELS[link.resourceType as LinkType])}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      {channels.length > 0 && (
        <section aria-labelledby="download-channels">
          <h2 id="download-channels" className={styles.heading}>
            {t('download.channelsTitle')}
          </h2>
          <ul className={styles.list}>
            {channels.map((link) => (
              <li key={link.resourceType}>
                <a
                  href={safeHref(link.url)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.channel}
                >
                  <Icon name={ICONS[link.resourceType as LinkType]} />
                  {t(LABELS[link.resourceType as LinkType])}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
