/**
 * The site's stored figures for the operator's metrics: deposits and withdrawals by state, the
 * outbox queue, the database pool. Read from the database when Prometheus scrapes (a few grouped
 * queries, kept FRESH_MS so that several scrapers, or processes, cost one read each), not counted
 * as things happen: every process then reports the same, true figure, whichever process made the
 * change, and the modules that own the tables need no code for it.
 *
 * The queries are plain SQL over the tables' columns, outside the modules, and read only. A
 * module with figures of its own adds them with `SiteFigures.add` (app.siteFigures).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import { rowsOf, type DatabaseHandle } from '../db/client';

/** How long one read of the database answers every scrape. */
const FRESH_MS = 5000;

export interface FigureSample {
  labels: Record<string, string>;
  value: number;
}

export class SiteFigures {
  /** This app's figures; the plugin serves them with the process's instruments. */
  readonly registry = new Registry();
  private readonly readErrors = new Counter({
    name: 'khela_site_figure_read_errors_total',
    help: 'Scrapes at which a site figure could not be read from the database, by figure',
    labelNames: ['figure'] as const,
    registers: [this.registry],
  });

  /** Bumped to drop every answer kept (see `fresh`). */
  private epoch = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** `read`'s answer, shared by the calls of the next FRESH_MS (a failed read is not kept). */
  fresh<T>(read: () => Promise<T>): () => Promise<T> {
    let kept: { at: number; epoch: number; answer: Promise<T> } | undefined;
    return () => {
      const now = Date.now();
      if (!kept || kept.epoch !== this.epoch || now - kept.at >= FRESH_MS) {
        const answer = read();
        kept = { at: now, epoch: this.epoch, answer };
        answer.catch(() => {
          if (kept?.answer === answer) kept = undefined;
        });
      }
      return kept.answer;
    };
  }

  /** The next scrape reads the database again, whatever it read last (for tests). */
  readAfresh() {
    this.epoch += 1;
  }

  /**
   * A gauge whose samples `read` answers at scrape time. A read that fails leaves the gauge empty
   * for that scrape (and counts an error) rather than failing the whole scrape.
   */
  add(name: string, help: string, labelNames: string[], read: () => Promise<FigureSample[]>) {
    const { readErrors, log } = this;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        this.reset();
        try {
          for (const sample of await read()) this.set(sample.labels, sample.value);
        } catch (error) {
          readErrors.inc({ figure: name });
          log.warn({ err: error, figure: name }, 'site figure not read');
        }
      },
    });
  }
}

type Row = Record<string, string | number | null>;
const num = (value: string | number | null | undefined) => Number(value ?? 0);

/** The standard figures: payments, payouts, the outbox, the database pool. */
export function addSiteFigures(figures: SiteFigures, database: DatabaseHandle) {
  const query = (statement: SQL) => async () => rowsOf<Row>(await database.db.execute(statement));
  const samples =
    (rows: () => Promise<Row[]>, labels: Record<string, string>, value: string) => async () =>
      (await rows()).map((row) => ({
        labels: Object.fromEntries(
          Object.entries(labels).map(([label, column]) => [label, String(row[column] ?? '')]),
        ),
        value: num(row[value]),
      }));

  const deposits = figures.fresh(
    query(sql`select provider, status, count(*)::int as n,
      coalesce(sum(amount_minor), 0)::text as minor from deposits group by provider, status`),
  );
  const byProvider = { provider: 'provider', state: 'status' };
  figures.add(
    'khela_deposits',
    'Deposits ever opened, by payment provider and state (pending, paid, failed, expired)',
    ['provider', 'state'],
    samples(deposits, byProvider, 'n'),
  );
  figures.add(
    'khela_deposits_amount_minor',
    'Sum of deposit amounts in minor units, by payment provider and state',
    ['provider', 'state'],
    samples(deposits, byProvider, 'minor'),
  );
  // The deposits_status index (status, created_at) answers it without reading the table.
  figures.add(
    'khela_deposits_oldest_pending_seconds',
    'Age of the oldest deposit still pending, by payment provider (a callback that never came)',
    ['provider'],
    samples(
      figures.fresh(
        query(sql`select provider,
          extract(epoch from now() - min(created_at))::float8 as age
          from deposits where status = 'pending' group by provider`),
      ),
      { provider: 'provider' },
      'age',
    ),
  );

  const withdrawals = figures.fresh(
    query(sql`select channel_code, status, count(*)::int as n,
      coalesce(sum(amount_minor), 0)::text as minor from withdrawals
      group by channel_code, status`),
  );
  const byChannel = { channel: 'channel_code', state: 'status' };
  figures.add(
    'khela_withdrawals',
    'Withdrawals (payouts) ever requested, by payment channel and state',
    ['channel', 'state'],
    samples(withdrawals, byChannel, 'n'),
  );
  figures.add(
    'khela_withdrawals_amount_minor',
    'Sum of withdrawal amounts in minor units, by payment channel and state',
    ['channel', 'state'],
    samples(withdrawals, byChannel, 'minor'),
  );

  const outbox = figures.fresh(() => outboxByState(database));
  figures.add(
    'khela_outbox_messages',
    'SMS and e-mail in the outbox, by channel and delivery state (queued, sent, failed, …)',
    ['channel', 'state'],
    samples(outbox, { channel: 'channel', state: 'state' }, 'n'),
  );
  figures.add(
    'khela_outbox_oldest_queued_seconds',
    'Age of the oldest message still waiting to be sent, by channel',
    ['channel'],
    async () =>
      (await outbox())
        .filter((row) => row.state === 'queued' && row.oldest !== null)
        .map((row) => ({ labels: { channel: String(row.channel) }, value: num(row.oldest) })),
  );

  const pool = database.pool;
  if (pool) {
    figures.add(
      'khela_db_pool_connections',
      'Postgres pool connections: total open, idle, and requests waiting for one',
      ['state'],
      async () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ],
    );
  }
}

/** The outbox by channel and delivery state, with the oldest message's age in each. */
async function outboxByState(database: DatabaseHandle): Promise<Row[]> {
  return rowsOf<Row>(
    await database.db.execute(sql`select channel, state, count(*)::int as n,
      extract(epoch from now() - min(created_at))::float8 as oldest
      from outbox group by channel, state`),
  );
}
