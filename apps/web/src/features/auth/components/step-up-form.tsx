/**
 * The login's code step (step-up on a new device, LOGINIPVERF3): the login was answered
 * login.stepUpRequired, a one-time code went to the member's mobile or e-mail (shown masked).
 * The player types it; a resend waits for its cooldown. Right: `onDone` gets the login's answer
 * (the session); a run-out ticket, or a burnt code with no resend left, goes back to login.
 */
import { ruleMessage, type LoginResult } from '@khela/contract/accounts';
import { TOAST_MS } from '@khela/contract/constants';
import { formatSeconds } from '@khela/contract/format';
import { STEP_UP, type StepUpChallenge, type StepUpChannel } from '@khela/contract/step-up';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { confirmStepUp, resendStepUp } from '../api/step-up';
import { useCountdown } from '../hooks/use-countdown';
import { useForm } from '../hooks/use-form';
import { errorCodeOf, messageOf, retryAfterSeconds } from '../utils/api-errors';
import { digitsOnly } from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { TextField } from './text-field';

export function StepUpForm({
  challenge: first,
  onDone,
  onCancel,
}: {
  challenge: StepUpChallenge;
  onDone: (result: LoginResult) => void;
  /** Back to the login form (the ticket is given up). */
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [challenge, setChallenge] = useState(first);
  const [pending, setPending] = useState(false);
  const [canResend, setCanResend] = useState(true);
  const cooldown = useCountdown();
  const { start } = cooldown;
  useEffect(() => start(challenge.resendAt), [start, challenge.resendAt]);

  const form = useForm({ code: '' }, (values, lang) => ({
    code:
      values.code === ''
        ? [ruleMessage('required', lang)]
        : values.code.length === STEP_UP.codeLength
          ? []
          : [t('auth.stepUpHint')],
  }));
  const { focus } = form;
  useEffect(() => focus('code'), [focus]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['code'])) return;
    setPending(true);
    try {
      onDone(await confirmStepUp(challenge.ticket, form.values.code));
    } catch (error) {
      setPending(false);
      const code = errorCodeOf(error);
      if (code === 'verification.codeError' && error instanceof ApiError) {
        const left = Number(error.data?.triesLeft ?? 0);
        const resendLeft = error.data?.canResend !== false;
        setCanResend(resendLeft);
        const message =
          left > 0
            ? t('auth.stepUpWrong', { count: left })
            : t(resendLeft ? 'auth.stepUpBurnt' : 'auth.stepUpBurntFinal');
        form.setServerErrors({ code: [message] }, ['code']);
        return;
      }
      if (code === 'login.stepUpExpired') {
        showToast(messageOf(error, language), 'error', TOAST_MS.short);
        onCancel();
        return;
      }
      showToast(messageOf(error, language), 'error', TOAST_MS.short);
    }
  };

  const resend = async (channel?: StepUpChannel) => {
    try {
      const next = await resendStepUp(challenge.ticket, channel);
      setChallenge(next);
      setCanResend(true);
      // A new code: the field starts over, without the old one's errors (a wrong code, or
      // "required" from leaving it empty to tap the resend).
      form.setValue('code', '');
      form.clear('code');
      showToast(
        channel
          ? t(`auth.stepUpSwitched_${next.channel}`, { destination: next.destination })
          : t('auth.stepUpResent'),
        'success',
        TOAST_MS.short,
      );
      focus('code');
    } catch (error) {
      const wait = retryAfterSeconds(error);
      if (wait) {
        start(Date.now() + wait * 1000);
        return;
      }
      showToast(messageOf(error, language), 'error', TOAST_MS.short);
      if (errorCodeOf(error) === 'login.stepUpExpired') onCancel();
    }
  };

  const counting = cooldown.seconds > 0;
  return (
    <form
      className={formStyles.form}
      noValidate
      aria-labelledby="step-up-title"
      onSubmit={(event) => void submit(event)}
    >
      <h2 id="step-up-title" className={formStyles.title}>
        {t('auth.stepUpTitle')}
      </h2>
      <p className={styles.intro}>
        {t(challenge.channel === 'sms' ? 'auth.stepUpIntro_sms' : 'auth.stepUpIntro_email', {
          destination: challenge.destination,
        })}
      </p>
      <TextField
        {...form.bind('code')}
        label={t('auth.stepUpCode')}
        hint={t('auth.stepUpHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={STEP_UP.codeLength}
        clean={(value) => digitsOnly(value, STEP_UP.codeLength)}
      />
      <button type="submit" className={styles.primary} disabled={pending}>
        {t('auth.stepUpConfirm')}
      </button>
      {canResend && (
        <button
          type="button"
          className={styles.secondary}
          disabled={counting}
          onClick={() => void resend()}
        >
          {counting
            ? t('auth.stepUpResendIn', { time: formatSeconds(cooldown.seconds, language) })
            : t('auth.stepUpResend')}
        </button>
      )}
      {challenge.alternative && canResend && (
        <button
          type="button"
          className={styles.secondary}
          onClick={() => void resend(challenge.alternative?.channel)}
        >
          {t(`auth.stepUpSwitch_${challenge.alternative.channel}`, {
            destination: challenge.alternative.destination,
          })}
        </button>
      )}
      <button type="button" className={styles.secondary} onClick={onCancel}>
        {t('auth.stepUpBack')}
      </button>
    </form>
  );
}
