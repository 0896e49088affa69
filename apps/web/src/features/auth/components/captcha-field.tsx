/**
 * The captcha: digits only (at most 6) and the picture beside it; tapping the picture loads a new
 * one. The form owns the value; `useCaptcha` owns the picture.
 */
import { useTranslation } from 'react-i18next';
import type { BoundField } from '../hooks/use-form';
import type { Captcha } from '../hooks/use-captcha';
import { digitsOnly, LIMITS } from '../utils/rules';
import styles from './form.module.css';
import { TextField } from './text-field';

export function CaptchaField({ field, captcha }: { field: BoundField; captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <TextField
      {...field}
      label={t('auth.captcha')}
      inputMode="numeric"
      autoComplete="off"
      maxLength={LIMITS.captcha}
      clean={(value) => digitsOnly(value, LIMITS.captcha)}
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
