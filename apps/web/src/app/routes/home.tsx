/** Home for now: a welcome, the sign-up bonus copy, quick links and the 18+ notice. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgeNotice } from '../../components/age-notice';
import { Icon, LogoMark, type IconName } from '../../components/icons';
import { paths } from '../../config/paths';
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import { useSessionStore } from '../../lib/session-store';
import styles from './screens.module.css';

const QUICK_LINKS: readonly {
  to: string;
  icon: IconName;
  label: 'home.help' | 'home.app' | 'home.notice';
}[] = [
  { to: paths.help, icon: 'help', label: 'home.help' },
  { to: paths.download, icon: 'download', label: 'home.app' },
  { to: paths.notice, icon: 'bell', label: 'home.notice' },
];

export function Component() {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const session = useSessionStore((state) => state.session);
  const symbol = currencySymbol(status.data);

  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="home-welcome">
        <LogoMark size={56} />
        <h2 id="home-welcome" className={styles.heroTitle}>
          {t('home.welcome')}
        </h2>
        <p className={styles.muted}>{t('home.tagline')}</p>
        <p className={styles.bonus}>{t('home.bonus', { symbol })}</p>
        {!session && (
          <Link to={paths.register} className={styles.cta}>
            {t('home.join')}
          </Link>
        )}
      </section>
      <section aria-labelledby="home-quick-links">
        <h2 id="home-quick-links" className={styles.sectionTitle}>
          {t('home.quickLinks')}
        </h2>
        <ul className={styles.quickLinks}>
          {QUICK_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.quickLink}>
                <Icon name={link.icon} />
                <span>{t(link.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p className={styles.muted}>{t('home.gamesSoon')}</p>
      <AgeNotice />
    </div>
  );
}
