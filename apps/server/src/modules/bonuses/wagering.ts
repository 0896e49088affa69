/**
 * The wagering pass (docs/bonuses.md): for each active bonus, the stake of its settled rounds
 * (game_rounds.member_bonus_id) times its campaign's weight for the game's category is its
 * progress; a bonus whose requirement is met converts, one whose time is up expires, one played
 * down to a zero balance with no round open ends (forfeited, reason `spent`), and members
 * with a queued bonus and none active start the next. Progress is counted from scratch on each
 * pass, so a round refunded or rolled back after it was counted stops counting.
 *
 * Every server process runs the pass on a timer; an advisory lock lets one at a time work (the
 * others skip). Each bonus's step runs in a savepoint, so one that fails (a concurrent bet took
 * the bonus balance between the read and the movement) is tried again on the next pass.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database, type DbOrTx } from '../../db/client';
import { gameRoundReads } from '../game-wallet/game-round-reads';
import { gameReads } from '../games/game-reads';
import { ledgerReads } from '../ledger/ledger-reads';
import type { BonusesService } from './bonuses.service';
import { memberBonusesRepository as repo, type MemberBonusRow } from './member-bonuses.repository';

/** pg advisory lock key of the pass ("bonuswag"). */
const WAGERING_LOCK_ID = 0x626f6e7573776167n;
const BATCH = 500;

export interface WageringResult {
  /** false when another process held the lock. */
  ran: boolean;
  converted: number;
  expired: number;
  activated: number;
  /** Active bonuses played down to a zero balance with no round open, ended. */
  spent: number;
  /** Active bonuses whose progress was brought up to date. */
  counted: number;
}

export class BonusWagering {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<WageringResult> | undefined;

  constructor(
    private readonly db: Database,
    private readonly bonuses: BonusesService,
    private readonly options: { intervalMs: number; now?: () => number },
  ) {}

  start(log: FastifyBaseLogger) {
    if (this.options.intervalMs <= 0 || this.timer) return;
    const tick = () => {
      this.run().then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'bonus wagering pass failed'),
      );
    };
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One pass (tests call it directly); `wait` waits for another process's pass to end. */
  async run(options: { wait?: boolean } = {}): Promise<WageringResult> {
    while (this.running) await this.running.catch(() => undefined);
    const pass = this.pass(options.wait ?? false);
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = undefined;
    }
  }

  private async pass(wait: boolean): Promise<WageringResult> {
    const touched = new Set<bigint>();
    const result = await this.db.transaction(async (tx) => {
      const result: WageringResult = {
        ran: true,
        converted: 0,
        expired: 0,
        activated: 0,
        spent: 0,
        counted: 0,
      };
      if (!(await lock(tx, wait))) return { ...result, ran: false };
      const now = new Date(this.options.now?.() ?? Date.now());

      for (const id of await repo.expiredIds(tx, now, BATCH)) {
        const row = await repo.byId(tx, id);
        if (!row) continue;
        if (await this.step(tx, () => this.bonuses.remove(tx, row, 'expired', null))) {
          result.expired += 1;
          touched.add(row.memberId);
        }
      }

      let after = 0n;
      for (;;) {
        const batch = await repo.activeBatch(tx, after, BATCH);
        if (batch.length === 0) break;
        after = batch.at(-1)!.id;
        const progress = await weightedStakes(tx, batch);
        const spent = await spentBonuses(tx, batch);
        for (const row of batch) {
          const wagered = progress.get(row.id) ?? 0n;
          if (wagered >= row.requiredMinor) {
            await repo.setWagered(tx, row.id, wagered);
            if (await this.step(tx, () => this.bonuses.convert(tx, row))) {
              result.converted += 1;
              touched.add(row.memberId);
            }
            continue;
          }
          if (wagered !== row.wageredMinor) {
            await repo.setWagered(tx, row.id, wagered);
            result.counted += 1;
          }
          // Played down to nothing: it ends, so it neither blocks a withdrawal with a forfeit
          // question about ৳0 nor holds back the next queued bonus until it expires.
          if (spent.has(row.id)) {
            if (await this.step(tx, () => this.bonuses.remove(tx, row, 'forfeited', 'spent'))) {
              result.spent += 1;
              touched.add(row.memberId);
            }
          }
        }
        if (batch.length < BATCH) break;
      }

      for (const memberId of await repo.membersWaiting(tx, BATCH)) {
        if ((await this.bonuses.activateNext(tx, memberId)) !== undefined) {
          result.activated += 1;
          touched.add(memberId);
        }
      }
      return result;
    });
    if (touched.size > 0) await this.bonuses.changed(...touched);
    return result;
  }

  /** A bonus's step in a savepoint: false when it failed (left for the next pass). */
  private async step(tx: DbOrTx, work: () => Promise<unknown>): Promise<boolean> {
    try {
      return Boolean(await (tx as Database).transaction(() => work()));
    } catch {
      return false;
    }
  }
}

async function lock(tx: DbOrTx, wait: boolean): Promise<boolean> {
  if (wait) {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAGERING_LOCK_ID})`);
    return true;
  }
  const rows = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${WAGERING_LOCK_ID}) as locked`),
  );
  return rows[0]?.locked === true;
}

/** Of these active bonuses, those whose balance is 0 and that no open round may still pay. */
async function spentBonuses(db: DbOrTx, bonuses: readonly MemberBonusRow[]): Promise<Set<bigint>> {
  const balances = await ledgerReads.bonusBalances(
    db,
    bonuses.map((row) => row.memberId),
  );
  const empty = bonuses.filter((row) => (balances.get(row.memberId) ?? 0n) === 0n);
  const open = await gameRoundReads.bonusesWithOpenRounds(
    db,
    empty.map((row) => row.id),
  );
  return new Set(empty.filter((row) => !open.has(row.id)).map((row) => row.id));
}

/**
 * Each bonus's progress: the settled stake of its rounds per game, times the weight its terms
 * give the game's category (percent; a category not named counts 0), summed and rounded down.
 */
async function weightedStakes(
  db: DbOrTx,
  bonuses: readonly MemberBonusRow[],
): Promise<Map<bigint, bigint>> {
  const stakes = await gameRoundReads.settledStakeByBonus(
    db,
    bonuses.map((row) => row.id),
  );
  const categories = await gameReads.categoriesByIds(
    db,
    stakes.map((s) => s.gameId),
  );
  const termsOf = new Map(bonuses.map((row) => [row.id, row.terms]));
  const hundredths = new Map<bigint, bigint>();
  for (const s of stakes) {
    const weights = termsOf.get(s.memberBonusId)?.weights ?? {};
    const category = categories.get(s.gameId) as keyof typeof weights | undefined;
    const weight = BigInt(category === undefined ? 0 : (weights[category] ?? 0));
    hundredths.set(
      s.memberBonusId,
      (hundredths.get(s.memberBonusId) ?? 0n) + s.stakeMinor * weight,
    );
  }
  return new Map([...hundredths].map(([id, total]) => [id, total / 100n]));
}
