/**
 * The public verifier (/m/fair): recomputes a round in the browser with the engine the server
 * runs (@khela/contract/fair, WebCrypto) and checks SHA-256(server seed) against the hash shown
 * before play. Fields start from the query string (the fairness panel's links) and a complete
 * link verifies at once.
 */
import '../strings';
import {
  CLIENT_SEED_PATTERN,
  FAIR_GAMES,
  FLOATS_NEEDED,
  SERVER_SEED_PATTERN,
  fairFloats,
  resultFromFloats,
  sha256Hex,
  validParams,
  type FairGame,
  type FairParams,
  type FairResult,
} from '@khela/contract/fair';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from '../../../components/form.module.css';
import styles from './originals.module.css';
import { Reels, describeResult, fixed } from './result-view';
import { useLanguage } from '../../../lib/i18n';

interface Fields {
  serverSeed: string;
  hash: string;
  clientSeed: string;
  nonce: string;
  game: FairGame;
  target: string;
}

interface Outcome {
  result: FairResult;
  hash: string;
  hashMatches: boolean | null;
}

function fieldsFrom(search: URLSearchParams): Fields {
  const game = search.get('game');
  return {
    serverSeed: search.get('serverSeed') ?? '',
    hash: search.get('hash') ?? '',
    clientSeed: search.get('clientSeed') ?? '',
    nonce: search.get('nonce') ?? '0',
    game: (FAIR_GAMES as readonly string[]).includes(game ?? '') ? (game as FairGame) : 'dice',
    target: search.get('target') ?? '',
  };
}

async function verify(fields: Fields): Promise<Outcome | null> {
  const nonce = Number(fields.nonce);
  const params: FairParams = fields.game === 'slot' ? {} : { target: Number(fields.target) };
  if (
    !SERVER_SEED_PATTERN.test(fields.serverSeed) ||
    !CLIENT_SEED_PATTERN.test(fields.clientSeed) ||
    !Number.isInteger(nonce) ||
    nonce < 0 ||
    (fields.target === '' && fields.game !== 'slot') ||
    !validParams(fields.game, params)
  ) {
    return null;
  }
  const seeds = { serverSeed: fields.serverSeed, clientSeed: fields.clientSeed, nonce };
  const floats = await fairFloats(seeds, FLOATS_NEEDED[fields.game]);
  const hash = await sha256Hex(fields.serverSeed);
  const expected = fields.hash.trim().toLowerCase();
  return {
    result: resultFromFloats(fields.game, floats, params),
    hash,
    hashMatches: expected ? expected === hash : null,
  };
}

export function FairVerifier({ search }: { search: URLSearchParams }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => fieldsFrom(search));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [invalid, setInvalid] = useState(false);
  const started = useRef(false);

  const run = async (from: Fields) => {
    const answer = await verify(from);
    setInvalid(answer === null);
    setOutcome(answer);
  };

  useEffect(() => {
    // A link from the fairness panel carries a whole round: verify it at once.
    if (started.current) return;
    started.current = true;
    if (search.get('serverSeed')) void run(fieldsFrom(search));
  }, [search]);

  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(fields);
  };

  const input = (name: keyof Fields, label: string, extra: Record<string, unknown> = {}) => (
    <div className={formStyles.field}>
      <label htmlFor={`${id}-${name}`} className={formStyles.label}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className={formStyles.input}
        value={fields[name]}
        autoComplete="off"
        spellCheck={false}
        onChange={set(name)}
        {...extra}
      />
    </div>
  );

  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className={formStyles.title}>
          {t('originals.verifierTitle')}
        </h1>
        <p className={formStyles.muted}>{t('originals.verifierIntro')}</p>
        <form className={formStyles.card} onSubmit={submit} noValidate>
          {input('serverSeed', t('originals.serverSeed'))}
          {input('hash', t('originals.expectedHash'))}
          {input('clientSeed', t('originals.clientSeed'), { maxLength: 64 })}
          {input('nonce', t('originals.nonceInput'), { inputMode: 'numeric' })}
          <div className={formStyles.field}>
            <label htmlFor={`${id}-game`} className={formStyles.label}>
              {t('originals.game')}
            </label>
            <select
              id={`${id}-game`}
              className={formStyles.input}
              value={fields.game}
              onChange={set('game')}
            >
              {FAIR_GAMES.map((game) => (
                <option key={game} value={game}>
                  {t(`originals.kind_${game}`)}
                </option>
              ))}
            </select>
          </div>
          {fields.game !== 'slot' &&
            input('target', t('originals.target'), { inputMode: 'decimal' })}
          {invalid && (
            <p className={formStyles.error} role="alert">
              {t('originals.verifyInvalid')}
            </p>
          )}
          <button type="submit" className={formStyles.primary}>
            {t('originals.verify')}
          </button>
        </form>
        {outcome?.result.game === 'slot' && <Reels reels={outcome.result.reels} t={t} />}
        <div role="status" aria-live="polite" className={formStyles.field}>
          {outcome && (
            <>
              <p className={styles.result}>
                {describeResult(t, outcome.result, language)}.{' '}
                {t('originals.multiplier', {
                  multiplier: fixed(outcome.result.multiplier, language, 4),
                })}
              </p>
              {outcome.hashMatches !== null && (
                <p className={outcome.hashMatches ? formStyles.label : formStyles.error}>
                  {outcome.hashMatches ? t('originals.hashMatches') : t('originals.hashDiffers')}
                </p>
              )}
              <p className={styles.mono}>{t('originals.computedHash', { hash: outcome.hash })}</p>
            </>
          )}
        </div>
      </section>
    </div>
  );
}
