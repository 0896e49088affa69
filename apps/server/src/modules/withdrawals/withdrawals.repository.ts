/** Queries on payee accounts, withdrawals, the channels they use and the inbox notices they write. */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payeeAccounts, withdrawals } from '../../db/schema/withdrawals';

export type PayeeRow = typeof payeeAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A withdrawal with what its records show about the payee (the cashier names the channel). */
export interface WithdrawalView extends WithdrawalRow {
  accountName: string;
  accountNumber: string;
  payeeCreatedAt: Date;
}

const w = withdrawals;
const p = payeeAccounts;

/** now() plus some milliseconds, in the database's clock (every process agrees on it). */
const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

const viewColumns = {
  id: w.id,
  memberId: w.memberId,
  payeeAccountId: w.payeeAccountId,
  channelCode: w.channelCode,
  amountMinor: w.amountMinor,
  currency: w.currency,
  status: w.status,
  idempotencyKey: w.idempotencyKey,
  fingerprint: w.fingerprint,
  holdTransactionId: w.holdTransactionId,
  settleTransactionId: w.settleTransactionId,
  decidedBy: w.decidedBy,
  decisionNote: w.decisionNote,
  createdAt: w.createdAt,
  decidedAt: w.decidedAt,
  payoutProvider: w.payoutProvider,
  payoutRef: w.payoutRef,
  payoutState: w.payoutState,
  payoutReason: w.payoutReason,
  payoutAttempts: w.payoutAttempts,
  payoutNextAt: w.payoutNextAt,
  accountName: p.accountName,
  accountNumber: p.accountNumber,
  payeeCreatedAt: p.createdAt,
};

