/**
 * The rollup pass: takes in what happened since the last pass (per source, rows after its
 * watermark) and adds it to the summary tables in the same transaction that advances the
 * watermarks, so a pass counts each row exactly once whatever crashes or runs twice. Every server
 * process runs it on a timer; an advisory lock lets one at a time work (the others skip). An empty
 * database's first pass is the backfill: it walks every source from id 0, batch by batch.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rollupRepository as repo, ROLLUP_SOURCES, type RollupSource } from './rollup.repository';

export interface RollupOptions {
  /** The site's time zone, whose calendar days the tables count in. */
  timeZone: string;
  /** Ids per source per transaction. */
  batchSize?: number;
  /** Rows younger than this are left to the next pass (a transaction still running might yet
   *  commit a row with a lower id). */
  settleSeconds?: number;
  /** How often the timer runs the pass; 0: never (tests run it by hand). */
  intervalMs?: number;
}

export interface RollupResult {
  /** Ids taken in, per source. */
  taken: Partial<Record<RollupSource, number>>;
  /** false when another process held the lock and this pass did nothing. */
  ran: boolean;
}

export class ReportsRollup {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RollupResult> | undefined;
  private readonly batchSize: number;
  private readonly settleSeconds: number;

  constructor(
    private readonly db: Database,
    private readonly options: RollupOptions,
  ) {
    this.batchSize = options.batchSize ?? 50_000;
    this.settleSeconds = options.settleSeconds ?? 5;
  }

  start(log: FastifyBaseLogger) {
    const interval = this.options.intervalMs ?? 0;
    if (interval <= 0 || this.timer) return;
    const tick = () => {
      this.run().then(
        () => undefined,
        (error: unknown) => log.warn({ err: error }, 'reports rollup failed'),
      );
    };
    this.timer = setInterval(tick, interval);
    this.timer.unref();
    tick();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * Runs passes until every source is caught up (the backfill takes many). `settleSeconds`
   * overrides the delay (tests pass 0: everything committed counts); `wait` waits for another
   * process's pass instead of leaving the work to it.
   */
  async run(options: { settleSeconds?: number; wait?: boolean } = {}): Promise<RollupResult> {
    // One pass at a time in this process; a caller arriving meanwhile waits for it, then runs.
    while (this.running) await this.running.catch(() => undefined);
    const pass = this.catchUp(options.settleSeconds ?? this.settleSeconds, options.wait ?? false);
    this.running = pass;
    try {
      return await pass;
    } finally {
      this.running = undefined;
    }
  }

  private async catchUp(settleSeconds: number, wait: boolean): Promise<RollupResult> {
    const total: RollupResult = { taken: {}, ran: false };
    for (;;) {
      const step = await this.pass(settleSeconds, wait);
      if (!step.ran) return total;
      total.ran = true;
      let more = false;
      for (const [source, count] of Object.entries(step.taken) as [RollupSource, number][]) {
        total.taken[source] = (total.taken[source] ?? 0) + count;
        if (count > 0) more = true;
      }
      if (!more) return total;
    }
  }

  /** One transaction: at most one batch per source. */
  private async pass(settleSeconds: number, wait: boolean): Promise<RollupResult> {
    const tz = this.options.timeZone;
    return this.db.transaction(async (tx) => {
      if (!(await repo.lock(tx, wait))) return { taken: {}, ran: false };
      const marks = await repo.watermarks(tx);
      const taken: Partial<Record<RollupSource, number>> = {};

      // State changes of payments counted before: moved between state buckets.
      await repo.firstDeposits(
        tx,
        tz,
        sql`select w.payment_id from report_payment_watch w join deposits p on p.id = w.payment_id
            where w.direction = 'deposit' and w.state <> 'paid' and p.status = 'paid'`,
      );
      await repo.paymentChanges(tx, 'deposit');
      await repo.paymentChanges(tx, 'withdrawal');

      for (const source of ROLLUP_SOURCES) {
        const from = marks.get(source) ?? 0n;
        const to = await repo.nextRange(tx, source, from, this.batchSize, settleSeconds);
        if (to === null) continue;
        switch (source) {
          case 'members':
            await repo.members(tx, from, to, tz);
            break;
          case 'game_rounds':
            await repo.gameRounds(tx, from, to, tz);
            break;
          case 'game_transactions':
            await repo.gameTransactions(tx, from, to, tz);
            break;
          case 'bonus_entries':
            await repo.bonusEntries(tx, from, to, tz);
            break;
          case 'deposits':
            await repo.payments(tx, 'deposit', from, to, tz);
            await repo.firstDeposits(tx, tz, repo.paidInRange(from, to));
            break;
          case 'withdrawals':
            await repo.payments(tx, 'withdrawal', from, to, tz);
            break;
        }
        await repo.advance(tx, source, to);
        taken[source] = Number(to - from);
      }
      await repo.pruneActiveHours(tx);
      await tx.execute(sql`update report_watermarks set updated_at = now()`);
      return { taken, ran: true };
    });
  }
}
