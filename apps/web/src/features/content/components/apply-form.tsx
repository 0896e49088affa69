/**
 * Applying for a promotion with a remark of at most 140 characters (spec §5), with a counter.
 * Visitors are offered login; trial accounts are told to use a real account; a member who has
 * applied sees the application's status instead of the form.
 */
import { formatDate } from '@khela/contract/date';
import { INPUT_LIMITS } from '@khela/contract/constants';
import { isGuest } from '@khela/contract/members';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';
import { useApplyForPromotion, useMyApplications } from '../api/promotions';
import styles from './content.module.css';
import '../../../locales/content';
import { useLanguage } from '../../../lib/i18n';

const MAX = INPUT_LIMITS.activityRemarkMax;

export function ApplyForm({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const session = useSessionStore((state) => state.session);
  const applications = useMyApplications();
  const apply = useApplyForPromotion();
  const [remark, setRemark] = useState('');
  const headingId = useId();
  const hintId = useId();
  const countId = useId();
  const errorId = useId();

  const section = (children: ReactNode) => (
    <section className={styles.applyBox} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.applyTitle}>
        {t('content.applyTitle')}
      </h3>
      {children}
    </section>
  );

  if (!session) {
    return section(
      <Link to={paths.login} className={styles.primaryButton}>
        {t('content.loginToApply')}
      </Link>,
    );
  }
  if (isGuest(session.type)) return section(<p>{t('content.trialCannotApply')}</p>);

  // Just sent: say so (the refreshed list would otherwise replace the words at once).
  if (apply.isSuccess) return section(<p role="status">{t('content.applied')}</p>);
  const mine = applications.data?.find((application) => application.promotionId === promotionId);
  if (mine) {
    return section(
      <p role="status">
        {t('content.appliedStatus', {
          date: formatDate(mine.createdAt, 'date', language),
          status: t(`content.status_${mine.status}`),
        })}
      </p>,
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate({ promotionId, remark: remark.trim() });
  };
  const error = apply.error instanceof ApiError ? apply.error.message : null;
  const length = remark.length;

  return section(
    <form className={styles.applyForm} onSubmit={submit} noValidate>
      <label className={styles.label}>
        {t('content.remark')}
        <textarea
          className={styles.textarea}
          value={remark}
          maxLength={MAX}
          rows={3}
          aria-describedby={`${hintId} ${countId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setRemark(event.target.value.slice(0, MAX))}
        />
      </label>
      <span className={styles.hintRow}>
        <span id={hintId} className={styles.hint}>
          {t('content.remarkHint', { max: MAX })}
        </span>
        <span id={countId} className={styles.counter} aria-live="polite">
          {t('content.remarkCount', { count: length, max: MAX })}
        </span>
      </span>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <button type="submit" className={styles.primaryButton} disabled={apply.isPending}>
        {apply.isPending ? t('content.applying') : t('content.apply')}
      </button>
    </form>,
  );
}
