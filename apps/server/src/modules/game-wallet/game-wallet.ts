/**
 * The game wallet: what a vendor's server asks of us while a player plays (balance, bet, win,
 * rollback), and the game sessions launches open. Our own games (in-house BGS, the lottery) call
 * the same methods in process; outside vendors reach them through the signed routes in
 * vendor-wallet.routes.ts. A batch of wins (`wins`) is each item's own `win`.
 *
 * Each transaction is one call of the `game_wallet_post` database function
 * (db/functions/game_wallet_post.sql): the vendor's transaction id is taken once per provider,
 * the round is found or opened, and the money moves through `ledger_post` in the same statement,
 * so a retried call answers the first result and a crash leaves either all of it or none. Calls that arrive together share a
 * statement and a commit (wallet-post-batcher.ts).
 *
 * Bonuses (docs/bonuses.md): a cash session's calls carry the member's active bonus (a cached
 * read, `BonusLookup`) and their bonus_balance account; the function splits each bet, win and
 * rollback between cash and bonus, and every balance answered is cash plus bonus. A stake above
 * the active bonus's largest is refused here, before any money moves (`bonus.maxStake`).
 *
 * An adjustment (`adjust`) corrects a settled round after the fact (a sportsbook's corrected
 * result): written here in one transaction through the ledger, as it is rare and never batched.
 */
import { createHash, randomBytes } from 'node:crypto';
import type {
  OpsRound,
  VendorAdjustBody,
  VendorAdjustment,
  VendorBalance,
  VendorBalanceBody,
  VendorBetBody,
  VendorRollbackBody,
  VendorTransaction,
  VendorWinBody,
} from '@khela/contract/vendor-wallet';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx, RunPrepared } from '../../db/client';
import { gameRounds, gameSessions, gameTransactions } from '../../db/schema/game-wallet';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { memberReads } from '../accounts/member-reads';
import type { SessionGame } from '../games/game-reads';
import type { BigWin } from '../games/games.service';
import type { Balances } from '../ledger/balances';
import { accountKey, fingerprint, refusal, type Ledger } from '../ledger/ledger';
import {
  postWithin,
  WalletPostBatcher,
  type PostRow,
  type WalletPost,
} from './wallet-post-batcher';

/** How long a launch's session takes bets; wins and rollbacks are taken after it, always. */
export const GAME_SESSION_HOURS = 12;
/** A win at least this many times the round's stake, and at least BIG_WIN_MIN_MINOR, is big. */
export const BIG_WIN_MULTIPLIER = 10n;
export const BIG_WIN_MIN_MINOR = 100_00n;

export type GameAccountKind = 'cash' | 'play';

/**
 * Who serves a catalogue game and calls the wallet for it: our lottery, our in-house games, or
 * the registry vendor its catalogue vendor names (`servedBy`: its `served_by`, else its code).
 */
export function providerForGame(game: { vendorCode: string; gameType: string; servedBy: string }) {
  const { vendorCode, gameType } = game;
  if (vendorCode === 'BGS' || gameType === 'INHOUSE') return 'BGS';
  if (LOTTERY_VENDORS.has(vendorCode) || gameType === 'LOTT' || gameType === 'ELOTT') {
    return 'LOTTERY';
  }
  return game.servedBy;
}

