/**
 * The lottery page: game tabs, the current draw with its countdown, a number picker, the stake
 * and Bet, the player's tickets and the latest results with their settlement. When the countdown
 * ends the draw, results and tickets are fetched again.
 */
import { QueryState } from '../../../components/load-state';
import { amountInputValue, formatAmount, parseAmount } from '@khela/contract/amount';
import { formatClock, formatFixedNumber, formatNumber } from '@khela/contract/format';
import '../strings';
import {
  LOTTERY_MIN_STAKE_MINOR,
  type LotteryGame,
  type LotteryTicket,
} from '@khela/contract/lottery';
import type { Language } from '@khela/contract/language';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import {
  lotteryCatalogueQueryOptions,
  lotteryQueryKey,
  numeroQueryOptions,
  placeBet,
  recentQueryOptions,
  ticketsQueryOptions,
} from '../api/lottery';
import styles from './lottery.module.css';
import { AmountInput } from '../../../components/amount-input';
import { useLanguage } from '../../../lib/i18n';

type Game = Omit<LotteryGame, 'current'>;

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
}

/** The wall clock, ticking every second. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function LotteryPage({
  nodeId,
  onSelect,
  token,
  language,
  onMoneyMoved,
}: {
  nodeId: string | null;
  onSelect: (nodeId: string) => void;
  token: string | undefined;
  language: Language;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const catalogue = useQuery(lotteryCatalogueQueryOptions(language));
  if (catalogue.isPending || catalogue.isError) return <QueryState query={catalogue} />;
  const games = catalogue.data.games;
  const game = games.find((entry) => entry.nodeId === nodeId) ?? games[0];
  if (!game) return <p className={styles.note}>{t('lottery.noDraw')}</p>;
  return (
    <div className={styles.page}>
      <div role="tablist" aria-label={t('lottery.games')} className={styles.tabs}>
        {games.map((entry) => (
          <button
            key={entry.nodeId}
            type="button"
            role="tab"
            aria-selected={entry.nodeId === game.nodeId}
            className={styles.tab}
            onClick={() => onSelect(entry.nodeId)}
          >
            {entry.gameName}
          </button>
        ))}
      </div>
      <GameBoard key={game.nodeId} game={game} token={token} onMoneyMoved={onMoneyMoved} />
    </div>
  );
}

function GameBoard({
  game,
  token,
  onMoneyMoved,
}: {
  game: Game;
  token: string | undefined;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const numero = useQuery(numeroQueryOptions(game.nodeId));
  const recent = useQuery(recentQueryOptions(game.nodeId));
  const tickets = useQuery(ticketsQueryOptions(token, game.nodeId));
  const now = useNow();
  const [picks, setPicks] = useState<number[]>([]);
  const [stake, setStake] = useState(() => amountInputValue(10_00, language));
  const pendingKey = useRef<string | null>(null);
  const refreshedFor = useRef<string | null>(null);

  const current = numero.data?.current ?? null;
  // The server's clock, as the answer gave it, against the phone's.
  const skew = numero.data ? Date.parse(numero.data.serverTime) - numero.dataUpdatedAt : 0;
  const remainingMs = current ? Date.parse(current.closesAt) - (now + skew) : 0;

  useEffect(() => {
    if (!current || remainingMs > 0 || refreshedFor.current === current.drawId) return;
    refreshedFor.current = current.drawId;
    // The draw closed: the next one, and soon its result and settlement.
    void queryClient.invalidateQueries({ queryKey: [...lotteryQueryKey] });
    const later = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: [...lotteryQueryKey] }),
      Math.max(0, Date.parse(current.drawsAt) - Date.parse(current.closesAt)) + 2_000,
    );
    return () => clearTimeout(later);
  }, [current, remainingMs, queryClient]);

  const format = game.format;
  const digits = format.kind === 'digits';
  const complete = picks.length >= format.minPicks && picks.length <= format.maxPicks;
  const parsedStake = parseAmount(stake);
  const stakeMinor = parsedStake.ok ? parsedStake.minor : 0;
  const stakeValid = parsedStake.ok && stakeMinor >= LOTTERY_MIN_STAKE_MINOR;

  const bet = useMutation({
    meta: { silent: true },
    mutationFn: ({ key, drawId }: { key: string; drawId: string }) =>
      placeBet({ nodeId: game.nodeId, drawId, picks, stakeMinor }, key),
  });

  const submit = async () => {
    if (!current) return;
    const key = pendingKey.current ?? newKey();
    pendingKey.current = key;
    try {
      const answer = await bet.mutateAsync({ key, drawId: current.drawId });
      pendingKey.current = null;
      setPicks([]);
      showToast(t('lottery.placed', { no: answer.ticket.drawNo }), 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Only a lost answer keeps the key, so its retry cannot pay twice.
      if (error.status !== 0) pendingKey.current = null;
      showToast(error.message, 'error');
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...lotteryQueryKey, 'tickets'] }),
      onMoneyMoved(),
    ]);
  };

  const toggleKeno = (n: number) =>
    setPicks((held) =>
      held.includes(n)
        ? held.filter((x) => x !== n)
        : held.length < format.maxPicks
          ? [...held, n]
          : held,
    );
  // Digits keep one slot per position; -1 is a position not picked yet.
  const setDigit = (position: number, n: number) =>
    setPicks((held) => {
      const next = Array.from({ length: format.maxPicks }, (_, i) => held[i] ?? -1);
      next[position] = n;
      return next;
    });
  const digitPicks = digits ? picks.filter((x) => x >= 0) : picks;
  const ready = digits
    ? digitPicks.length === format.maxPicks && picks.length === format.maxPicks
    : complete;

  const numbers: number[] = [];
  for (let n = format.minNumber; n <= format.maxNumber; n += 1) numbers.push(n);
  const drawTickets = (tickets.data?.tickets ?? []).filter(
    (ticket) => ticket.drawId === current?.drawId,
  );
  const settled = (tickets.data?.tickets ?? []).filter((ticket) => ticket.status !== 'open');
  const straight = format.paytable[String(format.maxPicks)]?.[String(format.maxPicks)];

  return (
    <>
      <section className={styles.card} aria-labelledby="lottery-draw">
        {current ? (
          <>
            <h2 id="lottery-draw" className={styles.heading}>
              {game.gameName} · {t('lottery.draw', { no: current.drawNo })}
            </h2>
            <p className={styles.countdown} role="timer" aria-live="off">
              {remainingMs > 0 ? (
                <>
                  {t('lottery.closesIn')}{' '}
                  <strong>{formatClock(remainingMs / 1000, language)}</strong>
                </>
              ) : (
                t('lottery.closed')
              )}
            </p>
            <p className={styles.hash}>
              {t('lottery.seedHash')}: <code>{current.serverSeedHash}</code>
            </p>
          </>
        ) : (
          <p className={styles.note}>{t('lottery.noDraw')}</p>
        )}
        <p className={styles.note}>
          {digits && straight ? `${t('lottery.payout', { times: straight / 100 })} · ` : ''}
          {t('lottery.rtp', { rtp: formatFixedNumber(format.rtpBp / 100, language, 1) })}
        </p>
      </section>

      <section className={styles.card}>
        <p className={styles.note}>
          {digits
            ? t('lottery.pickDigits', { count: format.maxPicks })
            : t('lottery.pickKeno', { min: format.minPicks, max: format.maxPicks })}
        </p>
        {digits ? (
          Array.from({ length: format.maxPicks }, (_, position) => (
            <div
              key={position}
              role="group"
              aria-label={t('lottery.position', { position: position + 1 })}
              className={styles.row}
            >
              {numbers.map((n) => (
                <button
                  key={n}
                  type="button"
                  className={styles.ball}
                  aria-pressed={picks[position] === n}
                  aria-label={`${t('lottery.position', { position: position + 1 })}: ${formatNumber(n, language)}`}
                  onClick={() => setDigit(position, n)}
                >
                  {formatNumber(n, language)}
                </button>
              ))}
            </div>
          ))
        ) : (
          <div
            role="group"
            aria-label={t('lottery.pickKeno', { min: format.minPicks, max: format.maxPicks })}
            className={styles.grid}
          >
            {numbers.map((n) => (
              <button
                key={n}
                type="button"
                className={styles.ball}
                aria-pressed={picks.includes(n)}
                aria-label={t('lottery.number', { number: n })}
                onClick={() => toggleKeno(n)}
              >
                {formatNumber(n, language)}
              </button>
            ))}
          </div>
        )}
        <div className={styles.betRow}>
          <label className={styles.stake}>
            {t('lottery.stake')}
            <AmountInput value={stake} onValueChange={setStake} />
          </label>
          <button
            type="button"
            className={styles.betButton}
            disabled={
              !token || !current || remainingMs <= 0 || !ready || !stakeValid || bet.isPending
            }
            onClick={() => void submit()}
          >
            {bet.isPending ? t('lottery.betting') : t('lottery.bet')}
          </button>
        </div>
        {!token && <p className={styles.note}>{t('lottery.loginToBet')}</p>}
      </section>

      {token && (
        <section className={styles.card} aria-labelledby="lottery-tickets">
          <h2 id="lottery-tickets" className={styles.heading}>
            {t('lottery.myTickets')}
          </h2>
          {drawTickets.length + settled.length === 0 ? (
            <p className={styles.note}>{t('lottery.noTickets')}</p>
          ) : (
            <ul className={styles.list}>
              {[...drawTickets, ...settled.slice(0, 10)].map((ticket) => (
                <TicketRow key={ticket.ticketId} ticket={ticket} />
              ))}
            </ul>
          )}
        </section>
      )}

      <section className={styles.card} aria-labelledby="lottery-results">
        <h2 id="lottery-results" className={styles.heading}>
          {t('lottery.results')}
        </h2>
        {(recent.data?.draws.length ?? 0) === 0 ? (
          <p className={styles.note}>{t('lottery.noResults')}</p>
        ) : (
          <ul className={styles.list}>
            {recent.data!.draws.map((draw) => (
              <li key={draw.drawId} className={styles.result}>
                <span>{t('lottery.draw', { no: draw.drawNo })}</span>
                <span className={styles.numbers}>
                  {draw.result?.map((n) => formatNumber(n, language)).join(' ')}
                </span>
                <details>
                  <summary>{t('lottery.seed')}</summary>
                  <code>{draw.serverSeed}</code>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function TicketRow({ ticket }: { ticket: LotteryTicket }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status =
    ticket.status === 'won'
      ? t('lottery.status_won', { amount: formatAmount(ticket.winMinor, { language }) })
      : t(`lottery.status_${ticket.status}`);
  return (
    <li className={styles.ticket}>
      <span>{t('lottery.draw', { no: ticket.drawNo })}</span>
      <span className={styles.numbers}>
        {ticket.picks.map((n) => formatNumber(n, language)).join(' ')}
      </span>
      <span>{formatAmount(ticket.stakeMinor, { language })}</span>
      <span className={styles[ticket.status]}>{status}</span>
      {ticket.playMoney && <span className={styles.note}>{t('lottery.playMoney')}</span>}
    </li>
  );
}
