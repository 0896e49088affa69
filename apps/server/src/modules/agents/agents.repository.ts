/** Queries for upline transfers, referrals and agents: members, their downline and team totals. */
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

  /** The ids of the agent's direct downline (the ledger sums their movements). */
  async downlineIds(db: DbOrTx, agentId: bigint): Promise<bigint[]> {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.uplineId, agentId));
    return rows.map((row) => row.id);
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