/** Spec §2: these vendors use the lottery launch. */
export const LOTTERY_VENDORS = new Set(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT']);

/** The member's active bonus, read on every call (the bonuses module's ActiveBonuses, cached). */
export interface BonusLookup {
  forMember(
    memberId: bigint,
    fresh?: boolean,
  ): Promise<{ id: bigint; maxStakeMinor: bigint | null } | undefined>;
}

/** Refuses a bet from a player on a break or past a limit; the protection module implements it. */
export interface BetGuard {
  /** Throws the refusal; reads the net loss through `db` (the bet's transaction, if it has one). */
  assertMayBet(memberId: bigint, stakeMinor: bigint, db?: DbOrTx): Promise<void>;
  /** Whether the member's bets are checked against a loss limit (a cached read). */
  limitsLosses(memberId: bigint): Promise<boolean>;
}

/**
 * The advisory lock (class, member) a limited player's bet holds while it is checked and posted:
 * bets arriving together would otherwise each see the allowance before the other's stake.
 */
const LOSS_LIMIT_LOCK_CLASS = 727_002;
const lossLimitLockKey = (memberId: bigint) => Number(memberId % 2_147_483_647n);

interface SessionInfo {
  id: bigint;
  providerCode: string;
  memberId: bigint;
  gameId: bigint;
  gameCode: string;
  vendorCode: string;
  category: string;
  accountKind: GameAccountKind;
  currency: string;
  language: string;
  expiresAt: number;
  endedAt: number | null;
  memberAccountId: bigint;
  houseAccountId: bigint;
}

export interface OpenSession {
  memberId: bigint;
  gameId: bigint;
  providerCode: string;
  accountKind: GameAccountKind;
  currency: string;
  language: string;
}

/** What an in-process caller may add to a round (in-house seeds and result, lottery picks). */
export interface RoundDetail {
  detail?: Record<string, unknown>;
}

/** A round's status and totals after a win: what decides whether it goes on the winner board. */
interface RoundFigures {
  id: bigint;
  status: string;
  stakeMinor: bigint;
  winMinor: bigint;
}

/** One call of game_wallet_post. */
interface WalletCall {
  kind: 'bet' | 'win' | 'rollback';
  txRef: string;
  roundRef: string | null;
  refTxRef: string | null;
  amount: number;
  /** The request as the vendor sent it (without the token): its fingerprint. */
  request: unknown;
  final?: boolean;
  detail?: Record<string, unknown>;
}

/** Tries of a call that lost a race to a concurrent one (see game_wallet_post). */
const RACE_RETRIES = 3;
const failedWith = (error: unknown, message: string) => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && cause.message.includes(message);
};
const raced = (error: unknown) => failedWith(error, 'game_wallet_raced');
/** The bonus the call carried ended before it could take bonus money: read it again and retry. */
const bonusChanged = (error: unknown) => failedWith(error, 'game_wallet_bonus_changed');

/** What a call knows of the member's bonus: both null without an active one (and for play money). */
interface CallBonus {
  memberBonusId: bigint | null;
  bonusAccountId: bigint | null;
  maxStakeMinor: bigint | null;
}
const NO_BONUS: CallBonus = { memberBonusId: null, bonusAccountId: null, maxStakeMinor: null };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const toNumber = (value: bigint | string | number | null | undefined) => Number(value ?? 0);

export interface GameWalletDeps {
  db: Database;
  prepared: RunPrepared;
  /** Batches of calls in the database at once (WalletPostBatcher); 1 if not given. */
  lanes?: number;
  cache: CacheStore;
  ledger: Ledger;
  balances: Balances;
  guard: BetGuard;
  /** The member's active bonus (the bonuses module's ActiveBonuses). */
  bonuses: BonusLookup;
  /** Puts a big win on the winner board (the games module's; once per round). */
  noteBigWin: (win: BigWin) => Promise<void>;
  /** A session's game: its code, vendor and category (the games module's, held in memory). */
  sessionGame: (gameId: bigint) => Promise<SessionGame | undefined>;
  now?: () => number;
}

export class GameWallet {
  private readonly sessions: ReadCache<SessionInfo>;
  private readonly posts: WalletPostBatcher;
  private readonly now: () => number;

  constructor(private readonly deps: GameWalletDeps) {
    this.posts = new WalletPostBatcher(deps.prepared, deps.lanes);
    this.sessions = new ReadCache(deps.cache, { name: 'game-session', max: 50_000, ttlMs: 60_000 });
    this.now = deps.now ?? Date.now;
  }

  start() {
    return this.sessions.start();
  }

  /** Opens a game session for a launch; the token goes to the vendor and is never stored. */
  async openSession(open: OpenSession): Promise<{ token: string; sessionId: bigint }> {
    const token = randomBytes(32).toString('base64url');
    // Both accounts exist before the first bet, so a bet is one statement.
    await this.deps.ledger.open(
      this.deps.db,
      { kind: open.accountKind, ownerId: open.memberId },
      open.currency,
    );
    const [row] = await this.deps.db
      .insert(gameSessions)
      .values({
        tokenHash: hashToken(token),
        providerCode: open.providerCode,
        memberId: open.memberId,
        gameId: open.gameId,
        accountKind: open.accountKind,
        currency: open.currency,
        language: open.language,
        expiresAt: new Date(this.now() + GAME_SESSION_HOURS * 3_600_000),
      })
      .returning({ id: gameSessions.id });
    return { token, sessionId: row!.id };
  }

