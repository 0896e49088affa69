/**
 * Forgot password (spec §2 variant a, §4, §8): with CHNGPASSVERIF3 on, a switch between the
 * mobile method (default) and the e-mail method; otherwise e-mail only. The e-mail link leads back
 * here with ?resetToken=…, which shows the new-password form. A reset by phone or by link logs
 * the player in with the new password.
 */
import { EMAIL_RECOVERY_SUCCESS_MS, LOADING_MS, TOAST_MS } from '@khela/contract/constants';
import { CLIENT_MESSAGES } from '@khela/contract/errors';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { showLoading, showToast } from '../../../lib/notify';
import {
  forgetPasswordByEmail,
  resetPasswordByEmailToken,
  setPasswordByPhone,
} from '../api/password';
import { login } from '../api/session';
import { useForm } from '../hooks/use-form';
import { useStartSession } from '../hooks/use-start-session';
import { errorCodeOf, mapFieldErrors, messageOf } from '../utils/api-errors';
import {
  BANGLADESH_DIALING_CODE,
  confirmPasswordRule,
  emailRule,
  LIMITS,
  loginUsernameRule,
  mobileRule,
  passwordRule,
  smsCodeRule,
  type PasswordBounds,
} from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { MethodTabs } from './method-tabs';
import { MobileField } from './mobile-field';
import { SamePasswordDialog } from './same-password-dialog';
import { FormSmsCodeField } from './sms-code-field';
import { ConfirmPasswordField, NewPasswordField, TextField, UsernameField } from './text-field';

type Method = 'mobile' | 'email';

export function ForgetPassword({
  phoneEnabled,
  resetToken,
  passwordBounds,
}: {
  /** CHNGPASSVERIF3 */
  phoneEnabled: boolean;
  resetToken?: string | null;
  passwordBounds?: PasswordBounds;
}) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>(phoneEnabled ? 'mobile' : 'email');

  if (resetToken) return <ResetLinkForm resetToken={resetToken} bounds={passwordBounds} />;
  if (!phoneEnabled) return <EmailRecoveryForm />;
  return (
    <MethodTabs
      label={t('auth.recoveryMethods')}
      value={method}
      onChange={setMethod}
      tabs={[
        { value: 'mobile', label: t('auth.byMobile') },
        { value: 'email', label: t('auth.byEmail') },
      ]}
    >
      {method === 'mobile' ? <PhoneResetForm bounds={passwordBounds} /> : <EmailRecoveryForm />}
    </MethodTabs>
  );
}

/** Logs in with the username the reset answered and the new password, as the spec asks. */
function useLoginAfterReset() {
  const startSession = useStartSession();
  const navigate = useNavigate();
  const language = useLanguage();
  return async (userName: string, password: string) => {
    try {
      startSession(await login({ type: 'username', username: userName, password }));
    } catch (error) {
      // The password is set; if the login itself needs more (a captcha), the login screen asks.
      showToast(messageOf(error, language), 'error');
      void navigate(paths.login, { replace: true });
    }
  };
}

function EmailRecoveryForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const form = useForm({ username: '', email: '' }, (values, lang) => ({
    username: loginUsernameRule(values.username, lang),
    email: emailRule(values.email, lang),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['username', 'email'])) return;
    setPending(true);
    const hide = showLoading(CLIENT_MESSAGES.pleaseWait[language], LOADING_MS.untilDone);
    try {
      await forgetPasswordByEmail(form.values.username, form.values.email);
      hide();
      showToast(t('auth.emailSent'), 'success', EMAIL_RECOVERY_SUCCESS_MS);
      setTimeout(() => {
        if (location.key === 'default') void navigate(paths.login, { replace: true });
        else void navigate(-1);
      }, EMAIL_RECOVERY_SUCCESS_MS);
    } catch (error) {
      hide();
      setPending(false);
      showToast(messageOf(error, language), 'error');
    }
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{t('auth.emailIntro')}</p>
      <UsernameField {...form.bind('username')} />
      <TextField
        {...form.bind('email')}
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={LIMITS.email}
      />
      <button type="submit" className={styles.primary} disabled={pending || form.hasErrors()}>
        {t('auth.retrievePassword')}
      </button>
    </form>
  );
}

