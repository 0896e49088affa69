/**
 * Our lottery: the catalogue games of the lottery vendors, each drawing on a schedule in one of
 * the contract's formats. A scheduler in every process keeps the next draws open, closes them,
 * draws results from each draw's seed and settles tickets; every step is a conditional update (or
 * `for update skip locked`) and every payment an idempotent game-wallet transaction, so several
 * processes, or one restarted after a crash, never pay twice. A ticket is one game round at
 * provider LOTTERY: its bet is taken at purchase, its win (0 for a loser) at settlement.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORY_NAMES } from '@khela/contract/game-categories';
import type { Language } from '@khela/contract/language';
import {
  hitsOf,
  LOTTERY_FORMATS,
  picksProblem,
  winOf,
  type LotteryBetAnswer,
  type LotteryBetBody,
  type LotteryDraw,
  type LotteryFormatCode,
  type LotteryGame,
  type LotteryList,
  type LotteryMenu,
  type LotteryNumero,
  type LotteryRecent,
  type LotteryTicket,
} from '@khela/contract/lottery';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { CatalogueGame } from '../games/catalogue';
import type { GamesService } from '../games/games.service';
import { GAME_SESSION_HOURS, LOTTERY_VENDORS, type GameWallet } from '../game-wallet/game-wallet';
import { gameRoundReads } from '../game-wallet/game-round-reads';
import type { ProtectionService } from '../protection/protection.service';
import type { SettingsService } from '../settings/settings.service';
import {
  DEFAULT_CLOSE_BEFORE_MS,
  DEFAULT_INTERVAL_MS,
  drawResult,
  formatFor,
  formatWire,
  newSeed,
  slotTimes,
} from './lottery-draw';
import * as repo from './lottery.repository';

export const LOTTERY_PROVIDER = 'LOTTERY';
const RECENT_DRAWS = 10;
const MEMBER_TICKETS = 50;
const SETTLE_BATCH = 500;
/** A stake without its ticket this long after the bet is an orphan of a crash (see refundOrphans). */
const ORPHAN_AFTER_MS = 2 * 60_000;
/** Pages of stale open rounds one pass reads looking for orphans. */
const ORPHAN_PAGES = 10;

export interface LotteryDeps {
  db: Database;
  games: GamesService;
  gameWallet: GameWallet;
  protection: ProtectionService;
  settings: SettingsService;
  log?: FastifyBaseLogger;
  /** Draw intervals per format (milliseconds); the defaults are 3 and 5 minutes. */
  intervalMs?: Partial<Record<LotteryFormatCode, number>>;
  closeBeforeMs?: number;
  /** How often the scheduler looks; 0 leaves it to whoever calls tick(). */
  tickMs?: number;
  now?: () => number;
}

interface LotteryGameInfo {
  game: CatalogueGame;
  category: 'LOTT' | 'ELOTT';
  format: LotteryFormatCode;
  intervalMs: number;
}

export interface TickReport {
  closed: number;
  drawn: number;
  settled: number;
}

type Auth = { memberId: bigint; kind: string };

export class LotteryService {
  private now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly closeBeforeMs: number;
  private log: FastifyBaseLogger | undefined;

  constructor(private readonly deps: LotteryDeps) {
    this.now = deps.now ?? Date.now;
    this.closeBeforeMs = deps.closeBeforeMs ?? DEFAULT_CLOSE_BEFORE_MS;
    this.log = deps.log;
  }

  /** Tests move time through this clock; the scheduler and purchases read it. */
  useClock(now: () => number) {
    this.now = now;
  }

