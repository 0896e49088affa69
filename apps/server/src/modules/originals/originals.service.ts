/**
 * The in-house provably fair games (vendor BGS): seed pairs, bets and the crash recovery. The
 * results come from the shared engine (@khela/contract/fair), the money moves through the game
 * wallet as provider BGS, exactly as an outside vendor's would: a bet, then a final win (maybe
 * 0), both idempotent by transaction ids derived from the player's Idempotency-Key.
 *
 * A round's detail keeps the server seed's hash, never the seed: the seed is shown only once the
 * player rotates away from it. Recovery finds the seed again by its hash.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  FLOATS_NEEDED,
  fairFloats,
  playFair,
  resultFromFloats,
  sha256Hex,
  validParams,
  winMinor,
  type FairGame,
  type FairParams,
  type FairResult,
} from '@khela/contract/fair';
import type { Language } from '@khela/contract/language';
import {
  ORIGINALS_MAX_STAKE_MINOR,
  ORIGINALS_MIN_STAKE_MINOR,
  ORIGINALS_VENDOR,
  fairGameOfCode,
  type OriginalsBet,
  type OriginalsBetBody,
  type OriginalsGame,
  type RevealedSeed,
  type Rotation,
  type Seeds,
  type Verify,
  type VerifyQuery,
} from '@khela/contract/originals';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { gameRoundReads, type RoundRow } from '../game-wallet/game-round-reads';
import type { GameAccountKind, GameWallet } from '../game-wallet/game-wallet';
import { gameReads } from '../games/game-reads';
import type { GamesService } from '../games/games.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './originals.repository';

/** The provider the in-house games post as. */
export const BGS_PROVIDER = 'BGS';
/** A round still open this long after its bet was interrupted between bet and result. */
export const STALE_ROUND_MS = 30_000;
const RECOVERY_EVERY_MS = 15_000;
/** Game sessions last 12 hours; ours are replaced well before. */
const SESSION_REUSE_MS = 6 * 3_600_000;
const HISTORY_LIMIT = 50;

interface GameInfo {
  id: bigint;
  nodeId: string;
  game: FairGame;
  names: Record<Language, string>;
  minStakeMinor: number;
  maxStakeMinor: number;
}

/** What a round keeps (game_rounds.detail): enough to recompute and to answer a retry. */
interface RoundDetail {
  game: FairGame;
  nodeId: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  params: FairParams;
  result: FairResult;
  multiplier: number;
  stakeMinor: number;
  winMinor: number;
}

export interface BetPlayer {
  memberId: bigint;
  /** cash for members, play money for trial and free-play sessions. */
  accountKind: GameAccountKind;
}

export interface OriginalsDeps {
  db: Database;
  gameWallet: GameWallet;
  /** The catalogue as players see it: a game the operator hides stops taking bets at once. */
  games?: Pick<GamesService, 'current'>;
  settings: SettingsService;
  now?: () => number;
  log?: { error: (object: unknown, message: string) => void };
}

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');
const iso = (date: Date | null) => (date ?? new Date(0)).toISOString();

/**
 * Round and transaction ids from the player's key and money (cash or play), so a retried bet
 * finds its round and the same key from the other kind of session never does.
 */
export function roundIds(memberId: bigint, key: string, accountKind: GameAccountKind) {
  const hash = createHash('sha256')
    .update(`${memberId}:${accountKind}:${key}`)
    .digest('hex')
    .slice(0, 48);
  return idsOfRound(`o-${hash}`);
}

/** A round's own bet, win and rollback ids, so every retry and recovery sends the same ones. */
function idsOfRound(roundRef: string) {
  return { roundRef, bet: `${roundRef}-b`, win: `${roundRef}-w`, rollback: `${roundRef}-r` };
}

export class OriginalsService {
  private readonly games = new Map<string, GameInfo | null>();
  private readonly sessions = new Map<string, { token: string; openedAt: number }>();
  private readonly now: () => number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private log: OriginalsDeps['log'];

  constructor(private readonly deps: OriginalsDeps) {
    this.now = deps.now ?? Date.now;
    this.log = deps.log;
  }

