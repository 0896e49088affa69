/**
 * The signed-in frame: navigation showing only the sections the operator may open (with live
 * counters), who is signed in, the language, and signing out. Screens render in the outlet.
 */
import { useQueryClient } from '@tanstack/react-query';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import { logout, SESSION_KEY } from '../features/auth/api';
import { useFormat } from '../lib/format';
import { useLiveCounters } from '../lib/live';
import { useCan, useSession } from '../lib/session';
import { SECTIONS } from './nav';

export function Shell() {
  const { t } = useTranslation();
  const { operator } = useSession();
  const can = useCan();
  const queryClient = useQueryClient();
  const counters = useLiveCounters(can('dashboard.read'));
  const { count } = useFormat();
  const signOut = async () => {
    await logout().catch(() => undefined);
    queryClient.setQueryData(SESSION_KEY, null);
    // Nothing of this operator's stays in memory for the next one.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
  };
  const openChats = counters?.openChats;

  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        {t('shell.skip')}
      </a>
      <header className="topbar">
        <span className="brand">{t('shell.brand')}</span>
        {openChats !== undefined && (
          <span className="live-chip">{t('shell.openChats', { count: openChats })}</span>
        )}
        <span className="operator">
          {t('shell.signedInAs', { name: operator.username, role: t(`roles.${operator.role}`) })}
        </span>
        <LanguageSwitch />
        <button type="button" onClick={() => void signOut()}>
          {t('shell.signOut')}
        </button>
      </header>
      <nav className="sidenav" aria-label={t('shell.navigation')}>
        <ul>
          {SECTIONS.filter((section) => can(section.permission)).map((section) => {
            const badge = section.counter ? counters?.[section.counter] : undefined;
            return (
              <li key={section.path}>
                <NavLink to={section.path} end={section.path === '/'}>
                  {t(section.label)}
                  {badge !== undefined && badge > 0 && (
                    <span className="badge" aria-label={t('shell.waiting', { count: badge })}>
                      {count(badge)}
                    </span>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
