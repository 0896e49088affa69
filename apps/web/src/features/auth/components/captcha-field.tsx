/**
 * The captcha: digits only and the picture beside it; tapping the picture loads a new one. On
 * login and registration it takes at most 6 digits; elsewhere (`hinted`: the security check
 * before an SMS code) the spec's hint says 1–16 digits, and the field takes as many. The form
 * owns the value; `useCaptcha` owns the picture.
 */
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../hooks/use-form';
import type { Captcha } from '../hooks/use-captcha';
import { digitsOnly, LIMITS } from '../utils/rules';
import styles from './form.module.css';
import { TextField } from './text-field';

export function CaptchaField({
  field,
  captcha,
  hinted = false,
}: {
  field: BoundField;
  captcha: Captcha;
  hinted?: boolean;
}) {
  const { t } = useTranslation();
  const max = hinted ? LIMITS.captchaHint : LIMITS.captcha;
  return (
    <TextField
      {...field}
      label={t('auth.captcha')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={max}
      hint={hinted ? t('auth.captchaHint', { max: LIMITS.captchaHint }) : undefined}
      clean={(value) => digitsOnly(value, max)}
      trailing={
        <button
          type="button"
          className={styles.captchaImage}
          aria-label={t('auth.newCaptcha')}
          onClick={() => void captcha.reload()}
        >
          {captcha.captcha ? (
            <img src={captcha.captcha.image} alt="" />
          ) : (
            captcha.failed && <span>{t('auth.captchaFailed')}</span>
          )}
        </button>
      }
    />
  );
}