  start(log?: FastifyBaseLogger) {
    this.log = log ?? this.deps.log;
    const every = this.deps.tickMs ?? 1_000;
    if (every <= 0) return;
    const run = () => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.log?.error({ err: error }, 'lottery tick failed'))
        .finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, every);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** The lottery games now in the catalogue, with their format and schedule. */
  lotteryGames(): LotteryGameInfo[] {
    const catalogue = this.deps.games.current();
    const seen = new Map<string, number>();
    const found: LotteryGameInfo[] = [];
    const ordered = catalogue.games
      .filter((game) => LOTTERY_VENDORS.has(game.vendorCode) || isLotteryCategory(game.category))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const game of ordered) {
      const index = seen.get(game.vendorCode) ?? 0;
      seen.set(game.vendorCode, index + 1);
      const format = formatFor(index);
      found.push({
        game,
        category: game.category === 'LOTT' ? 'LOTT' : 'ELOTT',
        format,
        intervalMs: this.deps.intervalMs?.[format] ?? DEFAULT_INTERVAL_MS[format],
      });
    }
    return found;
  }

  private gameOf(nodeId: string): LotteryGameInfo {
    const info = this.lotteryGames().find((entry) => entry.game.nodeId === nodeId);
    if (!info) throw new AppError('game.notFound');
    return info;
  }

  // ── The scheduler ─────────────────────────────────────────────────────────────────────────

  /** One pass: open the current and next draws, close, draw and settle what is due. */
  async tick(): Promise<TickReport> {
    const now = new Date(this.now());
    await this.openDraws(now.getTime());
    const closed = (await repo.closeDue(this.deps.db, now)).length;
    const drawn = await repo.drawDue(this.deps.db, now, (draw) =>
      drawResult(draw.format as LotteryFormatCode, draw.serverSeed, String(draw.id)),
    );
    const settled = await this.settle();
    await this.refundOrphans();
    return { closed, drawn, settled };
  }

  /**
   * A bet whose ticket was never written (a crash between the two, and no retry) is refunded:
   * with no ticket there is no draw to settle it, so giving the stake back is the better end for
   * the player. The rollback's id is the one the bet itself would use, so it happens once.
   */
  async refundOrphans(): Promise<number> {
    const { db } = this.deps;
    const before = new Date(this.now() - ORPHAN_AFTER_MS);
    let refunded = 0;
    let afterId: bigint | undefined;
    // Open rounds awaiting their draw have tickets and are skipped; paging on past them (a
    // bounded number of pages a pass) keeps a long queue of those from hiding an orphan.
    for (let page = 0; page < ORPHAN_PAGES && refunded < SETTLE_BATCH; page++) {
      const rounds = await gameRoundReads.staleOpenRounds(
        db,
        LOTTERY_PROVIDER,
        before,
        SETTLE_BATCH,
        afterId,
      );
      if (rounds.length === 0) break;
      afterId = rounds.at(-1)!.id;
      const ticketed = await repo.ticketedRounds(
        db,
        rounds.map((round) => round.roundRef),
      );
      const orphans = rounds.filter((round) => !ticketed.has(round.roundRef));
      const sessions = await repo.lotterySessionsOf(
        db,
        orphans.map((round) => round.memberId),
      );
      for (const round of orphans) {
        const session = sessions.get(repo.sessionOwnerKey(round));
        if (!session) continue;
        await this.deps.gameWallet.rollback(LOTTERY_PROVIDER, {
          token: session.token,
          txId: `${round.roundRef}:void`,
          refTxId: `${round.roundRef}:bet`,
          currency: round.currency,
        });
        refunded++;
      }
      if (rounds.length < SETTLE_BATCH) break;
    }
    return refunded;
  }

  private async openDraws(now: number) {
    const draws: repo.NewDraw[] = [];
    for (const info of this.lotteryGames()) {
      const slot = Math.floor(now / info.intervalMs);
      for (const drawNo of [slot, slot + 1]) {
        const times = slotTimes(drawNo, info.intervalMs, this.closeBeforeMs);
        draws.push({
          gameId: info.game.id,
          drawNo,
          format: info.format,
          opensAt: new Date(times.opensAt),
          closesAt: new Date(times.closesAt),
          drawsAt: new Date(times.drawsAt),
          ...newSeed(),
        });
      }
    }
    await repo.insertDraws(this.deps.db, draws);
  }

  /**
   * Pays every open ticket of a drawn draw through the game wallet. The win's transaction id is
   * the ticket's, so a second run (or another process running at once) is answered the first
   * payment; the ticket's own update is conditional on `open`.
   */
  async settle(): Promise<number> {
    const { db, gameWallet } = this.deps;
    const at = new Date(this.now());
    const due = await repo.ticketsToSettle(db, SETTLE_BATCH);
    const currencies = await memberReads.walletCurrencies(
      db,
      due.map((ticket) => ticket.memberId),
    );
    let settled = 0;
    for (const ticket of due) {
      const code = ticket.format as LotteryFormatCode;
      const result = ticket.result ?? [];
      const win = winOf(code, ticket.picks, result, Number(ticket.stakeMinor));
      const hits = hitsOf(code, ticket.picks, result);
      try {
        await gameWallet.win(
          LOTTERY_PROVIDER,
          {
            token: ticket.token,
            txId: `lottery-win-${ticket.ticketId}`,
            roundId: ticket.roundRef,
            amount: win,
            currency: currencies.get(ticket.memberId) ?? this.currency(),
            final: true,
          },
          { detail: { lottery: { ticketId: String(ticket.ticketId), result, hits, win } } },
        );
        await repo.markSettled(db, ticket.ticketId, {
          status: win > 0 ? 'won' : 'lost',
          winMinor: BigInt(win),
          hits,
          at,
        });
        settled += 1;
      } catch (error) {
        // A round refunded elsewhere (an operator's rollback) leaves nothing to pay.
        if (error instanceof AppError && error.errorCode === 'vendor.roundClosed') {
          await repo.markSettled(db, ticket.ticketId, {
            status: 'void',
            winMinor: 0n,
            hits: null,
            at,
          });
          continue;
        }
        this.log?.error({ err: error, ticketId: String(ticket.ticketId) }, 'lottery settle');
      }
    }
    await repo.settleDraws(db, at);
    return settled;
  }

  // ── Public lists ─────────────────────────────────────────────────────────────────────────

  menu(language: Language): LotteryMenu {
    const catalogue = this.deps.games.current();
    const infos = this.lotteryGames();
    const vendors = catalogue.vendors(language);
    const groups: LotteryMenu['groups'] = [];
    for (const category of ['LOTT', 'ELOTT'] as const) {
      const inCategory = infos.filter((info) => info.category === category);
      if (inCategory.length === 0) continue;
      const codes = [...new Set(inCategory.map((info) => info.game.vendorCode))];
      groups.push({
        category,
        name: CATEGORY_NAMES[category][language],
        vendors: codes.map((code) => ({
          vassalage: code,
          displayName: vendors.find((vendor) => vendor.vassalage === code)?.displayName ?? code,
          games: inCategory
            .filter((info) => info.game.vendorCode === code)
            .map((info) => ({ nodeId: info.game.nodeId, gameName: info.game.names[language] })),
        })),
      });
    }
    return { prizeMode: catalogue.vendorsAnswer(language).prizeMode, groups };
  }

  async list(language: Language): Promise<LotteryList> {
    const now = this.now();
    const infos = this.lotteryGames();
    const open = await repo.openDraws(
      this.deps.db,
      infos.map((info) => info.game.id),
      new Date(now),
    );
    const games: LotteryGame[] = infos.map((info) => {
      const current = open.find((draw) => draw.gameId === info.game.id);
      return {
        nodeId: info.game.nodeId,
        gameName: info.game.names[language],
        vassalage: info.game.vendorCode,
        category: info.category,
        iconUrl: info.game.iconUrl,
        format: formatWire(info.format),
        intervalSeconds: Math.round(info.intervalMs / 1000),
        current: current ? drawWire(current) : null,
      };
    });
    return { serverTime: new Date(now).toISOString(), games };
  }

  async recent(nodeId: string): Promise<LotteryRecent> {
    const info = this.gameOf(nodeId);
    const draws = await repo.recentDraws(this.deps.db, info.game.id, RECENT_DRAWS);
    return { nodeId, draws: draws.map(drawWire) };
  }

  async numero(nodeId: string): Promise<LotteryNumero> {
    const now = this.now();
    const info = this.gameOf(nodeId);
    const [current, next] = await repo.openDraws(this.deps.db, [info.game.id], new Date(now));
    return {
      nodeId,
      serverTime: new Date(now).toISOString(),
      current: current ? drawWire(current) : null,
      next: next ? drawWire(next) : null,
    };
  }

  // ── Tickets ──────────────────────────────────────────────────────────────────────────────

  /**
   * Buys a ticket. `key` is the client's Idempotency-Key: the round (and the bet's transaction)
   * is named after it, so a retry answers the first ticket and the stake is taken once; the same
   * key with other picks, draw or stake is 422 idempotency.mismatch.
   */
  async bet(
    auth: Auth,
    key: string | undefined,
    body: LotteryBetBody,
    language: Language,
  ): Promise<LotteryBetAnswer> {
    if (!key) throw new AppError('idempotency.keyRequired');
    const { db, gameWallet } = this.deps;
    const info = this.gameOf(body.nodeId);
    const problem = picksProblem(info.format, body.picks);
    if (problem) throw new AppError('lottery.badPicks', { reason: problem });
    await this.deps.protection.assertMayPlay(auth.memberId);

    const accountKind = auth.kind === 'member' ? 'cash' : 'play';
    // The money is part of the round: the same key from a cash and a play session never meet.
    const roundRef = `lt:${auth.memberId}:${createHash('sha256').update(`${accountKind}:${key}`).digest('hex').slice(0, 40)}`;
    const same = (row: repo.TicketRow) =>
      row.accountKind === accountKind &&
      row.drawId === BigInt(body.drawId) &&
      Number(row.stakeMinor) === body.stakeMinor &&
      JSON.stringify(row.picks) === JSON.stringify(body.picks);

    const earlier = await repo.ticketByRound(db, roundRef);
    if (earlier) {
      if (!same(earlier.ticket)) throw new AppError('idempotency.mismatch');
      const session = await this.session(auth.memberId, info, accountKind, language);
      const balance = await gameWallet.balance(LOTTERY_PROVIDER, { token: session.token });
      return { ticket: ticketWire(earlier, info), balance: balance.balance, replayed: true };
    }

    const now = this.now();
    const draw = await repo.drawById(db, BigInt(body.drawId));
    if (!draw || draw.gameId !== info.game.id) throw new AppError('lottery.drawNotFound');
    if (draw.status !== 'open' || draw.closesAt.getTime() <= now) {
      throw new AppError('lottery.drawClosed');
    }
    const session = await this.session(auth.memberId, info, accountKind, language);
    const betKind = LOTTERY_FORMATS[info.format].kind === 'digits' ? 'straight' : 'keno';
    const currency = (await memberReads.walletCurrency(db, auth.memberId)) ?? this.currency();
    const betTx = `${roundRef}:bet`;
    const placed = await gameWallet.bet(
      LOTTERY_PROVIDER,
      { token: session.token, txId: betTx, roundId: roundRef, amount: body.stakeMinor, currency },
      {
        detail: {
          lottery: {
            drawId: body.drawId,
            drawNo: draw.drawNo,
            format: info.format,
            picks: body.picks,
            betKind,
          },
        },
      },
    );
    const taken = await repo.insertTicket(
      db,
      {
        drawId: draw.id,
        memberId: auth.memberId,
        sessionId: session.id,
        roundRef,
        picks: body.picks,
        betKind,
        accountKind,
        stakeMinor: BigInt(body.stakeMinor),
      },
      new Date(this.now()),
    );
    const ticket = await repo.ticketByRound(db, roundRef);
    if (!taken && !ticket) {
      // The draw closed between the check and the ticket: the stake goes back.
      await gameWallet.rollback(LOTTERY_PROVIDER, {
        token: session.token,
        txId: `${roundRef}:void`,
        refTxId: betTx,
        currency,
      });
      throw new AppError('lottery.drawClosed');
    }
    if (!ticket || !same(ticket.ticket)) throw new AppError('idempotency.mismatch');
    return {
      ticket: ticketWire(ticket, info),
      balance: placed.balance,
      replayed: placed.replayed || !taken,
    };
  }

  async tickets(
    memberId: bigint,
    filter: { nodeId?: string; drawId?: string },
  ): Promise<{ tickets: LotteryTicket[] }> {
    const infos = this.lotteryGames();
    const gameId = filter.nodeId === undefined ? undefined : this.gameOf(filter.nodeId).game.id;
    const rows = await repo.memberTickets(
      this.deps.db,
      memberId,
      { gameId, drawId: filter.drawId === undefined ? undefined : BigInt(filter.drawId) },
      MEMBER_TICKETS,
    );
    return {
      tickets: rows.flatMap((row) => {
        const info = infos.find((entry) => entry.game.id === row.gameId);
        return info ? [ticketWire(row, info)] : [];
      }),
    };
  }

  /** The member's lottery session for this game, opened once and reused until near its end. */
  private async session(
    memberId: bigint,
    info: LotteryGameInfo,
    accountKind: 'cash' | 'play',
    language: Language,
  ) {
    const { db, gameWallet } = this.deps;
    const held = await repo.lotterySession(db, memberId, info.game.id, accountKind);
    // Wallet sessions expire by the wall clock, not the lottery's (test) clock.
    if (held && held.renewAt.getTime() > Date.now()) return held;
    const currency = (await memberReads.walletCurrency(db, memberId)) ?? this.currency();
    const { token } = await gameWallet.openSession({
      memberId,
      gameId: info.game.id,
      providerCode: LOTTERY_PROVIDER,
      accountKind,
      currency,
      language,
    });
    return repo.saveSession(db, {
      memberId,
      gameId: info.game.id,
      accountKind,
      token,
      renewAt: new Date(Date.now() + (GAME_SESSION_HOURS - 1) * 3_600_000),
    });
  }

  private currency() {
    return this.deps.settings.get('merchant').currency;
  }
}

