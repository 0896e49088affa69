/**
 * The responsible-gaming section (security centre and /m/responsibleGaming): time since login,
 * the running break (for an excluded player's restricted session, what they can still do),
 * deposit and loss limits, breaks and the reality check.
 */
import { formatDate } from '@khela/contract/date';
import { REALITY_CHECK_MINUTES, type BreakDuration } from '@khela/contract/protection';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ApiError, isHandledGlobally } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { useSessionStore } from '../../../lib/session-store';
import {
  protectionQueryOptions,
  setDepositLimits,
  setLossLimits,
  setRealityCheck,
  takeBreak,
  useProtection,
} from '../api/protection';
import { BreakSection } from './break-section';
import { LimitsForm } from './limits-form';
import formStyles from '../../../components/form.module.css';
import styles from './protection.module.css';
import { SessionClock } from './session-clock';

function toastFailure(error: unknown) {
  if (error instanceof ApiError && !isHandledGlobally(error)) showToast(error.message, 'error');
}

export function ResponsibleGamingSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token);
  const clearSession = useSessionStore((state) => state.clearSession);
  const protection = useProtection(token);

  if (!token) return null;
  if (protection.isPending) return <Spinner label={t('common.loading')} />;
  if (!protection.data) {
    return (
      <p role="alert" className={formStyles.error}>
        {t('protection.loadFailed')}
      </p>
    );
  }
  const value = protection.data;
  const keep = (next: typeof value) =>
    queryClient.setQueryData(protectionQueryOptions(token).queryKey, next);

  const onBreak = async (
    kind: 'timeout' | 'self-exclusion',
    duration: BreakDuration,
    password: string,
  ) => {
    const { exclusion } = await takeBreak(kind, duration, password);
    // Every session has ended on the server: this one is gone too.
    if (!value.session.restricted) {
      await navigate('/m/login', { replace: true });
      clearSession();
      queryClient.removeQueries();
    } else {
      await queryClient.invalidateQueries({ queryKey: protectionQueryOptions(token).queryKey });
    }
    showToast(
      t('protection.breakStarted', { time: formatDate(exclusion.until, 'dateTime', language) }),
      'info',
    );
    return exclusion;
  };

  return (
    <section className={`${formStyles.screen} ${styles.section}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {t('protection.heading')}
      </h2>
      <SessionClock startedAt={value.session.startedAt} className={formStyles.muted} />
      {value.exclusion ? (
        <div className={formStyles.card} role="status">
          <p className={styles.notice}>
            {t(`protection.onBreak_${value.exclusion.kind}`, {
              time: formatDate(value.exclusion.until, 'dateTime', language),
            })}
          </p>
          {value.session.restricted && (
            <>
              <p className={formStyles.muted}>{t('protection.restrictedIntro')}</p>
              <div className={styles.links}>
                <Link className={styles.link} to="/m/withdraw">
                  {t('protection.withdraw')}
                </Link>
                <Link className={styles.link} to="/m/transaction/record">
                  {t('protection.records')}
                </Link>
              </div>
            </>
          )}
        </div>
      ) : (
        <p className={formStyles.muted}>{t('protection.intro')}</p>
      )}
      <LimitsForm
        kind="deposit"
        limits={value.depositLimits}
        onSave={async (body) => {
          try {
            keep(await setDepositLimits(body));
            showToast(t('protection.limitsSaved'), 'success');
          } catch (error) {
            toastFailure(error);
          }
        }}
      />
      <LimitsForm
        kind="loss"
        limits={value.lossLimits}
        onSave={async (body) => {
          try {
            keep(await setLossLimits(body));
            showToast(t('protection.lossLimitsSaved'), 'success');
          } catch (error) {
            toastFailure(error);
          }
        }}
      />
      <BreakSection onConfirm={onBreak} />
      <section className={formStyles.card} aria-labelledby={`${id}-reality`}>
        <h3 id={`${id}-reality`} className={formStyles.title}>
          {t('protection.realityHeading')}
        </h3>
        <p className={formStyles.muted}>{t('protection.realityIntro')}</p>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-reality-minutes`} className={formStyles.label}>
            {t('protection.realityLabel')}
          </label>
          <select
            id={`${id}-reality-minutes`}
            className={formStyles.input}
            value={value.realityCheckMinutes ?? ''}
            onChange={(event) => {
              const minutes = event.target.value === '' ? null : Number(event.target.value);
              setRealityCheck(minutes).then((next) => {
                keep(next);
                showToast(t('protection.realitySaved'), 'success');
              }, toastFailure);
            }}
          >
            <option value="">{t('protection.realityOff')}</option>
            {REALITY_CHECK_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('protection.realityMinutes', { minutes })}
              </option>
            ))}
          </select>
        </div>
      </section>
    </section>
  );
}
