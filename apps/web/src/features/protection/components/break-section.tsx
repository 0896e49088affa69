/**
 * Time-out and self-exclusion: pick a length, confirm with the login password in a dialog. The
 * server ends every session at once; the player is logged out here and told when it ends.
 */
import { formatDate } from '@khela/contract/date';
import {
  breakEnd,
  SELF_EXCLUSION_DURATIONS,
  TIMEOUT_DURATIONS,
  type BreakDuration,
  type Exclusion,
} from '@khela/contract/protection';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import formStyles from '../../../components/form.module.css';
import styles from './protection.module.css';

type Kind = 'timeout' | 'self-exclusion';

interface BreakSectionProps {
  onConfirm: (kind: Kind, duration: BreakDuration, password: string) => Promise<Exclusion>;
}

export function BreakSection({ onConfirm }: BreakSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [timeout, setTimeoutChoice] = useState<BreakDuration>('1d');
  const [exclusion, setExclusion] = useState<BreakDuration>('6m');
  const [asking, setAsking] = useState<{ kind: Kind; duration: BreakDuration } | null>(null);

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className={formStyles.title}>
        {t('protection.breakHeading')}
      </h3>
      <p className={formStyles.muted}>{t('protection.breakIntro')}</p>
      <BreakChoice
        id={`${id}-timeout`}
        label={t('protection.timeoutLabel')}
        durations={TIMEOUT_DURATIONS}
        value={timeout}
        onChange={setTimeoutChoice}
        action={t('protection.takeTimeout')}
        onAct={() => setAsking({ kind: 'timeout', duration: timeout })}
      />
      <BreakChoice
        id={`${id}-exclusion`}
        label={t('protection.selfExclusionLabel')}
        durations={SELF_EXCLUSION_DURATIONS}
        value={exclusion}
        onChange={setExclusion}
        action={t('protection.selfExclude')}
        onAct={() => setAsking({ kind: 'self-exclusion', duration: exclusion })}
      />
      {asking && (
        <ConfirmBreakDialog
          duration={asking.duration}
          onCancel={() => setAsking(null)}
          onConfirm={(password) => onConfirm(asking.kind, asking.duration, password)}
        />
      )}
    </section>
  );
}

/** A length to choose and the button that asks to confirm a break of that length. */
function BreakChoice({
  id,
  label,
  durations,
  value,
  onChange,
  action,
  onAct,
}: {
  id: string;
  label: string;
  durations: readonly BreakDuration[];
  value: BreakDuration;
  onChange: (duration: BreakDuration) => void;
  action: string;
  onAct: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <div className={formStyles.field}>
        <label htmlFor={id} className={formStyles.label}>
          {label}
        </label>
        <select
          id={id}
          className={formStyles.input}
          value={value}
          onChange={(event) => onChange(event.target.value as BreakDuration)}
        >
          {durations.map((d) => (
            <option key={d} value={d}>
              {t(`protection.duration_${d}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className={formStyles.secondary} onClick={onAct}>
        {action}
      </button>
    </div>
  );
}

function ConfirmBreakDialog({
  duration,
  onCancel,
  onConfirm,
}: {
  duration: BreakDuration;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || pending) return;
    setPending(true);
    setError(null);
    try {
      await onConfirm(password);
    } catch (failure) {
      setPending(false);
      const fields = failure instanceof ApiError ? failure.data?.fields : undefined;
      const message =
        fields && typeof fields === 'object' && 'password' in fields
          ? String((fields as { password: string[] }).password[0])
          : failure instanceof Error
            ? failure.message
            : '';
      setError(message);
    }
  };

  return (
    <Dialog open onClose={onCancel} title={t('protection.confirmTitle')}>
      <form
        className={`${formStyles.screen} ${styles.section}`}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <p>
          {t('protection.confirmBody', {
            time: formatDate(breakEnd(new Date(), duration), 'dateTime', language),
          })}
        </p>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-password`} className={formStyles.label}>
            {t('protection.password')}
          </label>
          <input
            id={`${id}-password`}
            type="password"
            className={formStyles.input}
            autoComplete="current-password"
            value={password}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className={formStyles.error}>
              {error}
            </p>
          )}
        </div>
        <div className={styles.actions}>
          <button type="button" className={formStyles.secondary} onClick={onCancel}>
            {t('protection.cancel')}
          </button>
          <button type="submit" className={formStyles.primary} disabled={!password || pending}>
            {t('protection.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