const isLotteryCategory = (category: string) => category === 'LOTT' || category === 'ELOTT';

function drawWire(row: repo.DrawRow): LotteryDraw {
  const revealed = row.status === 'drawn' || row.status === 'settled';
  return {
    drawId: String(row.id),
    drawNo: row.drawNo,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    drawsAt: row.drawsAt.toISOString(),
    status: row.status as LotteryDraw['status'],
    serverSeedHash: row.serverSeedHash,
    serverSeed: revealed ? row.serverSeed : null,
    result: revealed ? (row.result ?? null) : null,
  };
}

function ticketWire(
  row: { ticket: repo.TicketRow; drawNo: number; result: number[] | null },
  info: LotteryGameInfo,
): LotteryTicket {
  const { ticket } = row;
  return {
    ticketId: String(ticket.id),
    nodeId: info.game.nodeId,
    drawId: String(ticket.drawId),
    drawNo: row.drawNo,
    picks: ticket.picks,
    betKind: ticket.betKind === 'keno' ? 'keno' : 'straight',
    stakeMinor: Number(ticket.stakeMinor),
    winMinor: Number(ticket.winMinor),
    status: ticket.status as LotteryTicket['status'],
    result: row.result ?? null,
    playMoney: ticket.accountKind === 'play',
    createdAt: ticket.createdAt.toISOString(),
  };
}
