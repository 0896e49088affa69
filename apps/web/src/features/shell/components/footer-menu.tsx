/**
 * The footer menu (spec §2): Home, Promotion, Invite (referral popup), Deposit with its 100% badge,
 * Member centre. Home is marked current on every home alias. The member centre sends a visitor to
 * login and asks a trial account to register first.
 */
import { isGuest } from '@khela/contract/members';
import { isHomePath } from '@khela/contract/routes';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ShellIcon, type ShellIconName } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { resetGameFilter } from '../../../lib/game-filter';
import { useSessionStore } from '../../../lib/session-store';
import styles from './footer-menu.module.css';

function ItemBody({ icon, label }: { icon: ShellIconName; label: string }) {
  return (
    <>
      <ShellIcon name={icon} />
      <span className={styles.label}>{label}</span>
    </>
  );
}

export function FooterMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSessionStore((state) => state.session);
  const openPanel = useSessionStore((state) => state.openPanel);
  const badgeId = useId();
  const current = (active: boolean) => (active ? ('page' as const) : undefined);

  return (
    <nav aria-label={t('footer.label')} className={styles.footer}>
      <ul className={styles.list}>
        <li>
          <Link
            to={paths.home}
            className={styles.item}
            aria-current={current(isHomePath(pathname))}
            // Home resets the game filter, as the logo does (spec §2).
            onClick={resetGameFilter}
          >
            <ItemBody icon="home" label={t('footer.home')} />
          </Link>
        </li>
        <li>
          <Link
            to={paths.activity}
            className={styles.item}
            aria-current={current(pathname === paths.activity)}
          >
            <ItemBody icon="gift" label={t('footer.promotion')} />
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={styles.item}
            aria-haspopup="dialog"
            onClick={() => openPanel('referral')}
          >
            <ItemBody icon="invite" label={t('footer.invite')} />
          </button>
        </li>
        <li>
          <Link
            to={paths.deposit}
            className={styles.item}
            aria-current={current(pathname === paths.deposit)}
            aria-describedby={badgeId}
          >
            <span className={styles.badge} aria-hidden="true">
              {t('footer.depositBadge')}
            </span>
            <ItemBody icon="wallet" label={t('footer.deposit')} />
          </Link>
          <span id={badgeId} hidden>
            {t('footer.depositBadgeDescription')}
          </span>
        </li>
        <li>
          {session && isGuest(session.type) ? (
            <button
              type="button"
              className={styles.item}
              aria-haspopup="dialog"
              onClick={() => openPanel('guestPrompt')}
            >
              <ItemBody icon="user" label={t('footer.member')} />
            </button>
          ) : (
            <Link
              to={session ? paths.memberHome : paths.login}
              className={styles.item}
              aria-current={current(pathname === paths.memberHome)}
            >
              <ItemBody icon="user" label={t('footer.member')} />
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
