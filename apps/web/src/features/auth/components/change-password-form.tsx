/**
 * Change password (spec §2, §4, §5): old, new and confirmation; the button waits until all three
 * are filled. A new password equal to the old one gets the same_password popup. On success: a
 * saved message, the remembered login's device token replaced (the change revoked the old one),
 * and home after SAVED_REDIRECT_MS. The server ends the member's other sessions.
 */
import { SAVED_REDIRECT_MS } from '@khela/contract/constants';
import { CLIENT_MESSAGES } from '@khela/contract/errors';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';
import { showLoading, showToast } from '../../../lib/notify';
import { changePassword } from '../api/password';
import { useForm } from '../hooks/use-form';
import { errorCodeOf, mapFieldErrors, messageOf } from '../utils/api-errors';
import { readRememberedLogin, replaceDeviceToken } from '../utils/remembered-login';
import {
  confirmPasswordRule,
  loginPasswordRule,
  passwordRule,
  type PasswordBounds,
} from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { SamePasswordDialog } from './same-password-dialog';
import { ConfirmPasswordField, NewPasswordField, PasswordField } from './text-field';

type Field = 'oldPassword' | 'newPassword' | 'confirm';
const ORDER: readonly Field[] = ['oldPassword', 'newPassword', 'confirm'];

export function ChangePasswordForm({
  userName,
  passwordBounds,
}: {
  userName: string;
  passwordBounds?: PasswordBounds;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [samePassword, setSamePassword] = useState(false);
  const form = useForm<Field>(
    { oldPassword: '', newPassword: '', confirm: '' },
    (values, lang) => ({
      oldPassword: loginPasswordRule(values.oldPassword, lang),
      newPassword: passwordRule(values.newPassword, lang, passwordBounds),
      confirm: confirmPasswordRule(values.confirm, values.newPassword, lang),
    }),
  );
  const { values } = form;
  const allFilled = ORDER.every((name) => values[name] !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !allFilled || form.submit(ORDER)) return;
    if (values.newPassword === values.oldPassword) {
      setSamePassword(true);
      return;
    }
    const saved = readRememberedLogin();
    const remembered =
      saved?.method === 'username' && saved.username.toLowerCase() === userName.toLowerCase();
    setPending(true);
    const hide = showLoading(CLIENT_MESSAGES.pleaseWait[language]);
    try {
      const result = await changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirm,
        rememberMe: remembered,
      });
      hide();
      // The change revoked every device token: keep the new one (or none).
      replaceDeviceToken(userName, result.deviceToken);
      showToast(t('auth.passwordSaved'), 'success', SAVED_REDIRECT_MS);
      setTimeout(() => void navigate(paths.home, { replace: true }), SAVED_REDIRECT_MS);
    } catch (error) {
      hide();
      setPending(false);
      const code = errorCodeOf(error);
      if (code === 'modify.new.old.same') {
        setSamePassword(true);
        return;
      }
      if (code === 'login.invalidCredentials') {
        form.setServerErrors({ oldPassword: [messageOf(error, language)] }, ['oldPassword']);
        return;
      }
      const fields = mapFieldErrors(error, {
        oldPassword: 'oldPassword' as const,
        newPassword: 'newPassword' as const,
        confirmNewPassword: 'confirm' as const,
      });
      if (Object.keys(fields).length > 0) form.setServerErrors(fields, ORDER);
      else showToast(messageOf(error, language), 'error');
    }
  };

  return (
    <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
      <PasswordField
        {...form.bind('oldPassword')}
        label={t('auth.oldPassword')}
        toggleLabel={t('auth.showOldPassword')}
        autoComplete="current-password"
      />
      <NewPasswordField {...form.bind('newPassword')} />
      <ConfirmPasswordField {...form.bind('confirm')} />
      <button type="submit" className={styles.primary} disabled={!allFilled || pending}>
        {t('auth.savePassword')}
      </button>
      <SamePasswordDialog open={samePassword} onClose={() => setSamePassword(false)} />
    </form>
  );
}
