/**
 * The member's live sessions, a section of the security centre: "This device" on the caller's,
 * End on each, and End all other sessions. Ending this device's session logs out here at once.
 */
import { QueryState } from '../../../components/load-state';
import { formatDate } from '@khela/contract/date';
import '../strings';
import type { ActiveSession } from '@khela/contract/security';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import {
  endOtherSessions,
  endSession,
  securityQueryKey,
  securityQueryOptions,
} from '../api/security';
import { deviceName } from '../utils/device-name';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function ActiveSessions({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const summary = useQuery(securityQueryOptions(token));
  const endOthers = useMutation({ meta: { silent: true }, mutationFn: endOtherSessions });
  const others = summary.data?.sessions.filter((session) => !session.current) ?? [];

  const onEndOthers = async () => {
    try {
      const result = await endOthers.mutateAsync();
      showToast(t('security.othersEnded', { count: result.ended }), 'success');
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      showToast(caught.message, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: securityQueryKey });
  };

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.sessionsTitle')}
      </h2>
      <p className={formStyles.muted}>{t('security.sessionsIntro')}</p>
      {summary.isPending || summary.isError ? (
        <QueryState query={summary} loading={<Spinner label={t('common.loading')} />} />
      ) : (
        <>
          <ul className={formStyles.list} aria-label={t('security.sessionsTitle')}>
            {summary.data.sessions.map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className={formStyles.muted}>{t('security.noOthers')}</p>
          ) : (
            <button
              type="button"
              className={formStyles.secondary}
              disabled={endOthers.isPending}
              onClick={() => void onEndOthers()}
            >
              {t('security.endOthers')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

function SessionItem({ session }: { session: ActiveSession }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const clearSession = useSessionStore((state) => state.clearSession);
  const end = useMutation({ meta: { silent: true }, mutationFn: () => endSession(session.id) });
  const device = deviceName(session.device, t);

  const onEnd = async () => {
    try {
      const result = await end.mutateAsync();
      if (result.currentEnded) {
        showToast(t('security.endedHere'), 'info');
        // The login screen says why the player is there.
        clearSession('endedElsewhere');
        queryClient.removeQueries({ queryKey: securityQueryKey });
        await navigate(paths.login);
        return;
      }
      showToast(t('security.ended'), 'success');
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      // Already ended elsewhere: the list is refreshed below.
      if (caught.status !== 404) showToast(caught.message, 'error');
    }
    await queryClient.invalidateQueries({ queryKey: securityQueryKey });
  };

  const kind =
    session.kind === 'freeplay' || session.kind === 'restricted'
      ? t(`security.kind_${session.kind}`)
      : null;
  return (
    <li className={formStyles.item}>
      <div className={formStyles.itemMain}>
        <span className={styles.strong}>
          {device}
          {kind && ` · ${kind}`}
        </span>
        {session.current && <span className={styles.badge}>{t('security.thisDevice')}</span>}
        <span className={formStyles.muted}>
          {t('security.lastSeen', { time: formatDate(session.lastSeenAt, 'dateTime', language) })} ·{' '}
          {session.ip ?? t('security.ipUnknown')}
        </span>
        <span className={formStyles.muted}>
          {t('security.signedIn', { time: formatDate(session.createdAt, 'dateTime', language) })}
        </span>
      </div>
      <button
        type="button"
        className={formStyles.small}
        aria-label={session.current ? t('security.endThis') : t('security.endLabel', { device })}
        disabled={end.isPending}
        onClick={() => void onEnd()}
      >
        {t('security.end')}
      </button>
    </li>
  );
}