  /** Completes or refunds interrupted rounds now and every RECOVERY_EVERY_MS. */
  async start(log?: OriginalsDeps['log']) {
    if (log) this.log = log;
    await this.recoverSafely();
    this.timer = setInterval(() => void this.recoverSafely(), RECOVERY_EVERY_MS);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  private get currency() {
    return this.deps.settings.get('merchant').currency;
  }

  // ── Games ───────────────────────────────────────────────────────────────────────────────

  async game(nodeId: string, language: Language): Promise<OriginalsGame> {
    const info = await this.gameInfo(nodeId);
    return {
      nodeId: info.nodeId,
      game: info.game,
      name: info.names[language],
      minStakeMinor: info.minStakeMinor,
      maxStakeMinor: info.maxStakeMinor,
    };
  }

  private async gameInfo(nodeId: string): Promise<GameInfo> {
    let info = this.games.get(nodeId);
    if (info === undefined) {
      const row = await gameReads.gameOfVendor(this.deps.db, BigInt(nodeId), ORIGINALS_VENDOR);
      const game = row ? fairGameOfCode(row.gameCode) : undefined;
      info =
        row && game && !row.hidden
          ? {
              id: row.id,
              nodeId,
              game,
              names: { EN: row.nameEn, BN: row.nameBn },
              minStakeMinor: Math.max(ORIGINALS_MIN_STAKE_MINOR, Number(row.minBetMinor)),
              maxStakeMinor: ORIGINALS_MAX_STAKE_MINOR,
            }
          : null;
      if (this.games.size > 1_000) this.games.clear();
      this.games.set(nodeId, info);
    }
    if (!info || (this.deps.games && !this.deps.games.current().game(nodeId))) {
      throw new AppError('originals.unknownGame');
    }
    return info;
  }

  // ── Seeds ───────────────────────────────────────────────────────────────────────────────

  /** The active pair (made on first use): the hash, the client seed and the next nonce. */
  async seeds(memberId: bigint): Promise<Seeds> {
    const row = await this.activePair(memberId);
    return { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce };
  }

  private async activePair(memberId: bigint, clientSeed?: string) {
    let row = await repo.activeSeed(this.deps.db, memberId);
    if (!row) {
      const serverSeed = newServerSeed();
      await repo.insertSeed(this.deps.db, {
        memberId,
        serverSeed,
        serverSeedHash: await sha256Hex(serverSeed),
        clientSeed: clientSeed ?? newClientSeed(),
      });
      row = await repo.activeSeed(this.deps.db, memberId);
    }
    if (!row) throw new Error('no active seed pair after insert');
    return row;
  }

  /**
   * Reveals the active server seed and starts a new pair at nonce 0, with the given client seed
   * or the current one. Changing the client seed is a rotation too: a pair never changes.
   */
  async rotate(memberId: bigint, clientSeed?: string): Promise<Rotation> {
    const { revealed, active } = await this.deps.db.transaction(async (tx) => {
      const old = await repo.revealActive(tx, memberId, new Date(this.now()));
      const serverSeed = newServerSeed();
      await repo.insertSeed(tx, {
        memberId,
        serverSeed,
        serverSeedHash: await sha256Hex(serverSeed),
        clientSeed: clientSeed ?? old?.clientSeed ?? newClientSeed(),
      });
      return { revealed: old, active: await repo.activeSeed(tx, memberId) };
    });
    if (!active) throw new Error('no active seed pair after rotation');
    return {
      revealed: revealed ? toRevealed(revealed) : null,
      active: {
        serverSeedHash: active.serverSeedHash,
        clientSeed: active.clientSeed,
        nonce: active.nonce,
      },
    };
  }

  async history(memberId: bigint): Promise<RevealedSeed[]> {
    return (await repo.revealedSeeds(this.deps.db, memberId, HISTORY_LIMIT)).map(toRevealed);
  }

  // ── Bets ────────────────────────────────────────────────────────────────────────────────

  /**
   * One round: takes the next nonce, computes the result, posts the bet and the final win. The
   * same key again answers the first round (`replayed`); with another body 422.
   */
  async bet(
    player: BetPlayer,
    key: string | undefined,
    body: OriginalsBetBody,
    language: Language,
  ): Promise<OriginalsBet> {
    if (!key) throw new AppError('idempotency.keyRequired');
    const info = await this.gameInfo(body.nodeId);
    const params: FairParams = info.game === 'slot' ? {} : { target: body.target ?? NaN };
    if (!validParams(info.game, params)) throw new AppError('originals.badTarget');
    if (body.stakeMinor < info.minStakeMinor || body.stakeMinor > info.maxStakeMinor) {
      throw new AppError('originals.stakeOutOfRange', {
        minMinor: info.minStakeMinor,
        maxMinor: info.maxStakeMinor,
      });
    }
    const ids = roundIds(player.memberId, key, player.accountKind);
    const seen = await gameRoundReads.roundByRef(this.deps.db, BGS_PROVIDER, ids.roundRef);
    if (seen) return this.replay(player, info, seen, body, params, language);

    await this.activePair(player.memberId);
    const pair = await repo.takeNonce(this.deps.db, player.memberId);
    if (!pair) throw new Error('no active seed pair to take a nonce from');
    const result = await playFair(
      info.game,
      { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce },
      params,
    );
    const win = winMinor(result, body.stakeMinor);
    const detail: RoundDetail = {
      game: info.game,
      nodeId: info.nodeId,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      params,
      result,
      multiplier: result.multiplier,
      stakeMinor: body.stakeMinor,
      winMinor: win,
    };
    const token = await this.token(player, info, language);
    const placed = await this.deps.gameWallet.bet(
      BGS_PROVIDER,
      {
        token,
        txId: ids.bet,
        roundId: ids.roundRef,
        amount: body.stakeMinor,
        currency: this.currency,
      },
      { detail: detail as unknown as Record<string, unknown> },
    );
    if (placed.replayed) {
      // A concurrent retry with the same key got there first: its round is the answer.
      const round = await gameRoundReads.roundByRef(this.deps.db, BGS_PROVIDER, ids.roundRef);
      if (round) return this.replay(player, info, round, body, params, language);
    }
    const paid = await this.deps.gameWallet.win(
      BGS_PROVIDER,
      {
        token,
        txId: ids.win,
        roundId: ids.roundRef,
        amount: win,
        currency: this.currency,
        final: true,
      },
      { detail: detail as unknown as Record<string, unknown> },
    );
    return this.answer(info, detail, paid.balance, player, ids.roundRef, false);
  }

  /** A retried key: the first round's answer; a round left open is completed first. */
  private async replay(
    player: BetPlayer,
    info: GameInfo,
    round: RoundRow,
    body: OriginalsBetBody,
    params: FairParams,
    language: Language,
  ): Promise<OriginalsBet> {
    const detail = round.detail as unknown as RoundDetail | null;
    if (
      !detail ||
      round.memberId !== player.memberId ||
      round.accountKind !== player.accountKind ||
      detail.nodeId !== body.nodeId ||
      detail.stakeMinor !== body.stakeMinor ||
      JSON.stringify(detail.params) !== JSON.stringify(params)
    ) {
      throw new AppError('idempotency.mismatch');
    }
    let balance = Number(round.balanceAfterMinor ?? 0);
    if (round.status === 'open') {
      const token = await this.token(player, info, language);
      const paid = await this.deps.gameWallet.win(BGS_PROVIDER, {
        token,
        txId: idsOfRound(round.roundRef).win,
        roundId: round.roundRef,
        amount: detail.winMinor,
        currency: this.currency,
        final: true,
      });
      balance = paid.balance;
    }
    return this.answer(info, detail, balance, player, round.roundRef, true);
  }

  private answer(
    info: GameInfo,
    detail: RoundDetail,
    balance: number,
    player: BetPlayer,
    roundRef: string,
    replayed: boolean,
  ): OriginalsBet {
    return {
      nodeId: info.nodeId,
      game: info.game,
      result: detail.result,
      stakeMinor: detail.stakeMinor,
      winMinor: detail.winMinor,
      balanceMinor: balance,
      playMoney: player.accountKind === 'play',
      serverSeedHash: detail.serverSeedHash,
      clientSeed: detail.clientSeed,
      nonce: detail.nonce,
      roundRef,
      replayed,
    };
  }

  /** One game session per member, game and account kind, kept in this process. */
  private async token(player: BetPlayer, info: GameInfo, language: Language) {
    const key = `${player.memberId}:${info.id}:${player.accountKind}`;
    const held = this.sessions.get(key);
    if (held && this.now() - held.openedAt < SESSION_REUSE_MS) return held.token;
    const { token } = await this.deps.gameWallet.openSession({
      memberId: player.memberId,
      gameId: info.id,
      providerCode: BGS_PROVIDER,
      accountKind: player.accountKind,
      currency: this.currency,
      language,
    });
    if (this.sessions.size > 50_000) this.sessions.clear();
    this.sessions.set(key, { token, openedAt: this.now() });
    return token;
  }

  // ── Crash recovery ──────────────────────────────────────────────────────────────────────

  private async recoverSafely() {
    try {
      await this.recover();
    } catch (error) {
      this.log?.error({ err: error }, 'in-house round recovery failed');
    }
  }

  /**
   * Rounds left open over STALE_ROUND_MS (a crash between bet and result) end the way better
   * for the player: the recomputed win when it is at least the stake, else the bet refunded.
   */
  async recover(olderThanMs = STALE_ROUND_MS): Promise<{ completed: number; refunded: number }> {
    const before = new Date(this.now() - olderThanMs);
    const rounds = await gameRoundReads.staleOpenRounds(this.deps.db, BGS_PROVIDER, before, 200);
    let completed = 0;
    let refunded = 0;
    for (const round of rounds) {
      // One round that fails (its retry comes at the next pass) never holds up the others.
      try {
        if ((await this.recoverRound(round)) === 'completed') completed += 1;
        else refunded += 1;
      } catch (error) {
        this.log?.error({ err: error, roundRef: round.roundRef }, 'in-house round not recovered');
      }
    }
    return { completed, refunded };
  }

  private async recoverRound(round: RoundRow): Promise<'completed' | 'refunded'> {
    const detail = round.detail as unknown as RoundDetail | null;
    const win = detail ? await this.recomputedWin(detail) : undefined;
    const stake = Number(round.stakeMinor);
    const { token } = await this.deps.gameWallet.openSession({
      memberId: round.memberId,
      gameId: round.gameId,
      providerCode: BGS_PROVIDER,
      accountKind: round.accountKind as GameAccountKind,
      currency: round.currency,
      language: 'EN',
    });
    try {
      const ids = idsOfRound(round.roundRef);
      if (win !== undefined && win >= stake) {
        await this.deps.gameWallet.win(BGS_PROVIDER, {
          token,
          txId: ids.win,
          roundId: round.roundRef,
          amount: win,
          currency: round.currency,
          final: true,
        });
        return 'completed';
      }
      await this.deps.gameWallet.rollback(BGS_PROVIDER, {
        token,
        txId: ids.rollback,
        refTxId: ids.bet,
        currency: round.currency,
      });
      return 'refunded';
    } finally {
      await this.deps.gameWallet.endSession(round.memberId, token);
    }
  }

  /** The round's win from its seeds (found by the hash), or undefined when it cannot be. */
  private async recomputedWin(detail: RoundDetail): Promise<number | undefined> {
    const pair = await repo.seedByHash(this.deps.db, detail.serverSeedHash);
    if (!pair) return undefined;
    const result = await playFair(
      detail.game,
      { serverSeed: pair.serverSeed, clientSeed: detail.clientSeed, nonce: detail.nonce },
      detail.params,
    );
    return winMinor(result, detail.stakeMinor);
  }
}

function toRevealed(row: repo.SeedRow): RevealedSeed {
  return {
    serverSeed: row.serverSeed,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonces: row.nonce,
    createdAt: iso(row.createdAt),
    revealedAt: iso(row.revealedAt),
  };
}

/** The public verifier: any round recomputed from its seeds and nonce. */
export async function verifyRound(query: VerifyQuery): Promise<Verify> {
  const params: FairParams = query.game === 'slot' ? {} : { target: query.target ?? NaN };
  if (!validParams(query.game, params)) throw new AppError('originals.badTarget');
  const seeds = { serverSeed: query.serverSeed, clientSeed: query.clientSeed, nonce: query.nonce };
  const floats = await fairFloats(seeds, FLOATS_NEEDED[query.game]);
  return {
    serverSeedHash: await sha256Hex(query.serverSeed),
    floats,
    result: resultFromFloats(query.game, floats, params),
  };
}
