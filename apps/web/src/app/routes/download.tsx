/** /m/download: the app card with its rating, the links by resource type and the guides. */
import { APP_RATING } from '@khela/contract/constants';
import { formatFixedNumber } from '@khela/contract/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgeNotice } from '../../components/age-notice';
import { LogoMark, StarIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import {
  findLink,
  safeHref,
  useDownloadLinks,
} from '../../features/download/api/get-download-links';
import { AppGuides } from '../../features/download/components/app-guides';
import { DownloadLinks } from '../../features/download/components/download-links';
import { useSystemStatus } from '../../features/system/api/get-system-status';
import { useLanguage } from '../../lib/i18n';
import styles from './screens.module.css';

function AppIcon({ url }: { url: string | undefined }) {
  const [broken, setBroken] = useState(false);
  const href = url ? safeHref(url) : undefined;
  if (!href || broken) return <LogoMark size={72} />;
  return (
    <img
      src={href}
      alt=""
      width={72}
      height={72}
      className={styles.appIcon}
      onError={() => setBroken(true)}
    />
  );
}

export function Component() {
  const { t } = useTranslation();
  const links = useDownloadLinks();
  const status = useSystemStatus();
  const appName = status.data?.info.merchant.name ?? t('common.brand');
  const language = useLanguage();
  const rating = formatFixedNumber(APP_RATING, language, 1);

  return (
    <div className={styles.stack}>
      <section className={styles.appCard} aria-labelledby="download-app-name">
        <AppIcon url={findLink(links.data, 'AppDownloadIcon')?.url} />
        <div>
          <h2 id="download-app-name" className={styles.heroTitle}>
            {appName}
          </h2>
          <p className={styles.rating}>
            <span role="img" aria-label={t('download.rating', { rating })} className={styles.stars}>
              {Array.from({ length: 5 }, (_, index) => (
                <StarIcon key={index} size={16} />
              ))}
            </span>
            <span>{rating}</span>
          </p>
        </div>
      </section>
      {links.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <DownloadLinks links={links.data} />
      )}
      <AppGuides
        hasProfile={findLink(links.data, 'MOBILECONFIG') !== undefined}
        hasAndroidPackage={findLink(links.data, 'Android') !== undefined}
      />
      <AgeNotice />
    </div>
  );
}
