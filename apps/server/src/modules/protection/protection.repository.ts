/**
 * Queries of player protection: deposit and loss limits, breaks, reality-check settings, session
 * figures (deposit sums and net loss are read through the cashier's and the ledger's reads).
 */
import { and, desc, eq, gt, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { depositLimits, exclusions, protectionSettings } from '../../db/schema/protection';

export type DepositLimitRow = typeof depositLimits.$inferSelect;
export type LimitKind = 'deposit' | 'loss';
export type ExclusionRow = typeof exclusions.$inferSelect;

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

  /** Members of `memberIds` under a self-exclusion at `now`. */
  async selfExcludedAmong(db: DbOrTx, memberIds: readonly bigint[], now: Date): Promise<bigint[]> {
    if (memberIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ memberId: exclusions.memberId })
      .from(exclusions)
      .where(
        and(
          inArray(exclusions.memberId, [...memberIds]),
          eq(exclusions.kind, 'self_exclusion'),
          gt(exclusions.endsAt, now),
        ),
      );
    return rows.map((row) => row.memberId);
  },

  /** Every member under a self-exclusion at `now` (index exclusions_ends). */
  async selfExcludedIds(db: DbOrTx, now: Date): Promise<bigint[]> {
    const rows = await db
      .selectDistinct({ memberId: exclusions.memberId })
      .from(exclusions)
      .where(and(eq(exclusions.kind, 'self_exclusion'), gt(exclusions.endsAt, now)));
    return rows.map((row) => row.memberId);
  },

  /**
   * Breaks for the operator: in force at `now` (ending soonest first) or all (newest first),
   * by id as a cursor.
   */
  async breaks(
    db: DbOrTx,
    filter: { active: boolean; kind?: string; memberId?: bigint; before?: bigint; limit: number },
    now: Date,
  ): Promise<ExclusionRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.active ? gt(exclusions.endsAt, now) : undefined,
      filter.active ? lte(exclusions.startsAt, now) : undefined,
      filter.kind ? eq(exclusions.kind, filter.kind) : undefined,
      filter.memberId === undefined ? undefined : eq(exclusions.memberId, filter.memberId),
      filter.before === undefined ? undefined : lt(exclusions.id, filter.before),
    ];
    return db
      .select()
      .from(exclusions)
      .where(and(...conditions))
      .orderBy(desc(exclusions.id))
      .limit(filter.limit);
  },

  /** A break ends later (never earlier: the caller checked under the member's lock). */
  async extend(db: DbOrTx, id: bigint, until: Date, by: string): Promise<ExclusionRow> {
    const [row] = await db
      .update(exclusions)
      .set({ endsAt: until, extendedBy: by, extendedAt: new Date() })
      .where(eq(exclusions.id, id))
      .returning();
    return row!;
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
};
