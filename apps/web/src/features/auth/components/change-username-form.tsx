/**
 * The member's one change of username (a mobile sign-up's generated name, usually), on the
 * account screen: the new name is checked by the registration rule, a taken one is marked on
 * the field, and once the change is used the section says so instead of offering the form. A
 * retry of the same name sends the same Idempotency-Key, so it can never count twice.
 */
import { checkRegistrationField, ruleMessage } from '@khela/contract/accounts';
import { CLIENT_MESSAGES } from '@khela/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/i18n';
import { showLoading, showToast } from '../../../lib/notify';
import { registrationSettingsQueryOptions } from '../api/registration';
import { changeUsername } from '../api/username';
import { useForm } from '../hooks/use-form';
import { errorCodeOf, mapFieldErrors, messageOf } from '../utils/api-errors';
import { renameRememberedLogin } from '../utils/remembered-login';
import { requiredRule } from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { TextField } from './text-field';

export function ChangeUsernameForm({
  userName,
  canChange,
  onChanged,
}: {
  userName: string;
  canChange: boolean;
  /** The change is made: the app shows the new name everywhere. */
  onChanged: (userName: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rule = useQuery(registrationSettingsQueryOptions()).data?.fields.username;
  const [used, setUsed] = useState(!canChange);
  const [pending, setPending] = useState(false);
  const attempt = useRef<{ name: string; key: string } | null>(null);
  const form = useForm<'username'>({ username: '' }, (values, lang) => ({
    username: rule
      ? checkRegistrationField('username', values.username.trim().toLowerCase(), {
          ...rule,
          enabled: true,
          required: true,
        }).map((problem) => ruleMessage(problem.key, lang, problem.arg))
      : requiredRule(values.username, lang),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || form.submit(['username'])) return;
    const name = form.values.username.trim().toLowerCase();
    if (attempt.current?.name !== name) attempt.current = { name, key: newIdempotencyKey() };
    setPending(true);
    const hide = showLoading(CLIENT_MESSAGES.pleaseWait[language]);
    try {
      const result = await changeUsername(name, attempt.current.key);
      renameRememberedLogin(userName, result.userName);
      setUsed(true);
      onChanged(result.userName);
      showToast(t('auth.usernameSaved', { name: result.userName }), 'success');
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'member.usernameChangeUsed') setUsed(true);
      const fields = mapFieldErrors(error, { username: 'username' as const });
      if (code === 'member.usernameTaken') {
        form.setServerErrors({ username: [messageOf(error, language)] }, ['username']);
      } else if (fields.username) form.setServerErrors(fields, ['username']);
      else showToast(messageOf(error, language), 'error');
    } finally {
      hide();
      setPending(false);
    }
  };

  return (
    <section className={formStyles.card} aria-labelledby="change-username-title">
      <h2 id="change-username-title" className={formStyles.title}>
        {t('auth.changeUsername')}
      </h2>
      {used ? (
        <p className={styles.note}>{t('auth.usernameChangeUsed')}</p>
      ) : (
        <form className={formStyles.form} noValidate onSubmit={(event) => void submit(event)}>
          <p className={formStyles.muted}>{t('auth.changeUsernameOnce')}</p>
          <TextField
            {...form.bind('username')}
            label={t('auth.newUsername')}
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={rule?.max ?? 64}
          />
          <button type="submit" className={styles.primary} disabled={pending}>
            {t('auth.saveUsername')}
          </button>
        </form>
      )}
    </section>
  );
}
