/**
 * The sign-ins linked to the member (Google, Facebook, Telegram), a section of the security
 * centre: each with its (masked) e-mail and when it was linked; Unlink asks for the login
 * password first. The last one of a member who never set a password cannot be unlinked (the
 * server refuses too): they could not log in any more.
 */
import { formatDate } from '@khela/contract/date';
import type { LinkedIdentity } from '@khela/contract/social-login';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import '../strings';
import { QueryState } from '../../../components/load-state';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import { linkedSignInsQueryKey, linkedSignInsQueryOptions, unlinkSignIn } from '../api/security';
import formStyles from '../../../components/form.module.css';
import styles from './security.module.css';

export function LinkedSignIns({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const linked = useQuery(linkedSignInsQueryOptions(token));
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('security.linkedTitle')}
      </h2>
      <p className={formStyles.muted}>{t('security.linkedIntro')}</p>
      {linked.isPending || linked.isError ? (
        <QueryState query={linked} loading={<Spinner label={t('common.loading')} />} />
      ) : linked.data.list.length === 0 ? (
        <p className={formStyles.muted}>{t('security.linkedNone')}</p>
      ) : (
        <ul className={formStyles.list} aria-label={t('security.linkedTitle')}>
          {linked.data.list.map((identity) => (
            <LinkedItem
              key={identity.provider}
              identity={identity}
              locked={!linked.data.passwordSet && linked.data.list.length === 1}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkedItem({ identity, locked }: { identity: LinkedIdentity; locked: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const provider = t(`security.provider_${identity.provider}`);
  const unlink = useMutation({
    meta: { silent: true },
    mutationFn: () => unlinkSignIn(identity.provider, password),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(t('security.unlinkConfirm', { provider }));
      return;
    }
    try {
      await unlink.mutateAsync();
      showToast(t('security.unlinked', { provider }), 'success');
      await queryClient.invalidateQueries({ queryKey: linkedSignInsQueryKey });
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.errorCode === 'social.identityNotFound') {
        await queryClient.invalidateQueries({ queryKey: linkedSignInsQueryKey });
        return;
      }
      setError(caught.message);
    }
  };

  return (
    <li className={formStyles.stackedItem}>
      <div className={formStyles.itemMain}>
        <span className={styles.strong}>{provider}</span>
        {identity.email && <span className={formStyles.muted}>{identity.email}</span>}
        <span className={formStyles.muted}>
          {t('security.linkedSince', {
            time: formatDate(identity.linkedAt, 'dateTime', language),
          })}
        </span>
      </div>
      {locked ? (
        <p className={formStyles.muted}>{t('security.lastSignIn')}</p>
      ) : confirming ? (
        <form className={formStyles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
          <p className={formStyles.muted}>{t('security.unlinkConfirm', { provider })}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-password`} className={formStyles.label}>
              {t('security.unlinkPassword')}
            </label>
            <input
              id={`${id}-password`}
              className={formStyles.input}
              type="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setError('');
              }}
            />
            {error && (
              <p id={`${id}-error`} className={formStyles.error}>
                {error}
              </p>
            )}
          </div>
          <button type="submit" className={formStyles.primary} disabled={unlink.isPending}>
            {t('security.unlinkSubmit')}
          </button>
          <button
            type="button"
            className={formStyles.small}
            onClick={() => {
              setConfirming(false);
              setPassword('');
              setError('');
            }}
          >
            {t('security.unlinkCancel')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className={formStyles.small}
          aria-label={t('security.unlinkLabel', { provider })}
          onClick={() => setConfirming(true)}
        >
          {t('security.unlink')}
        </button>
      )}
    </li>
  );
}
