/**
 * The full-screen pages that replace the site while the system status says so: maintenance
 * (status 1) and region restricted (status 2). Both keep the language switcher and a retry.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, LogoMark } from '../../../components/icons';
import { LanguageSwitcher } from '../../../components/language-switcher';
import styles from './system-page.module.css';

interface SystemPageProps {
  title: string;
  children: ReactNode;
  onRetry: () => void;
  retrying: boolean;
}

function SystemPage({ title, children, onRetry, retrying }: SystemPageProps) {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <div className={styles.top}>
        <LogoMark size={40} />
        <LanguageSwitcher />
      </div>
      <div className={styles.card}>
        <span className={styles.symbol}>
          <Icon name="shield" size={40} />
        </span>
        <h1 className={styles.title}>{title}</h1>
        {children}
        <button type="button" className={styles.retry} onClick={onRetry} disabled={retrying}>
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}

export function MaintenancePage(props: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SystemPage
      title={t('system.maintenanceTitle')}
      onRetry={props.onRetry}
      retrying={props.retrying}
    >
      <p className={styles.text}>{props.message || t('system.maintenanceFallback')}</p>
    </SystemPage>
  );
}

export function RegionBlockedPage(props: { ip?: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <SystemPage title={t('system.regionTitle')} onRetry={props.onRetry} retrying={props.retrying}>
      <p className={styles.text}>{t('system.regionBody')}</p>
      {props.ip && <p className={styles.ip}>{t('system.ip', { ip: props.ip })}</p>}
    </SystemPage>
  );
}
