/**
 * Queries of player protection: deposit and loss limits, breaks, reality-check settings, session
 * figures, net loss.
 */
import { and, desc, eq, gt, gte, inArray, notLike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { deposits } from '../../db/schema/cashier';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';
import { depositLimits, exclusions, protectionSettings } from '../../db/schema/protection';

export type DepositLimitRow = typeof depositLimits.$inferSelect;
export type LimitKind = 'deposit' | 'loss';
export type ExclusionRow = typeof exclusions.$inferSelect;

/** Deposits that count toward a limit: paid, or still waiting for the provider. */
export const COUNTED_DEPOSIT_STATUSES = ['pending', 'paid'];

/** Ledger kinds that move money in or out rather than through play (see `netResultSince`). */
const NOT_PLAY_KIND_PREFIXES = ['deposit', 'withdrawal', 'transfer'];

/** Ledger kinds a loss limit counts: the game wallet's stakes, wins and refunded stakes. */
const LOSS_KINDS = ['bet', 'win', 'rollback'];

export const protectionRepository = {
  async limits(
    db: DbOrTx,
    memberId: bigint,
    kind: LimitKind,
    lock = false,
  ): Promise<DepositLimitRow[]> {
    const query = db
      .select()
      .from(depositLimits)
      .where(and(eq(depositLimits.memberId, memberId), eq(depositLimits.kind, kind)));
    return lock ? query.for('update') : query;
  },

  async upsertLimit(db: DbOrTx, row: Omit<DepositLimitRow, 'updatedAt'>): Promise<void> {
    const values = { ...row, updatedAt: new Date() };
    await db
      .insert(depositLimits)
      .values(values)
      .onConflictDoUpdate({
        target: [depositLimits.memberId, depositLimits.kind, depositLimits.period],
        set: {
          amountMinor: values.amountMinor,
          pendingAmountMinor: values.pendingAmountMinor,
          pendingFrom: values.pendingFrom,
          pendingRemoval: values.pendingRemoval,
          updatedAt: values.updatedAt,
        },
      });
  },

  /** Sum of counted deposits created at or after `since`. */
  async depositedSince(db: DbOrTx, memberId: bigint, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)` })
      .from(deposits)
      .where(
        and(
          eq(deposits.memberId, memberId),
          gte(deposits.createdAt, since),
          inArray(deposits.status, COUNTED_DEPOSIT_STATUSES),
        ),
      );
    return BigInt(row?.total ?? 0);
  },

  /**
   * The member's net loss (bets − wins − rollbacks on the cash account) since each of `since`,
   * in one pass over the entries of the earliest window.
   */
  async netLossSince(db: DbOrTx, memberId: bigint, since: Date[]): Promise<bigint[]> {
    if (since.length === 0) return [];
    const earliest = new Date(Math.min(...since.map((d) => d.getTime())));
    const sums = since.map(
      (from, i) =>
        sql`coalesce(-sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.createdAt} >= ${from.toISOString()}), 0)::text as ${sql.identifier(`s${i}`)}`,
    );
    const result = await db.execute(sql`
      select ${sql.join(sums, sql`, `)}
      from ${ledgerEntries}
      join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
      where ${ledgerEntries.accountId} in (
          select ${ledgerAccounts.id} from ${ledgerAccounts}
          where ${ledgerAccounts.ownerId} = ${memberId} and ${ledgerAccounts.kind} = 'cash')
        and ${ledgerEntries.createdAt} >= ${earliest.toISOString()}
        and ${inArray(ledgerTransactions.kind, LOSS_KINDS)}`);
    const row = (result as { rows: Record<string, string | null>[] }).rows[0] ?? {};
    return since.map((_, i) => BigInt(row[`s${i}`] ?? 0));
  },

  /** The break that ends last among those still running at `now`. */
  async activeExclusion(db: DbOrTx, memberId: bigint, now: Date): Promise<ExclusionRow | null> {
    const [row] = await db
      .select()
      .from(exclusions)
      .where(and(eq(exclusions.memberId, memberId), gt(exclusions.endsAt, now)))
      .orderBy(desc(exclusions.endsAt))
      .limit(1);
    return row ?? null;
  },

  async insertExclusion(
    db: DbOrTx,
    row: { memberId: bigint; kind: string; startsAt: Date; endsAt: Date },
  ): Promise<ExclusionRow> {
    const [inserted] = await db.insert(exclusions).values(row).returning();
    return inserted!;
  },

  async realityCheckMinutes(db: DbOrTx, memberId: bigint): Promise<number | null> {
    const [row] = await db
      .select({ minutes: protectionSettings.realityCheckMinutes })
      .from(protectionSettings)
      .where(eq(protectionSettings.memberId, memberId));
    return row?.minutes ?? null;
  },

  async setRealityCheck(db: DbOrTx, memberId: bigint, minutes: number | null) {
    await db
      .insert(protectionSettings)
      .values({ memberId, realityCheckMinutes: minutes })
      .onConflictDoUpdate({
        target: protectionSettings.memberId,
        set: { realityCheckMinutes: minutes, updatedAt: new Date() },
      });
  },

  /**
   * The member's result of play on their cash account since `since`: every entry but those of
   * deposits, withdrawals and transfers (bets negative, wins, rollbacks and rebates positive).
   */
  async netResultSince(db: DbOrTx, memberId: bigint, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(
        and(
          eq(ledgerAccounts.ownerId, memberId),
          eq(ledgerAccounts.kind, 'cash'),
          gte(ledgerEntries.createdAt, since),
          ...NOT_PLAY_KIND_PREFIXES.map((prefix) => notLike(ledgerTransactions.kind, `${prefix}%`)),
        ),
      );
    return BigInt(row?.total ?? 0);
  },
};
