/**
 * An in-house game's page: dice (roll-under slider), crash (cash-out target chosen before the
 * round) or the 3-reel slot, with a stake, Play (one Idempotency-Key per press), the result in
 * a live region and the fairness panel. The balance refresh is the caller's (onBalanceChanged).
 * A round's outcome is scrolled into view, clear of the fixed footer (the shell's scroll padding):
 * at 360×640 it lands below the Play button, where the player would not see it.
 */
import { QueryState } from '../../../components/load-state';
import { amountInputValue, parseAmount } from '@khela/contract/amount';
import '../strings';
import {
  CRASH_TARGET_MAX_HUNDREDTHS,
  CRASH_TARGET_MIN_HUNDREDTHS,
  DICE_TARGET_MAX,
  DICE_TARGET_MIN,
  DOCUMENTED_RTP,
  SLOT_PAYTABLE,
  validParams,
  type FairGame,
} from '@khela/contract/fair';
import type { OriginalsBet } from '@khela/contract/originals';
import { formatNumber, formatPercent, languageDigits } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notify';
import { originalsGameQueryOptions, originalsQueryKey, placeBet } from '../api/originals';
import { FairnessPanel } from './fairness-panel';
import formStyles from '../../../components/form.module.css';
import styles from './originals.module.css';
import { Reels, describeResult, fixed, money } from './result-view';
import { useLanguage } from '../../../lib/i18n';
import { AmountInput } from '../../../components/amount-input';

/** A fraction as the site writes percentages: 0.99 → "99%" / "৯৯%". */
const pct = (x: number, language: Language) => formatPercent(x * 100, language);

export function OriginalsGame({
  nodeId,
  token,
  onBalanceChanged,
}: {
  nodeId: string;
  token: string;
  onBalanceChanged: () => unknown;
}) {
  const game = useQuery(originalsGameQueryOptions(nodeId));
  if (game.isPending || game.isError) return <QueryState query={game} showError />;
  return (
    <GameScreen
      key={nodeId}
      token={token}
      nodeId={nodeId}
      kind={game.data.game}
      name={game.data.name}
      minStakeMinor={game.data.minStakeMinor}
      maxStakeMinor={game.data.maxStakeMinor}
      onBalanceChanged={onBalanceChanged}
    />
  );
}

