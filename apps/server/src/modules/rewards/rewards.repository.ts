/** Queries for rewards: turnover by day and category from the ledger, and rebate claims. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { REBATE_UTC_OFFSET_HOURS, TURNOVER_KINDS } from '@khela/contract/rewards';
import { rowsOf, type DbOrTx } from '../../db/client';
import { rebateClaims } from '../../db/schema/rewards';

export type ClaimRow = typeof rebateClaims.$inferSelect;

export interface TurnoverRow {
  /** The Dhaka calendar day, YYYY-MM-DD. */
  day: string;
  category: string | null;
  turnoverMinor: bigint;
}

export const rewardsRepository = {
  /**
   * The member's turnover per Dhaka day and category since `since`: the negated sum of their cash
   * entries of bet and rollback movements (bets debit, rollbacks credit back), grouped by the
   * movement's reference.category. Walks the member's transactions by ledger_transactions_member.
   */
  async turnoverByDay(db: DbOrTx, memberId: bigint, since: Date): Promise<TurnoverRow[]> {
    const kinds = sql.join(
      TURNOVER_KINDS.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const result = await db.execute(sql`
      select to_char((t.created_at at time zone 'UTC') + make_interval(hours => ${REBATE_UTC_OFFSET_HOURS}), 'YYYY-MM-DD') as day,
             t.reference ->> 'category' as category,
             (-sum(e.amount_minor))::text as turnover
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where t.member_id = ${memberId}
        and t.kind in (${kinds})
        and t.created_at >= ${since.toISOString()}
        and a.owner_id = ${memberId}
        and a.kind = 'cash'
      group by 1, 2`);
    return rowsOf<{ day: string; category: string | null; turnover: string }>(result).map(
      (row) => ({ day: row.day, category: row.category, turnoverMinor: BigInt(row.turnover) }),
    );
  },

  async claims(db: DbOrTx, memberId: bigint, limit: number) {
    return db
      .select()
      .from(rebateClaims)
      .where(eq(rebateClaims.memberId, memberId))
      .orderBy(desc(rebateClaims.periodStart))
      .limit(limit);
  },

  async claimByKey(db: DbOrTx, memberId: bigint, key: string) {
    const [row] = await db
      .select()
      .from(rebateClaims)
      .where(and(eq(rebateClaims.memberId, memberId), eq(rebateClaims.idempotencyKey, key)));
    return row;
  },

  /** Inserts the claim unless the member has claimed the period (or used the key): then undefined. */
  async insertClaim(db: DbOrTx, values: typeof rebateClaims.$inferInsert) {
    const [row] = await db.insert(rebateClaims).values(values).onConflictDoNothing().returning();
    return row;
  },
};
