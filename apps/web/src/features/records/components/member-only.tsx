/**
 * The records screens need a real member: without a session the player goes to login (spec §6);
 * a trial account is offered registration instead.
 */
import { isGuest } from '@khela/contract/members';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useSessionStore } from '../../../lib/session-store';
import styles from './records.module.css';

export function MemberOnly({ children }: { children: (token: string) => ReactNode }) {
  const { t } = useTranslation();
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={paths.login} replace />;
  if (isGuest(session.type)) {
    return (
      <div className={styles.screen}>
        <p className={styles.empty}>{t('guestPrompt.body')}</p>
        <Link to={paths.register}>{t('guestPrompt.register')}</Link>
      </div>
    );
  }
  return children(session.token);
}
