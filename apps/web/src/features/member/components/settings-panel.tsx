/**
 * /m/set: personal settings. Language, hiding the balance (asterisks on every screen), and the
 * way to the security centre, change password and my account.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import styles from './member.module.css';

export function SettingsPanel({
  languageSwitcher,
  hideBalance,
  onToggleHideBalance,
  securityEnabled,
}: {
  languageSwitcher: ReactNode;
  hideBalance: boolean;
  onToggleHideBalance: () => void;
  securityEnabled: boolean;
}) {
  const { t } = useTranslation();
  const links = [
    securityEnabled && {
      to: '/m/securityCenter',
      label: t('settingsPage.security'),
      icon: 'shield' as const,
    },
    { to: '/m/changePsw', label: t('settingsPage.changePassword'), icon: 'lock' as const },
    { to: '/m/myAccount/index', label: t('settingsPage.myAccount'), icon: 'user' as const },
  ].filter((link) => link !== false);
  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <div className={styles.setting}>
          <span>{t('settingsPage.language')}</span>
          {languageSwitcher}
        </div>
        <label className={styles.setting}>
          <span>
            {t('settingsPage.hideBalance')}
            <br />
            <span className={styles.muted}>{t('settingsPage.hideBalanceHint')}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={hideBalance}
            onChange={onToggleHideBalance}
          />
        </label>
      </section>
      <nav aria-label={t('settingsPage.links')}>
        <ul className={styles.linkList}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.row}>
                <span className={styles.entryIcon}>
                  <Icon name={link.icon} size={22} />
                </span>
                <span className={styles.entryLabel}>{link.label}</span>
                <span className={styles.chevron} aria-hidden="true">
                  <Icon name="back" size={18} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
