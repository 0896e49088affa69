/**
 * The SMS code with its request button. The mobile number must be valid first; then a captcha
 * check (a small dialog) runs before the code is sent. After a send the button counts the seconds
 * down to the code's expiry time, then offers a new code again.
 */
import type { SmsModule } from '@khela/contract/accounts';
import { TOAST_MS } from '@khela/contract/constants';
import { CLIENT_MESSAGES } from '@khela/contract/errors';
import { formatSeconds } from '@khela/contract/format';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { useLanguage } from '../../../lib/i18n';
import { showLoading, showToast } from '../../../lib/notify';
import { requestSmsCode } from '../api/sms';
import { useCaptcha } from '../hooks/use-captcha';
import { useCountdown } from '../hooks/use-countdown';
import { useForm, type BoundField, type FieldErrors, type Form } from '../hooks/use-form';
import { errorCodeOf, messageOf } from '../utils/api-errors';
import { captchaRule, digitsOnly, isValidMobile, LIMITS } from '../utils/rules';
import { CaptchaField } from './captcha-field';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { TextField } from './text-field';

/** Refusals that are about the number itself. */
const MOBILE_ERRORS: ReadonlySet<string> = new Set([
  'validation.mobileInvalid',
  'validation.mobileRequired',
  'member.mobileTaken',
]);

interface SmsTarget {
  module: SmsModule;
  mobileNum: string;
  countryDialingCode: string;
}

export function SmsCodeField({
  field,
  checkMobile,
  onMobileError,
  ...target
}: SmsTarget & {
  field: BoundField;
  /** Shows the mobile number's error and focuses it when it is not valid; true when it is. */
  checkMobile: () => boolean;
  /** The server refused the number (not valid, already registered): show it under the field. */
  onMobileError?: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const language = useLanguage();
  const countdown = useCountdown();
  const inputRef = useRef<HTMLInputElement>(null);
  const sent = useRef(false);

  // After a send, the code input takes focus (once the dialog has handed focus back).
  useEffect(() => {
    if (!asking && sent.current) {
      sent.current = false;
      inputRef.current?.focus();
    }
  }, [asking]);

  const counting = countdown.seconds > 0;
  return (
    <>
      <TextField
        {...field}
        inputRef={inputRef}
        label={t('auth.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.smsCode}
        clean={(value) => digitsOnly(value, LIMITS.smsCode)}
        trailing={
          <button
            type="button"
            className={styles.trailing}
            disabled={counting}
            onClick={() => {
              if (checkMobile()) setAsking(true);
            }}
          >
            {counting
              ? t('auth.getCodeIn', { time: formatSeconds(countdown.seconds, language) })
              : t('auth.getCode')}
          </button>
        }
      />
      {asking && (
        <SmsCaptchaDialog
          {...target}
          onClose={() => setAsking(false)}
          onMobileError={(message) => {
            setAsking(false);
            onMobileError?.(message);
          }}
          onSent={(expirationTime) => {
            countdown.start(expirationTime);
            sent.current = true;
            setAsking(false);
          }}
        />
      )}
    </>
  );
}

function SmsCaptchaDialog({
  module,
  mobileNum,
  countryDialingCode,
  onClose,
  onSent,
  onMobileError,
}: SmsTarget & {
  onClose: () => void;
  onSent: (expirationTime: number) => void;
  onMobileError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const captcha = useCaptcha(true);
  const form = useForm({ captcha: '' }, (values, lang) => ({
    captcha: captchaRule(values.captcha, lang),
  }));
  const [sending, setSending] = useState(false);
  const { focus } = form;

  // The dialog focuses its first control (close); the captcha is what the player came to type.
  useEffect(() => {
    focus('captcha');
  }, [focus]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (form.submit(['captcha']) || !captcha.captcha || sending) return;
    setSending(true);
    const hide = showLoading(CLIENT_MESSAGES.smsSending[language]);
    try {
      const { expirationTime } = await requestSmsCode(module, {
        mobileNum,
        countryDialingCode,
        captchaId: captcha.captcha.captchaId,
        captcha: form.values.captcha,
      });
      hide();
      showToast(CLIENT_MESSAGES.smsSent[language], 'success', TOAST_MS.default);
      onSent(expirationTime);
    } catch (error) {
      hide();
      setSending(false);
      const code = errorCodeOf(error);
      // A captcha is good for one check: whatever happened, this one is spent.
      form.clear('captcha');
      if (code === 'captcha.invalid' || code === 'validation.captchaRequired') {
        form.setServerErrors({ captcha: [messageOf(error, language)] }, ['captcha']);
        void captcha.reload();
        return;
      }
      if (MOBILE_ERRORS.has(code ?? '')) {
        onMobileError(messageOf(error, language));
        return;
      }
      showToast(messageOf(error, language), 'error');
      onClose();
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('auth.securityCheck')}>
      <form className={formStyles.form} noValidate onSubmit={(event) => void send(event)}>
        <p className={styles.intro}>{t('auth.securityCheckHint')}</p>
        <CaptchaField field={form.bind('captcha')} captcha={captcha} hinted />
        <button type="submit" className={styles.primary} disabled={sending}>
          {t('auth.sendCode')}
        </button>
      </form>
    </Dialog>
  );
}

/**
 * The SMS code field of a form that has the mobile number too: a send first checks the number
 * (shows its error and focuses it when it is not valid), and the server's refusal of the number
 * shows under that field.
 */
export function FormSmsCodeField<F extends string>({
  form,
  code,
  mobile,
  dialingCode,
  module,
}: {
  form: Form<F>;
  /** The form's field names of the code and of the number. */
  code: F;
  mobile: F;
  dialingCode: string;
  module: SmsModule;
}) {
  return (
    <SmsCodeField
      field={form.bind(code)}
      module={module}
      mobileNum={form.values[mobile]}
      countryDialingCode={dialingCode}
      checkMobile={() => {
        form.touch(mobile);
        const ok = isValidMobile(form.values[mobile], dialingCode);
        if (!ok) form.focus(mobile);
        return ok;
      }}
      onMobileError={(message) =>
        form.setServerErrors({ [mobile]: [message] } as FieldErrors<F>, [mobile])
      }
    />
  );
}