export const withdrawalsRepository = {
  /** The member's bound (not removed) accounts, oldest first. */
  async activePayees(db: DbOrTx, memberId: bigint): Promise<PayeeRow[]> {
    return db
      .select()
      .from(p)
      .where(and(eq(p.memberId, memberId), isNull(p.removedAt)))
      .orderBy(asc(p.id));
  },

  async activePayee(db: DbOrTx, memberId: bigint, id: bigint): Promise<PayeeRow | undefined> {
    const [row] = await db
      .select()
      .from(p)
      .where(and(eq(p.id, id), eq(p.memberId, memberId), isNull(p.removedAt)));
    return row;
  },

  /** A payee account whether or not it was removed since (for notices about old withdrawals). */
  async payeeById(db: DbOrTx, id: bigint): Promise<PayeeRow | undefined> {
    const [row] = await db.select().from(p).where(eq(p.id, id));
    return row;
  },

  async insertPayee(db: DbOrTx, values: typeof payeeAccounts.$inferInsert): Promise<PayeeRow> {
    const [row] = await db.insert(p).values(values).returning();
    return row!;
  },

  /** Marks the account removed; undefined when it was not the member's or already removed. */
  async removePayee(db: DbOrTx, memberId: bigint, id: bigint): Promise<PayeeRow | undefined> {
    const [row] = await db
      .update(p)
      .set({ removedAt: sql`now()` })
      .where(and(eq(p.id, id), eq(p.memberId, memberId), isNull(p.removedAt)))
      .returning();
    return row;
  },

  /** Inserts a pending withdrawal; undefined when the member used this key before. */
  async insertWithdrawal(
    db: DbOrTx,
    values: typeof withdrawals.$inferInsert,
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .insert(w)
      .values(values)
      .onConflictDoNothing({ target: [w.memberId, w.idempotencyKey] })
      .returning();
    return row;
  },

  async byKey(db: DbOrTx, memberId: bigint, key: string): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .select()
      .from(w)
      .where(and(eq(w.memberId, memberId), eq(w.idempotencyKey, key)));
    return row;
  },

  async setTransaction(
    db: DbOrTx,
    id: bigint,
    field: 'holdTransactionId' | 'settleTransactionId',
    transactionId: bigint,
  ) {
    await db
      .update(w)
      .set({ [field]: transactionId })
      .where(eq(w.id, id));
  },

  /**
   * Moves a pending withdrawal to its final status, exactly once: the update only matches while
   * the row is pending, so of two concurrent decisions one gets the row and the other nothing.
   */
  async decide(
    db: DbOrTx,
    id: bigint,
    change: { status: 'paid' | 'rejected' | 'cancelled'; decidedBy: string; note?: string },
    memberId?: bigint,
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .update(w)
      .set({
        status: change.status,
        decidedBy: change.decidedBy,
        decisionNote: change.note ?? null,
        decidedAt: sql`now()`,
      })
      .where(
        and(
          eq(w.id, id),
          // The player may also cancel one still waiting for the identity check.
          change.status === 'cancelled'
            ? inArray(w.status, ['pending', 'waiting_kyc'])
            : eq(w.status, 'pending'),
          memberId === undefined ? undefined : eq(w.memberId, memberId),
        ),
      )
      .returning();
    return row;
  },

  /**
   * The member's withdrawals created at or after `since` that are not given back (waiting,
   * pending, on their way or paid): what the 30-day identity-check amount counts.
   */
  async sumSince(db: DbOrTx, memberId: bigint, since: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${w.amountMinor}), 0)::text` })
      .from(w)
      .where(
        and(
          eq(w.memberId, memberId),
          gte(w.createdAt, since),
          inArray(w.status, ['waiting_kyc', 'pending', 'processing', 'paid']),
        ),
      );
    return BigInt(row?.total ?? '0');
  },

  /** waiting_kyc → pending for the member (their identity was approved); the ids released. */
  async releaseWaitingKyc(db: DbOrTx, memberId: bigint): Promise<bigint[]> {
    const rows = await db
      .update(w)
      .set({ status: 'pending' })
      .where(and(eq(w.memberId, memberId), eq(w.status, 'waiting_kyc')))
      .returning({ id: w.id });
    return rows.map((row) => row.id).sort((a, b) => (a < b ? -1 : 1));
  },

  async countByStatus(db: DbOrTx, memberId: bigint, status: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(w)
      .where(and(eq(w.memberId, memberId), eq(w.status, status)));
    return row?.n ?? 0;
  },

  /** How many withdrawals of each member wait for the identity check (one query for all). */
  async waitingKycCounts(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await db
      .select({ memberId: w.memberId, n: sql<number>`count(*)::int` })
      .from(w)
      .where(and(inArray(w.memberId, [...memberIds]), eq(w.status, 'waiting_kyc')))
      .groupBy(w.memberId);
    return new Map(rows.map((row) => [row.memberId, row.n]));
  },

  /** Paid withdrawals of these members (id, amount), for the money desk's usual amount. */
  async paidOf(db: DbOrTx, memberIds: readonly bigint[]) {
    if (memberIds.length === 0) return [];
    return db
      .select({ id: w.id, memberId: w.memberId, amountMinor: w.amountMinor })
      .from(w)
      .where(and(inArray(w.memberId, [...memberIds]), eq(w.status, 'paid')));
  },

  /** Members holding an active payee account with this number on this channel. */
  async payeeHolders(db: DbOrTx, channelCode: string, accountNumber: string): Promise<bigint[]> {
    const rows = await db
      .selectDistinct({ memberId: p.memberId })
      .from(p)
      .where(and(eq(p.channelCode, channelCode), eq(p.accountNumber, accountNumber)));
    return rows.map((row) => row.memberId);
  },

  async byId(db: DbOrTx, id: bigint): Promise<WithdrawalRow | undefined> {
    const [row] = await db.select().from(w).where(eq(w.id, id));
    return row;
  },

  /**
   * Approval through a payout gateway: pending → processing (payout state sending), once only.
   * `leaseMs` keeps the payout pass off it while the approving process sends it.
   */
  async startPayout(
    db: DbOrTx,
    id: bigint,
    provider: string,
    decidedBy: string,
    leaseMs: number,
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .update(w)
      .set({
        status: 'processing',
        decidedBy,
        decidedAt: sql`now()`,
        payoutProvider: provider,
        payoutState: 'sending',
        payoutNextAt: inMs(leaseMs),
      })
      .where(and(eq(w.id, id), eq(w.status, 'pending')))
      .returning();
    return row;
  },

  /**
   * The gateway's answer or the trouble reaching it, while the payout goes on: looked at again
   * in `nextInMs`. The first reference the gateway gave is kept.
   */
  async payoutGoesOn(
    db: DbOrTx,
    id: bigint,
    change: { state: 'sending' | 'processing'; ref: string | null; reason: string | null },
    nextInMs: number,
  ) {
    await db
      .update(w)
      .set({
        payoutState: change.state,
        payoutRef: sql`coalesce(${w.payoutRef}, ${change.ref})`,
        payoutReason: change.reason?.slice(0, 256) ?? null,
        payoutAttempts: sql`${w.payoutAttempts} + 1`,
        payoutNextAt: inMs(nextInMs),
      })
      .where(and(eq(w.id, id), eq(w.status, 'processing')));
  },

  /** The payout ended: processing → paid | failed, exactly once (see `decide`). */
  async endPayout(
    db: DbOrTx,
    id: bigint,
    end: { status: 'paid' | 'failed'; ref: string | null; reason: string | null },
  ): Promise<WithdrawalRow | undefined> {
    const [row] = await db
      .update(w)
      .set({
        status: end.status,
        payoutState: end.status,
        payoutRef: sql`coalesce(${w.payoutRef}, ${end.ref})`,
        payoutReason: end.reason?.slice(0, 256) ?? null,
        payoutAttempts: sql`${w.payoutAttempts} + 1`,
        payoutNextAt: null,
      })
      .where(and(eq(w.id, id), eq(w.status, 'processing')))
      .returning();
    return row;
  },

  /**
   * Payouts due for a look, claimed for `leaseMs`: rows another process holds (locked now, or
   * claimed and not yet due again) are skipped, so several payout passes share the work.
   */
  async claimDuePayouts(db: DbOrTx, limit: number, leaseMs: number): Promise<WithdrawalRow[]> {
    const due = db
      .select({ id: w.id })
      .from(w)
      .where(and(eq(w.status, 'processing'), lte(w.payoutNextAt, sql`now()`)))
      .orderBy(asc(w.payoutNextAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(w)
      .set({ payoutNextAt: inMs(leaseMs) })
      .where(and(inArray(w.id, due), eq(w.status, 'processing')))
      .returning();
  },

  async view(db: DbOrTx, id: bigint): Promise<WithdrawalView | undefined> {
    const [row] = await db
      .select(viewColumns)
      .from(w)
      .innerJoin(p, eq(p.id, w.payeeAccountId))
      .where(eq(w.id, id));
    return row;
  },

  /** One page of a member's withdrawals, newest first, by id (a cursor, never OFFSET). */
  async memberPage(
    db: DbOrTx,
    memberId: bigint,
    filter: { status?: string | string[]; from?: Date; to?: Date; before?: bigint; limit: number },
  ): Promise<WithdrawalView[]> {
    const statuses = filter.status === undefined ? [] : [filter.status].flat();
    const conditions: (SQL | undefined)[] = [
      eq(w.memberId, memberId),
      statuses.length > 0 ? inArray(w.status, statuses) : undefined,
      filter.from ? gte(w.createdAt, filter.from) : undefined,
      filter.to ? lt(w.createdAt, filter.to) : undefined,
      filter.before === undefined ? undefined : lt(w.id, filter.before),
    ];
    return db
      .select(viewColumns)
      .from(w)
      .innerJoin(p, eq(p.id, w.payeeAccountId))
      .where(and(...conditions))
      .orderBy(desc(w.id))
      .limit(filter.limit);
  },

  /** Withdrawals in one status, all members (the withdrawals_status index answers it). */
  async countInStatus(db: DbOrTx, status: string): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(eq(withdrawals.status, status));
    return Number(row?.count ?? 0);
  },

  /** The operator's queue: pending ones oldest first (paid in turn); other statuses newest first. */
  async opsList(db: DbOrTx, filter: { status: string; limit: number }): Promise<WithdrawalView[]> {
    const query = db
      .select(viewColumns)
      .from(w)
      .innerJoin(p, eq(p.id, w.payeeAccountId))
      .where(filter.status === 'all' ? undefined : eq(w.status, filter.status))
      .orderBy(filter.status === 'pending' ? asc(w.id) : desc(w.id))
      .limit(filter.limit);
    return query;
  },
};
