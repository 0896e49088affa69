/**
 * Queries for agents: their contract requests (the team comes from accounts' memberReads, its
 * totals from the ledger's reads).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentContractRequests } from '../../db/schema/agents';

export const agentsRepository = {
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
