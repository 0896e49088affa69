/**
 * The fairness panel under an in-house game: the active server seed's hash (shown before play),
 * the client seed (changing it rotates the pair), the next nonce, Rotate, and the revealed seeds
 * with links to the verifier.
 */
import '../strings';
import { CLIENT_SEED_PATTERN, type FairGame } from '@khela/contract/fair';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showToast } from '../../../lib/notify';
import {
  originalsQueryKey,
  rotateSeed,
  seedHistoryQueryOptions,
  seedsQueryOptions,
  setClientSeed,
} from '../api/originals';
import formStyles from '../../../components/form.module.css';
import styles from './originals.module.css';

export function verifierHref(options: {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  game: FairGame;
  target?: number;
}) {
  const query = new URLSearchParams({
    serverSeed: options.serverSeed,
    hash: options.serverSeedHash,
    clientSeed: options.clientSeed,
    nonce: String(options.nonce),
    game: options.game,
  });
  if (options.target !== undefined) query.set('target', String(options.target));
  return `/m/fair?${query.toString()}`;
}

export function FairnessPanel({
  token,
  game,
  target,
}: {
  token: string;
  game: FairGame;
  target?: number;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const seeds = useQuery(seedsQueryOptions(token));
  const history = useQuery(seedHistoryQueryOptions(token));
  // What the player typed; null shows the active pair's client seed.
  const [draft, setDraft] = useState<string | null>(null);
  const clientSeed = draft ?? seeds.data?.clientSeed ?? '';
  const [invalid, setInvalid] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [...originalsQueryKey, token] });
  const rotate = useMutation({
    mutationFn: rotateSeed,
    onSuccess: async () => {
      showToast(t('originals.rotated'), 'success');
      await refresh();
    },
    onError: (error) => showToast(error.message, 'error'),
  });
  const change = useMutation({
    mutationFn: setClientSeed,
    onSuccess: async () => {
      showToast(t('originals.clientSeedSaved'), 'success');
      setDraft(null);
      await refresh();
    },
    onError: (error) => showToast(error.message, 'error'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!CLIENT_SEED_PATTERN.test(clientSeed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    change.mutate(clientSeed);
  };

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={formStyles.title}>
        {t('originals.fairness')}
      </h2>
      <p className={formStyles.muted}>{t('originals.fairnessIntro')}</p>
      <div className={formStyles.field}>
        <span id={`${id}-hash`} className={formStyles.label}>
          {t('originals.serverSeedHash')}
        </span>
        <output aria-labelledby={`${id}-hash`} className={styles.mono}>
          {seeds.data?.serverSeedHash ?? '…'}
        </output>
      </div>
      <form className={formStyles.field} onSubmit={submit} noValidate>
        <label htmlFor={`${id}-client`} className={formStyles.label}>
          {t('originals.clientSeed')}
        </label>
        <input
          id={`${id}-client`}
          className={formStyles.input}
          value={clientSeed}
          maxLength={64}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-client-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        {invalid && (
          <p id={`${id}-client-error`} className={formStyles.error}>
            {t('originals.clientSeedInvalid')}
          </p>
        )}
        <button
          type="submit"
          className={formStyles.secondary}
          disabled={change.isPending || clientSeed === seeds.data?.clientSeed}
        >
          {t('originals.saveClientSeed')}
        </button>
      </form>
      <div className={formStyles.between}>
        <span id={`${id}-nonce`} className={formStyles.label}>
          {t('originals.nonce')}
        </span>
        <output aria-labelledby={`${id}-nonce`}>{seeds.data?.nonce ?? '…'}</output>
      </div>
      <button
        type="button"
        className={formStyles.secondary}
        disabled={rotate.isPending}
        onClick={() => rotate.mutate()}
      >
        {t('originals.rotate')}
      </button>
      <h3 id={`${id}-revealed`} className={formStyles.label}>
        {t('originals.revealed')}
      </h3>
      {history.data && history.data.list.length === 0 ? (
        <p className={formStyles.muted}>{t('originals.revealedNone')}</p>
      ) : (
        <ul className={formStyles.list} aria-labelledby={`${id}-revealed`}>
          {history.data?.list.map((seed) => (
            <li key={seed.serverSeedHash} className={formStyles.stackedItem}>
              <span className={styles.mono}>
                {t('originals.revealedItem', {
                  seed: seed.serverSeed,
                  client: seed.clientSeed,
                  count: seed.nonces,
                })}
              </span>
              <Link
                to={verifierHref({
                  serverSeed: seed.serverSeed,
                  serverSeedHash: seed.serverSeedHash,
                  clientSeed: seed.clientSeed,
                  nonce: 0,
                  game,
                  target,
                })}
              >
                {t('originals.verifyLink')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/m/fair">{t('originals.verifierLink')}</Link>
    </section>
  );
}