function PhoneResetForm({ bounds }: { bounds?: PasswordBounds }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const loginAfterReset = useLoginAfterReset();
  const [dialingCode, setDialingCode] = useState(BANGLADESH_DIALING_CODE);
  const [pending, setPending] = useState(false);
  const [samePassword, setSamePassword] = useState(false);
  const form = useForm({ mobile: '', smsCode: '', newPassword: '' }, (values, lang) => ({
    mobile: mobileRule(values.mobile, dialingCode, lang),
    smsCode: smsCodeRule(values.smsCode, lang),
    newPassword: passwordRule(values.newPassword, lang, bounds),
  }));
  const { values } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['mobile', 'smsCode', 'newPassword'])) return;
    setPending(true);
    try {
      const { userName } = await setPasswordByPhone({
        newPassword: values.newPassword,
        mobileNum: values.mobile,
        countryDialingCode: dialingCode,
        verificationCode: values.smsCode,
      });
      await loginAfterReset(userName, values.newPassword);
    } catch (error) {
      setPending(false);
      if (errorCodeOf(error) === 'modify.new.old.same') {
        form.clear('newPassword');
        setSamePassword(true);
        return;
      }
      // Any other failure spends the code.
      form.clear('smsCode');
      const fields = mapFieldErrors(error, {
        mobileNum: 'mobile' as const,
        verificationCode: 'smsCode' as const,
        newPassword: 'newPassword' as const,
      });
      if (errorCodeOf(error) === 'verification.codeError') {
        form.setServerErrors({ smsCode: [messageOf(error, language)] }, ['smsCode']);
      } else if (Object.keys(fields).length > 0) {
        form.setServerErrors(fields, ['mobile', 'smsCode', 'newPassword']);
      } else {
        showToast(messageOf(error, language), 'error', TOAST_MS.short);
      }
    }
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{t('auth.phoneIntro')}</p>
      <MobileField
        mobile={form.bind('mobile')}
        dialingCode={dialingCode}
        onDialingCodeChange={setDialingCode}
      />
      <FormSmsCodeField
        form={form}
        code="smsCode"
        mobile="mobile"
        dialingCode={dialingCode}
        module="CHNGPASSVERIF3"
      />
      <NewPasswordField {...form.bind('newPassword')} />
      <button
        type="submit"
        className={styles.primary}
        disabled={pending || !form.touchedAny || form.hasErrors()}
      >
        {t('auth.resetPassword')}
      </button>
      <SamePasswordDialog open={samePassword} onClose={() => setSamePassword(false)} />
    </form>
  );
}

function ResetLinkForm({ resetToken, bounds }: { resetToken: string; bounds?: PasswordBounds }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const loginAfterReset = useLoginAfterReset();
  const [pending, setPending] = useState(false);
  const [samePassword, setSamePassword] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState<string | null>(null);
  const form = useForm({ newPassword: '', confirm: '' }, (values, lang) => ({
    newPassword: passwordRule(values.newPassword, lang, bounds),
    confirm: confirmPasswordRule(values.confirm, values.newPassword, lang),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['newPassword', 'confirm'])) return;
    setPending(true);
    try {
      const { userName } = await resetPasswordByEmailToken(resetToken, form.values.newPassword);
      await loginAfterReset(userName, form.values.newPassword);
    } catch (error) {
      setPending(false);
      const code = errorCodeOf(error);
      if (code === 'modify.new.old.same') {
        form.clear('newPassword', 'confirm');
        setSamePassword(true);
      } else if (code === 'reset.invalid') {
        setLinkInvalid(messageOf(error, language));
      } else {
        const fields = mapFieldErrors(error, { newPassword: 'newPassword' as const });
        if (fields.newPassword) form.setServerErrors(fields, ['newPassword']);
        else showToast(messageOf(error, language), 'error', TOAST_MS.short);
      }
    }
  };

  if (linkInvalid) {
    return (
      <div className={formStyles.form}>
        <p role="alert" className={styles.note}>
          {linkInvalid}
        </p>
        <Link to={paths.forget} replace className={styles.secondary}>
          {t('auth.forgotPassword')}
        </Link>
      </div>
    );
  }

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <p className={styles.intro}>{t('auth.resetLinkIntro')}</p>
      <NewPasswordField {...form.bind('newPassword')} />
      <ConfirmPasswordField {...form.bind('confirm')} />
      <button type="submit" className={styles.primary} disabled={pending}>
        {t('auth.setNewPassword')}
      </button>
      <SamePasswordDialog open={samePassword} onClose={() => setSamePassword(false)} />
    </form>
  );
}
