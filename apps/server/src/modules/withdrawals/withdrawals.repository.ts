/** Queries on payee accounts, withdrawals, the channels they use and the inbox notices they write. */
import { and, asc, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payeeAccounts, withdrawals } from '../../db/schema/withdrawals';

export type PayeeRow = typeof payeeAccounts.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A withdrawal with what its records show about the payee (the cashier names the channel). */
export interface WithdrawalView extends WithdrawalRow {
  accountName: string;
  accountNumber: string;
}

const w = withdrawals;
const p = payeeAccounts;

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
  accountName: p.accountName,
  accountNumber: p.accountNumber,
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
          eq(w.status, 'pending'),
          memberId === undefined ? undefined : eq(w.memberId, memberId),
        ),
      )
      .returning();
    return row;
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
    filter: { status?: string; from?: Date; to?: Date; before?: bigint; limit: number },
  ): Promise<WithdrawalView[]> {
    const conditions: (SQL | undefined)[] = [
      eq(w.memberId, memberId),
      filter.status ? eq(w.status, filter.status) : undefined,
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
