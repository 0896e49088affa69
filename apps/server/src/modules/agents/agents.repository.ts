/** Queries for upline transfers, referrals and agents: members, their downline and team totals. */
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { members, wallets } from '../../db/schema/accounts';
import { agentContractRequests } from '../../db/schema/agents';

export const agentsRepository = {
  async member(db: DbOrTx, memberId: bigint) {
    const [row] = await db
      .select({
        id: members.id,
        username: members.username,
        type: members.type,
        status: members.status,
        inviteCode: members.inviteCode,
        uplineId: members.uplineId,
        paymentPasswordHash: members.paymentPasswordHash,
        currency: wallets.currency,
      })
      .from(members)
      .leftJoin(wallets, eq(wallets.memberId, members.id))
      .where(eq(members.id, memberId));
    return row;
  },

  async teamCount(db: DbOrTx, agentId: bigint, from?: Date, to?: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(members)
      .where(
        and(
          eq(members.uplineId, agentId),
          from ? gte(members.createdAt, from) : undefined,
          to ? lt(members.createdAt, to) : undefined,
        ),
      );
    return row?.n ?? 0;
  },

  async team(db: DbOrTx, agentId: bigint, limit: number) {
    return db
      .select({ username: members.username, createdAt: members.createdAt })
      .from(members)
      .where(eq(members.uplineId, agentId))
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit);
  },

  /**
   * The direct downline's deposits and turnover in [from, to): their cash entries of deposit
   * movements, and of bet and rollback movements negated (as the rebate counts turnover).
   */
  async teamTotals(db: DbOrTx, agentId: bigint, from: Date, to: Date) {
    const result = await db.execute(sql`
      select t.kind, coalesce(sum(e.amount_minor), 0)::text as total
      from members m
      join ledger_transactions t on t.member_id = m.id
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.owner_id = m.id and a.kind = 'cash'
      where m.upline_id = ${agentId}
        and t.kind in ('deposit', 'bet', 'rollback')
        and t.created_at >= ${from.toISOString()}
        and t.created_at < ${to.toISOString()}
      group by t.kind`);
    const rows = rowsOf<{ kind: string; total: string }>(result);
    const sumOf = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.total ?? '0');
    return {
      depositsMinor: sumOf('deposit'),
      turnoverMinor: -(sumOf('bet') + sumOf('rollback')),
    };
  },

  async contractRequests(db: DbOrTx, memberId: bigint, kind: string, limit: number) {
    return db
      .select()
      .from(agentContractRequests)
      .where(
        and(eq(agentContractRequests.memberId, memberId), eq(agentContractRequests.kind, kind)),
      )
      .orderBy(desc(agentContractRequests.id))
      .limit(limit);
  },
};