function GameScreen(props: {
  token: string;
  nodeId: string;
  kind: FairGame;
  name: string;
  minStakeMinor: number;
  maxStakeMinor: number;
  onBalanceChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const { kind } = props;
  // Prefilled in the language's digits; the field takes either set (parseAmount).
  const [stake, setStake] = useState(() => amountInputValue(props.minStakeMinor, language));
  const [diceTarget, setDiceTarget] = useState(50);
  const [crashTarget, setCrashTarget] = useState('2.00');
  const [errors, setErrors] = useState<{ stake?: string; target?: string }>({});
  const [last, setLast] = useState<OriginalsBet | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!last) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    outcomeRef.current?.scrollIntoView?.({
      block: 'nearest',
      behavior: reduced ? 'auto' : 'smooth',
    });
  }, [last]);

  const target = kind === 'dice' ? diceTarget : kind === 'crash' ? Number(crashTarget) : undefined;
  const bet = useMutation({
    mutationFn: (body: { stakeMinor: number; target?: number }) =>
      placeBet({ nodeId: props.nodeId, ...body }, crypto.randomUUID()),
    onSuccess: async (answer) => {
      setLast(answer);
      await Promise.all([
        props.onBalanceChanged(),
        queryClient.invalidateQueries({ queryKey: [...originalsQueryKey, props.token, 'seeds'] }),
      ]);
    },
    onError: (error) => showToast(error.message, 'error'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(stake);
    const stakeMinor = parsed.ok ? parsed.minor : Number.NaN;
    const next: typeof errors = {};
    const limits = {
      min: money(props.minStakeMinor, language),
      max: money(props.maxStakeMinor, language),
    };
    if (
      !Number.isFinite(stakeMinor) ||
      stakeMinor < props.minStakeMinor ||
      stakeMinor > props.maxStakeMinor
    ) {
      next.stake = t('originals.stakeInvalid', limits);
    }
    if (kind !== 'slot' && !validParams(kind, { target: target ?? NaN })) {
      next.target =
        kind === 'dice'
          ? t('originals.targetInvalid', { min: DICE_TARGET_MIN, max: DICE_TARGET_MAX })
          : t('originals.targetInvalid', {
              min: fixed(CRASH_TARGET_MIN_HUNDREDTHS / 100, language),
              max: fixed(CRASH_TARGET_MAX_HUNDREDTHS / 100, language),
            });
    }
    setErrors(next);
    if (next.stake || next.target) return;
    bet.mutate(kind === 'slot' ? { stakeMinor } : { stakeMinor, target });
  };

  const table = (Object.entries(SLOT_PAYTABLE) as [keyof typeof SLOT_PAYTABLE, number][])
    .map(([symbol, pays]) => `${t(`originals.symbol_${symbol}`)} ${formatNumber(pays, language)}×`)
    .join(', ');

  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-name`}>
        <div className={formStyles.between}>
          <h1 id={`${id}-name`} className={formStyles.title}>
            {props.name}
          </h1>
          <span className={formStyles.muted}>{t(`originals.kind_${kind}`)}</span>
        </div>
        {kind === 'slot' ? (
          <p className={formStyles.muted}>
            {t('originals.paytable', { table, rtp: pct(DOCUMENTED_RTP.slot, language) })}
          </p>
        ) : (
          <p className={formStyles.muted}>
            {t('originals.rtp', { rtp: pct(DOCUMENTED_RTP[kind], language) })}
          </p>
        )}
        <form className={formStyles.card} onSubmit={submit} noValidate>
          {kind === 'dice' && (
            <div className={formStyles.field}>
              <label htmlFor={`${id}-target`} className={formStyles.label}>
                {t('originals.rollUnder')}: {formatNumber(diceTarget, language)}
              </label>
              <input
                id={`${id}-target`}
                type="range"
                className={styles.slider}
                min={DICE_TARGET_MIN}
                max={DICE_TARGET_MAX}
                step={1}
                value={diceTarget}
                onChange={(event) => setDiceTarget(Number(event.target.value))}
              />
              <p className={formStyles.muted}>
                {t('originals.diceOdds', {
                  chance: formatPercent(diceTarget, language),
                  multiplier: fixed(99 / diceTarget, language, 4),
                })}
              </p>
            </div>
          )}
          {kind === 'crash' && (
            <div className={formStyles.field}>
              <label htmlFor={`${id}-target`} className={formStyles.label}>
                {t('originals.cashOutAt')}
              </label>
              <input
                id={`${id}-target`}
                className={formStyles.input}
                inputMode="decimal"
                value={crashTarget}
                aria-invalid={Boolean(errors.target)}
                aria-describedby={`${id}-target-hint`}
                onChange={(event) => setCrashTarget(event.target.value)}
              />
              <p id={`${id}-target-hint`} className={formStyles.muted}>
                {errors.target ? (
                  <span className={formStyles.error}>{errors.target}</span>
                ) : (
                  t('originals.crashOdds', {
                    chance:
                      Number(crashTarget) > 0
                        ? formatPercent(99 / Number(crashTarget), language)
                        : '–',
                    multiplier: languageDigits(crashTarget, language),
                  })
                )}
              </p>
            </div>
          )}
          <div className={formStyles.field}>
            <label htmlFor={`${id}-stake`} className={formStyles.label}>
              {t('originals.stake')}
            </label>
            <AmountInput
              id={`${id}-stake`}
              className={formStyles.input}
              value={stake}
              aria-invalid={Boolean(errors.stake)}
              aria-describedby={`${id}-stake-hint`}
              onValueChange={setStake}
            />
            <p id={`${id}-stake-hint`} className={formStyles.muted}>
              {errors.stake ? (
                <span className={formStyles.error}>{errors.stake}</span>
              ) : (
                t('originals.stakeHint', {
                  min: money(props.minStakeMinor, language),
                  max: money(props.maxStakeMinor, language),
                })
              )}
            </p>
          </div>
          <button type="submit" className={formStyles.primary} disabled={bet.isPending}>
            {bet.isPending ? t('originals.playing') : t('originals.play')}
          </button>
        </form>
        <div ref={outcomeRef} className={styles.outcome}>
          {last?.result.game === 'slot' && <Reels reels={last.result.reels} t={t} />}
          <p
            role="status"
            aria-live="polite"
            className={styles.result}
            data-win={last ? last.winMinor > 0 : undefined}
          >
            {last &&
              `${describeResult(t, last.result, language)}. ${
                last.winMinor > 0
                  ? t('originals.won', { amount: money(last.winMinor, language) })
                  : t('originals.lost')
              }`}
          </p>
          {last && (
            <p className={formStyles.muted}>
              {t('originals.balance', { balance: money(last.balanceMinor, language) })}
              {last.playMoney ? ` · ${t('originals.playMoney')}` : ''}
            </p>
          )}
        </div>
      </section>
      <FairnessPanel token={props.token} game={kind} target={target} />
    </div>
  );
}
