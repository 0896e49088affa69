/**
 * The one place that enforces the contract route map's access rules and screen flags: a screen
 * whose flag is off goes home (for visitors too), a visitor is sent to login (or home where the
 * map says so; login then returns to the screen), and a trial account is offered registration on screens for registered members.
 * Screens never check the session for this themselves.
 */
import { isAgent, isGuest } from '@khela/contract/members';
import type { RouteInfo } from '@khela/contract/routes';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { Spinner } from '../components/spinner';
import { paths } from '../config/paths';
import { flagOn, useSystemStatus } from '../features/system/api/get-system-status';
import type { LoginReturn } from '../lib/login-return';
import { useMemberSession, useSessionStore } from '../lib/session-store';
import styles from './routes/screens.module.css';

/**
 * What a trial account sees on a screen for registered members: that it is a trial account and
 * why the screen is closed to it (the cashier says it cannot deposit).
 */
export function GuestPrompt({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.placeholder} aria-labelledby="guest-prompt-title">
      <h2 id="guest-prompt-title">{t('guestPrompt.title')}</h2>
      <p>{message ?? t('guestPrompt.body')}</p>
      <Link to={paths.register}>{t('guestPrompt.register')}</Link>
    </section>
  );
}

/** An agents' screen (its route admits members): anyone else is told it is for agents only. */
export function AgentsOnly({ children }: { children: (token: string) => ReactNode }) {
  const { t } = useTranslation();
  const session = useMemberSession();
  if (!isAgent(session.type)) {
    return (
      <section className={styles.placeholder}>
        <p>{t('agent.agentsOnly')}</p>
      </section>
    );
  }
  return children(session.token);
}

export function RouteGuard({ route, Screen }: { route: RouteInfo; Screen: ComponentType }) {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  const location = useLocation();
  const status = useSystemStatus();
  if (route.flag) {
    if (status.isPending) return <Spinner label={t('common.loading')} block />;
    if (!flagOn(status.data, route.flag)) return <Navigate to={paths.home} replace />;
  }
  if (route.access && !session) {
    if (route.visitorTo === 'home') return <Navigate to={paths.home} replace />;
    // Login takes the place of this screen and comes back to it once the visitor logs in.
    const state: LoginReturn = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (route.access === 'realMember' && session && isGuest(session.type)) {
    const onCashier = route.path === paths.deposit;
    return <GuestPrompt message={onCashier ? t('guestPrompt.deposit') : undefined} />;
  }
  return <Screen />;
}
