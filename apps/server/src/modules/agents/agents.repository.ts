/**
 * Queries for agents: their team's totals (the team's ids come from accounts' memberReads) and
 * their contract requests.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { agentContractRequests } from '../../db/schema/agents';

export const agentsRepository = {
  /**
   * These members' (the direct downline's) deposits and turnover in [from, to): their cash
   * entries of deposit movements, and of bet and rollback movements negated (as the rebate counts
   * turnover). The ids travel as one array parameter, however large the team.
   */
  async teamTotals(db: DbOrTx, memberIds: readonly bigint[], from: Date, to: Date) {
    if (memberIds.length === 0) return { depositsMinor: 0n, turnoverMinor: 0n };
    const result = await db.execute(sql`
      select t.kind, coalesce(sum(e.amount_minor), 0)::text as total
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id and a.owner_id = t.member_id and a.kind = 'cash'
      where t.member_id = any(${`{${memberIds.join(',')}}`}::bigint[])
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
