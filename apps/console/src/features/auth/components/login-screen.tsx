/** Username, password and the six-digit code from the authenticator app. */
import { TotpCodeSchema } from '@khela/contract/backoffice/operators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { LanguageSwitch } from '../../../components/language-switch';
import { errorMessage } from '../../../lib/api';
import { login, SESSION_KEY } from '../api';

export function LoginScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    onSuccess: (session) => queryClient.setQueryData(SESSION_KEY, session),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!TotpCodeSchema.safeParse(totp).success) {
      setCodeError(t('login.codeInvalid'));
      return;
    }
    setCodeError(null);
    mutation.mutate({ username: username.trim().toLowerCase(), password, totp: totp.trim() });
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="auth-top">
          <h1 id="login-title">{t('login.title')}</h1>
          <LanguageSwitch />
        </div>
        <label className="field">
          <span>{t('login.username')}</span>
          <input
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('login.password')}</span>
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <Field label={t('login.code')} hint={t('login.codeHint')} error={codeError}>
          {(props) => (
            <input
              {...props}
              name="totp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={totp}
              onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        {mutation.error && (
          <p role="alert" className="form-error">
            {errorMessage(mutation.error)}
          </p>
        )}
        <button type="submit" className="primary" disabled={mutation.isPending}>
          {t('login.submit')}
        </button>
      </form>
    </main>
  );
}