  /** Ends a session (the player closed the game): later bets are refused, wins still taken. */
  async endSession(memberId: bigint, token: string): Promise<boolean> {
    const hash = hashToken(token);
    const ended = await this.deps.db
      .update(gameSessions)
      .set({ endedAt: new Date(this.now()) })
      .where(
        and(
          eq(gameSessions.tokenHash, hash),
          eq(gameSessions.memberId, memberId),
          isNull(gameSessions.endedAt),
        ),
      )
      .returning({ id: gameSessions.id });
    await this.sessions.invalidate(hash);
    return ended.length > 0;
  }

  async balance(providerCode: string, body: VendorBalanceBody): Promise<VendorBalance> {
    const session = await this.session(providerCode, body.token);
    if (body.currency !== undefined) this.assertCurrency(session, body.currency);
    // The header's cached balance, dropped in every process whenever money moves: cash plus
    // bonus (docs/bonuses.md), or play money.
    let balance: bigint;
    if (session.accountKind === 'play') {
      balance = await this.deps.balances.balanceMinor(session.memberId, false, 'play');
    } else {
      const { cash, bonus } = await this.deps.balances.split(session.memberId);
      balance = cash + bonus;
    }
    return {
      balance: Number(balance),
      currency: session.currency,
      playerId: String(session.memberId),
      gameCode: session.gameCode,
      playMoney: session.accountKind === 'play',
    };
  }

