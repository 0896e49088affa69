/**
 * The one-time password given at creation or reset must be replaced before anything else: while
 * the session says `mustChangePassword`, this is the only screen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { errorMessage } from '../../../lib/api';
import { changePassword, logout, SESSION_KEY } from '../api';

export function ChangePasswordScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  });
  const signOut = async () => {
    await logout().catch(() => undefined);
    queryClient.setQueryData(SESSION_KEY, null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (next !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    mutation.mutate({ current, next });
  };

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="password-title">
        <h1 id="password-title">{t('password.title')}</h1>
        <p>{t('password.intro')}</p>
        <label className="field">
          <span>{t('password.current')}</span>
          <input
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </label>
        <label className="field">
          <span>{t('password.next')}</span>
          <input
            type="password"
            autoComplete="new-password"
            required
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </label>
        <Field label={t('password.confirm')} error={mismatch && t('password.mismatch')}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
          )}
        </Field>
        {mutation.error && (
          <p role="alert" className="form-error">
            {errorMessage(mutation.error)}
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {t('password.submit')}
          </button>
          <button type="button" onClick={() => void signOut()}>
            {t('shell.signOut')}
          </button>
        </div>
      </form>
    </main>
  );
}
