/**
 * The header: menu button, brand, Login and Register (logged out) and the account area the app
 * passes in (balance and account menu, where the language is chosen), then the title bar with the
 * back button, the page title (the page's <h1>) and the tools the app passes in (the service
 * button), which cover nothing of the page as a floating button would.
 * Back goes to /m/home from the screens the spec names (backGoesHome), otherwise one page back;
 * a screen opened directly (no earlier page in the app) also goes home.
 * Under it, the game navigation on the lobbies without a category menu of their own
 * (gameNavShown), which scrolls with the page: at most one bar between header and page.
 */
import { backGoesHome, gameNavShown, isHomePath } from '@khela/contract/routes';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogoMark, ShellIcon } from '../../../components/icon';
import { paths } from '../../../config/paths';
import { resetGameFilter } from '../../../lib/game-filter';
import { useSessionStore } from '../../../lib/session-store';
import { GameNav } from './game-nav';
import styles from './header.module.css';

export function Header({
  title,
  account,
  tools,
}: {
  title: string;
  /** The account area (balance, account menu), composed in by the app; lazy. */
  account?: ReactNode;
  /** The title bar's right end (the service button), composed in by the app; lazy. */
  tools?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionStore((state) => state.session);
  const openPanel = useSessionStore((state) => state.openPanel);
  const onHome = isHomePath(location.pathname);

  const goBack = () => {
    if (backGoesHome(location.pathname) || location.key === 'default') {
      void navigate(paths.home);
    } else {
      void navigate(-1);
    }
  };

  return (
    <>
      <header className={styles.header}>
        <div className={styles.topBar}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('header.menu')}
            aria-haspopup="dialog"
            onClick={() => openPanel('sideMenu')}
          >
            <ShellIcon name="menu" />
          </button>
          {/* The logo also resets the game filter: all types, no provider, HOT (spec §2). */}
          <Link to={paths.home} className={styles.brand} onClick={resetGameFilter}>
            <LogoMark size={30} />
            <span className={session ? 'visually-hidden' : undefined}>{t('header.brandLink')}</span>
          </Link>
          <div className={styles.account}>
            {!session && (
              <>
                <Link to={paths.login} className={styles.login}>
                  {t('header.login')}
                </Link>
                <Link to={paths.register} className={styles.register}>
                  {t('header.register')}
                </Link>
              </>
            )}
            <Suspense
              fallback={session && <span className={styles.userName}>{session.userName}</span>}
            >
              {account ?? (session && <span className={styles.userName}>{session.userName}</span>)}
            </Suspense>
          </div>
        </div>
        <div className={styles.titleBar}>
          {onHome ? (
            <span className={styles.backSpacer} />
          ) : (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('header.back')}
              onClick={goBack}
            >
              <ShellIcon name="back" />
            </button>
          )}
          <h1 className={styles.title} tabIndex={-1} id="page-title">
            {title}
          </h1>
          {tools && <div className={styles.tools}>{tools}</div>}
        </div>
      </header>
      {/* Below the sticky header: it scrolls away, leaving the small screen to the page. */}
      {gameNavShown(location.pathname) && <GameNav />}
    </>
  );
}
