/**
 * The reality check: every N minutes of session time (counted from login, as the server knows
 * it) a dialog tells the player how long they have been logged in and their net result of play
 * since then, with Continue and Log out. Mounted once in the shell for a logged-in member.
 */
import { REALITY_CHECK_MINUTES } from '@khela/contract/protection';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { useSessionStore } from '../../../lib/session-store';
import { logOut, protectionQueryOptions } from '../api/protection';
import { formatDuration, formatMinor } from '../utils/format';
import formStyles from '../../../components/form.module.css';
import styles from './protection.module.css';
import { useLanguage } from '../../../lib/i18n';

/** When the next check falls due after `now`, for a session that started at `startedAt`. */
export function nextCheckAt(startedAt: number, minutes: number, now: number): number {
  const every = minutes * 60_000;
  const done = Math.max(0, Math.floor((now - startedAt) / every));
  return startedAt + (done + 1) * every;
}

export function RealityCheck() {
  const token = useSessionStore((state) => state.session?.token);
  const isGuest = useSessionStore((state) => {
    const type = state.session?.type;
    return type === 4 || type === 40;
  });
  if (!token || isGuest) return null;
  return <RealityCheckTimer token={token} />;
}

function RealityCheckTimer({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearSession = useSessionStore((state) => state.clearSession);
  const { data, refetch } = useQuery({
    ...protectionQueryOptions(token),
    meta: { silent: true },
  });
  const [shownAt, setShownAt] = useState<number | null>(null);

  const minutes = data?.realityCheckMinutes ?? null;
  const startedAt = data ? Date.parse(data.session.startedAt) : null;
  const restricted = data?.session.restricted ?? false;

  useEffect(() => {
    if (minutes === null || startedAt === null || restricted || shownAt !== null) return;
    if (!(REALITY_CHECK_MINUTES as readonly number[]).includes(minutes)) return;
    const due = nextCheckAt(startedAt, minutes, Date.now());
    const timer = window.setTimeout(() => {
      setShownAt(Date.now());
      // The net result as it is now.
      void refetch();
    }, due - Date.now());
    return () => window.clearTimeout(timer);
  }, [minutes, startedAt, restricted, shownAt, refetch]);

  if (shownAt === null || startedAt === null || !data) return null;

  const leave = async () => {
    try {
      await logOut();
    } finally {
      clearSession();
      queryClient.removeQueries();
      void navigate('/m/login', { replace: true });
    }
  };

  return (
    <Dialog open onClose={() => setShownAt(null)} title={t('protection.realityTitle')}>
      <div className={`${formStyles.screen} ${styles.section}`}>
        <p>{t('protection.realityTime', { duration: formatDuration(shownAt - startedAt, t) })}</p>
        <p>
          {t('protection.realityNet', {
            amount: formatMinor(data.session.netResultMinor, language),
          })}
        </p>
        <div className={styles.actions}>
          <button type="button" className={formStyles.secondary} onClick={() => void leave()}>
            {t('protection.logOut')}
          </button>
          <button type="button" className={formStyles.primary} onClick={() => setShownAt(null)}>
            {t('protection.continue')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