  async bet(
    providerCode: string,
    body: VendorBetBody,
    extra: RoundDetail = {},
  ): Promise<VendorTransaction> {
    const session = await this.session(providerCode, body.token);
    this.assertCurrency(session, body.currency);
    const call: WalletCall = {
      kind: 'bet',
      txRef: body.txId,
      roundRef: body.roundId,
      refTxRef: null,
      amount: body.amount,
      request: { kind: 'bet', ...withoutToken(body) },
      detail: extra.detail,
    };
    if (!(await this.deps.guard.limitsLosses(session.memberId))) {
      const posted = await this.post(session, call, async (bonus, post) => {
        await this.assertMayBet(session, call, bonus, this.deps.db);
        return this.posts.post(post);
      });
      return posted.transaction;
    }
    // Checked and posted in one transaction under the member's lock, so bets arriving together
    // are decided one after the other, each seeing the stakes before it (not batched: such
    // players are few, and their bets must not hold up a batch while they wait for the lock).
    const posted = await this.post(session, call, (bonus, post) =>
      this.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${LOSS_LIMIT_LOCK_CLASS}, ${lossLimitLockKey(session.memberId)})`,
        );
        await this.assertMayBet(session, call, bonus, tx);
        return postWithin(tx, post);
      }),
    );
    return posted.transaction;
  }

  /**
   * Refuses a bet on an ended session, above the active bonus's largest stake, or from a player
   * on a break or past a loss limit. A loss limit counts cash only (docs/bonuses.md): with a
   * bonus, only the part of the stake cash will pay is checked against it.
   */
  private async assertMayBet(session: SessionInfo, call: WalletCall, bonus: CallBonus, db: DbOrTx) {
    try {
      if (session.endedAt !== null || session.expiresAt <= this.now()) {
        throw new AppError('vendor.sessionEnded');
      }
      const stake = BigInt(call.amount);
      if (bonus.maxStakeMinor !== null && stake > bonus.maxStakeMinor) {
        throw new AppError('bonus.maxStake', { maxStakeMinor: Number(bonus.maxStakeMinor) });
      }
      let cashStake = stake;
      if (bonus.memberBonusId !== null && (await this.deps.guard.limitsLosses(session.memberId))) {
        const cash = await this.deps.ledger.balance(
          db,
          { kind: 'cash', ownerId: session.memberId },
          session.currency,
        );
        cashStake = cash < stake ? (cash > 0n ? cash : 0n) : stake;
      }
      await this.deps.guard.assertMayBet(session.memberId, cashStake, db);
    } catch (refused) {
      // A retry of a bet taken before the session ended or the limit was reached answers what
      // the first call did: the vendor must not think a taken stake failed.
      if (!(await this.seen(session, call.txRef, db))) throw refused;
    }
  }

  async win(
    providerCode: string,
    body: VendorWinBody,
    extra: RoundDetail = {},
  ): Promise<VendorTransaction> {
    const session = await this.session(providerCode, body.token);
    this.assertCurrency(session, body.currency);
    const answer = await this.post(session, {
      kind: 'win',
      txRef: body.txId,
      roundRef: body.roundId,
      refTxRef: null,
      amount: body.amount,
      request: { kind: 'win', ...withoutToken(body) },
      final: body.final ?? true,
      detail: extra.detail,
    });
    // A replay carries no round figures: the first copy may have committed without its answer
    // coming back (the process died, or its batch was lost), so the board never heard of it.
    const round =
      answer.round ??
      (answer.transaction.replayed && answer.roundId !== null
        ? await this.roundFigures(answer.roundId)
        : null);
    if (
      round?.status === 'settled' &&
      session.accountKind === 'cash' &&
      round.stakeMinor > 0n &&
      round.winMinor >= BIG_WIN_MIN_MINOR &&
      round.winMinor >= round.stakeMinor * BIG_WIN_MULTIPLIER
    ) {
      await this.noteBigWin(session, round.id, round.winMinor);
    }
    return answer.transaction;
  }

  /**
   * Many wins in one call (a sportsbook settling a match): each item is `win` itself, so it is
   * refused, replayed or paid, with its bonus share and its place on the winner board, exactly as
   * if it came alone; arriving together, they share the batcher's statements and commits. Each
   * distinct session is read once first, so a cold cache costs one read per player, not per item.
   * Answers each item's value or error, in the items' order; one item's failure is its own.
   */
  async wins(
    providerCode: string,
    bodies: VendorWinBody[],
  ): Promise<PromiseSettledResult<VendorTransaction>[]> {
    await Promise.allSettled(
      [...new Set(bodies.map((body) => body.token))].map((token) =>
        this.session(providerCode, token),
      ),
    );
    return Promise.allSettled(bodies.map((body) => this.win(providerCode, body)));
  }

  async rollback(providerCode: string, body: VendorRollbackBody): Promise<VendorTransaction> {
    const session = await this.session(providerCode, body.token);
    this.assertCurrency(session, body.currency);
    const answer = await this.post(session, {
      kind: 'rollback',
      txRef: body.txId,
      roundRef: null,
      refTxRef: body.refTxId,
      amount: 0,
      request: { kind: 'rollback', ...withoutToken(body) },
    });
    return answer.transaction;
  }

  /**
   * Corrects a settled round: a positive amount is paid to the player, a negative one taken back,
   * at most what their cash (or play) balance holds, never below zero; the answer says what moved
   * (`appliedAmount`). Taken after the session ended (a correction may come days later) and
   * outside the player's limits (it is no bet). Cash only: a round staked from a bonus is
   * corrected in cash. One ledger movement (kind `win`, so loss limits and play results count
   * it) per txId; the round's win and its closing balance move with it, so the player's records
   * show it. A retried txId answers its first result and moves nothing.
   */
  async adjust(providerCode: string, body: VendorAdjustBody): Promise<VendorAdjustment> {
    const session = await this.session(providerCode, body.token);
    this.assertCurrency(session, body.currency);
    const print = fingerprint({ kind: 'adjust', ...withoutToken(body) });
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await this.deps.db.transaction((tx) =>
          this.adjustWithin(tx, session, body, print),
        );
        await this.deps.balances.changed(session.memberId);
        return answer;
      } catch (error) {
        // A copy of the call that rolled back after we waited for its id, or a balance that
        // another movement lowered between our read and the post: read again.
        const again =
          raced(error) ||
          ((refusal(error) ?? error) instanceof AppError &&
            ((refusal(error) ?? error) as AppError).errorCode === 'wallet.insufficientFunds');
        if (attempt < RACE_RETRIES && again) continue;
        throw error;
      }
    }
  }

  private async adjustWithin(
    tx: DbOrTx,
    session: SessionInfo,
    body: VendorAdjustBody,
    print: string,
  ): Promise<VendorAdjustment> {
    // The id first: a concurrent copy waits here until this one commits, then finds it.
    const [taken] = await tx
      .insert(gameTransactions)
      .values({
        providerCode: session.providerCode,
        txRef: body.txId,
        kind: 'adjust',
        memberId: session.memberId,
        amountMinor: 0n,
        status: 'done',
        fingerprint: print,
      })
      .onConflictDoNothing()
      .returning({ id: gameTransactions.id });
    if (!taken) {
      const [seen] = await tx
        .select()
        .from(gameTransactions)
        .where(
          and(
            eq(gameTransactions.providerCode, session.providerCode),
            eq(gameTransactions.txRef, body.txId),
          ),
        );
      if (!seen) throw new Error('game_wallet_raced');
      if (
        seen.kind !== 'adjust' ||
        seen.fingerprint !== print ||
        seen.memberId !== session.memberId
      )
        throw new AppError('idempotency.mismatch');
      return {
        balance: Number(seen.balanceAfterMinor ?? 0n),
        currency: session.currency,
        txId: body.txId,
        replayed: true,
        appliedAmount: Number(seen.amountMinor),
      };
    }
    const [round] = await tx
      .select()
      .from(gameRounds)
      .where(
        and(
          eq(gameRounds.providerCode, session.providerCode),
          eq(gameRounds.roundRef, body.roundId),
        ),
      )
      .for('update');
    if (
      !round ||
      round.memberId !== session.memberId ||
      round.accountKind !== session.accountKind ||
      round.currency !== session.currency
    ) {
      throw new AppError('vendor.roundUnknown');
    }
    if (round.status !== 'settled') throw new AppError('vendor.roundNotSettled');

    const member = { kind: session.accountKind, ownerId: session.memberId };
    const held = await this.deps.ledger.balance(tx, member, session.currency);
    const wanted = BigInt(body.amount);
    const takeable = held > 0n ? held : 0n;
    const applied = wanted > 0n ? wanted : -(-wanted < takeable ? -wanted : takeable);
    let own = held;
    let ledgerTransactionId: bigint | null = null;
    if (applied !== 0n) {
      const posted = await this.deps.ledger.post(tx, {
        kind: 'win',
        source: `game:${session.providerCode}`,
        key: `adjust:${body.txId}`,
        request: { kind: 'adjust', ...withoutToken(body) },
        currency: session.currency,
        memberId: session.memberId,
        reference: {
          game: String(session.gameId),
          category: session.category,
          provider: session.providerCode,
          vendor: session.vendorCode,
          round: body.roundId,
          adjustment: true,
        },
        legs: [
          { account: member, amountMinor: applied },
          {
            account: { kind: session.accountKind === 'cash' ? 'house' : 'play_house' },
            amountMinor: -applied,
          },
        ],
      });
      if (posted.replayed) throw new Error('game_wallet_raced');
      ledgerTransactionId = posted.transactionId;
      own = posted.balancesAfter.get(accountKey(member)) ?? held + applied;
    }
    // What every answer shows: cash plus the bonus balance, or the play balance.
    const balance =
      session.accountKind === 'cash'
        ? own +
          (await this.deps.ledger.balance(
            tx,
            { kind: 'bonus_balance', ownerId: session.memberId },
            session.currency,
          ))
        : own;
    await tx
      .update(gameRounds)
      .set({ winMinor: sql`${gameRounds.winMinor} + ${applied}`, balanceAfterMinor: balance })
      .where(eq(gameRounds.id, round.id));
    await tx
      .update(gameTransactions)
      .set({
        roundId: round.id,
        amountMinor: applied,
        ledgerTransactionId,
        balanceAfterMinor: balance,
      })
      .where(eq(gameTransactions.id, taken.id));
    return {
      balance: Number(balance),
      currency: session.currency,
      txId: body.txId,
      replayed: false,
      appliedAmount: Number(applied),
    };
  }

  /**
   * Posts a call (through the batcher unless `send` is given) and answers it, retrying a call
   * that lost a race to a concurrent one, or whose bonus ended before it took bonus money (read
   * again, past the cache).
   */
  private async post(
    session: SessionInfo,
    call: WalletCall,
    send: (bonus: CallBonus, post: WalletPost) => Promise<PostRow> = (_bonus, post) =>
      this.posts.post(post),
  ): Promise<{
    transaction: VendorTransaction;
    roundId: bigint | null;
    round: RoundFigures | null;
  }> {
    let bonus = await this.bonusOf(session);
    let post = this.walletPost(session, call, bonus);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return this.answer(session, call.txRef, await send(bonus, post));
      } catch (error) {
        // A concurrent call took this id or opened this round first; the retry finds its work.
        if (attempt < RACE_RETRIES && raced(error)) continue;
        if (attempt < RACE_RETRIES && bonusChanged(error)) {
          bonus = await this.bonusOf(session, true);
          post = this.walletPost(session, call, bonus);
          continue;
        }
        const refused = refusal(error);
        if (refused?.errorCode === 'wallet.insufficientFunds') {
          throw new AppError('wallet.insufficientFunds', {
            balance: toNumber(refused.data?.balance as string),
          });
        }
        throw refused ?? error;
      }
    }
  }

  /** The member's active bonus and bonus account for a cash session's call. */
  private async bonusOf(session: SessionInfo, fresh = false): Promise<CallBonus> {
    if (session.accountKind !== 'cash') return NO_BONUS;
    const active = await this.deps.bonuses.forMember(session.memberId, fresh);
    if (!active) return NO_BONUS;
    // Opened on the first call with a bonus; its id is cached by the ledger from then on.
    const bonusAccountId = await this.deps.ledger.accountIdFor(
      this.deps.db,
      { kind: 'bonus_balance', ownerId: session.memberId },
      session.currency,
      session.memberId,
    );
    return { memberBonusId: active.id, bonusAccountId, maxStakeMinor: active.maxStakeMinor };
  }

  private walletPost(session: SessionInfo, call: WalletCall, bonus: CallBonus): WalletPost {
    return {
      provider: session.providerCode,
      kind: call.kind,
      txRef: call.txRef,
      roundRef: call.roundRef,
      refTxRef: call.refTxRef,
      memberId: session.memberId,
      gameId: session.gameId,
      sessionId: session.id,
      accountKind: session.accountKind,
      currency: session.currency,
      amount: call.amount,
      final: call.final ?? false,
      fingerprint: fingerprint(call.request),
      memberAccountId: session.memberAccountId,
      houseAccountId: session.houseAccountId,
      reference: {
        game: String(session.gameId),
        category: session.category,
        provider: session.providerCode,
        vendor: session.vendorCode,
      },
      detail: call.detail ?? null,
      memberBonusId: bonus.memberBonusId,
      bonusAccountId: bonus.bonusAccountId,
    };
  }

  private async answer(session: SessionInfo, txRef: string, row: PostRow) {
    const balance = toNumber(row.balance);
    switch (row.outcome) {
      case 'ok':
        break;
      case 'late':
        throw new AppError('vendor.txRolledBack', { balance });
      case 'mismatch':
        throw new AppError('idempotency.mismatch');
      case 'unknown_round':
        throw new AppError('vendor.roundUnknown');
      case 'closed_round':
        throw new AppError('vendor.roundClosed');
      case 'not_a_bet':
        throw new AppError('vendor.notABet');
      default:
        throw new Error(`game_wallet_post answered ${row.outcome}`);
    }
    // A replay too: the first copy may have committed without its answer coming back (a batch
    // posted again after a lost connection), so nothing dropped the cached balance yet.
    await this.deps.balances.changed(session.memberId);
    return {
      transaction: {
        balance,
        currency: session.currency,
        txId: txRef,
        replayed: row.replayed,
      },
      roundId: row.round_id === null ? null : BigInt(row.round_id),
      round:
        row.round_id === null || row.round_status === null
          ? null
          : {
              id: BigInt(row.round_id),
              status: row.round_status,
              stakeMinor: BigInt(row.round_stake ?? 0),
              winMinor: BigInt(row.round_win ?? 0),
            },
    };
  }

  /** A round with the vendor's calls on it, for an operator answering a player; undefined if none. */
  async recall(providerCode: string, roundRef: string): Promise<OpsRound | undefined> {
    const { db } = this.deps;
    const [r] = await db
      .select()
      .from(gameRounds)
      .where(and(eq(gameRounds.providerCode, providerCode), eq(gameRounds.roundRef, roundRef)));
    if (!r) return undefined;
    const [calls, names] = await Promise.all([
      db
        .select()
        .from(gameTransactions)
        .where(eq(gameTransactions.roundId, r.id))
        .orderBy(gameTransactions.id),
      memberReads.usernames(db, [r.memberId]),
    ]);
    const minor = (value: bigint | null) => (value === null ? null : Number(value));
    return {
      id: String(r.id),
      provider: r.providerCode,
      roundId: r.roundRef,
      username: names.get(r.memberId) ?? '',
      gameId: String(r.gameId),
      accountKind: r.accountKind as OpsRound['accountKind'],
      currency: r.currency,
      stakeMinor: Number(r.stakeMinor),
      winMinor: Number(r.winMinor),
      balanceBeforeMinor: minor(r.balanceBeforeMinor),
      balanceAfterMinor: minor(r.balanceAfterMinor),
      status: r.status as OpsRound['status'],
      openedAt: r.openedAt.toISOString(),
      settledAt: r.settledAt?.toISOString() ?? null,
      detail: r.detail ?? null,
      transactions: calls.map((call) => ({
        txId: call.txRef,
        kind: call.kind as OpsRound['transactions'][number]['kind'],
        amountMinor: Number(call.amountMinor),
        refTxId: call.refTxRef,
        status: call.status as OpsRound['transactions'][number]['status'],
        ledgerTransactionId:
          call.ledgerTransactionId === null ? null : String(call.ledgerTransactionId),
        balanceAfterMinor: minor(call.balanceAfterMinor),
        at: call.createdAt.toISOString(),
      })),
    };
  }

  /** Whether this provider's transaction id was taken before. */
  private async seen(session: SessionInfo, txRef: string, db: DbOrTx): Promise<boolean> {
    const [row] = await db
      .select({ id: gameTransactions.id })
      .from(gameTransactions)
      .where(
        and(
          eq(gameTransactions.providerCode, session.providerCode),
          eq(gameTransactions.txRef, txRef),
        ),
      );
    return row !== undefined;
  }

  /** A round's status and totals as they stand. */
  private async roundFigures(roundId: bigint): Promise<RoundFigures | null> {
    const [round] = await this.deps.db
      .select({
        id: gameRounds.id,
        status: gameRounds.status,
        stakeMinor: gameRounds.stakeMinor,
        winMinor: gameRounds.winMinor,
      })
      .from(gameRounds)
      .where(eq(gameRounds.id, roundId));
    return round ?? null;
  }

  /**
   * A settled round that paid BIG_WIN_MULTIPLIER times its stake goes on the winner board, once
   * (one row per round, however many copies of its win arrive). The winner's name is asked of
   * accounts only here: big wins are rare, so no bet or session load pays for it.
   */
  private async noteBigWin(session: SessionInfo, roundId: bigint, winMinor: bigint) {
    const names = await memberReads.usernames(this.deps.db, [session.memberId]);
    await this.deps.noteBigWin({
      gameId: session.gameId,
      memberId: session.memberId,
      customerName: names.get(session.memberId) ?? '',
      winMinor,
      roundId,
    });
  }

  private assertCurrency(session: SessionInfo, currency: string) {
    if (currency !== session.currency) throw new AppError('vendor.currencyMismatch');
  }

  /** The session a token names, read through a cache every process drops on a change. */
  private async session(providerCode: string, token: string): Promise<SessionInfo> {
    const hash = hashToken(token);
    const info = await this.sessions.getOrLoad(hash, () => this.loadSession(hash));
    // A token of another provider is as unknown as a made-up one.
    if (!info || info.providerCode !== providerCode) throw new AppError('vendor.sessionUnknown');
    return info;
  }

  private async loadSession(hash: string): Promise<SessionInfo | undefined> {
    const [row] = await this.deps.db
      .select({
        id: gameSessions.id,
        providerCode: gameSessions.providerCode,
        memberId: gameSessions.memberId,
        gameId: gameSessions.gameId,
        accountKind: gameSessions.accountKind,
        currency: gameSessions.currency,
        language: gameSessions.language,
        expiresAt: gameSessions.expiresAt,
        endedAt: gameSessions.endedAt,
      })
      .from(gameSessions)
      .where(eq(gameSessions.tokenHash, hash));
    if (!row) return undefined;
    const accountKind = row.accountKind as GameAccountKind;
    const [game, memberAccountId, houseAccountId] = await Promise.all([
      this.deps.sessionGame(row.gameId),
      this.deps.ledger.accountIdFor(
        this.deps.db,
        { kind: accountKind, ownerId: row.memberId },
        row.currency,
        row.memberId,
      ),
      this.deps.ledger.accountIdFor(
        this.deps.db,
        { kind: accountKind === 'cash' ? 'house' : 'play_house' },
        row.currency,
        row.memberId,
      ),
    ]);
    if (!game) return undefined;
    return {
      ...row,
      ...game,
      accountKind,
      expiresAt: row.expiresAt.getTime(),
      endedAt: row.endedAt?.getTime() ?? null,
      memberAccountId,
      houseAccountId,
    };
  }
}

function withoutToken<T extends { token: string }>(body: T): Omit<T, 'token'> {
  const { token: _token, ...rest } = body;
  return rest;
}
