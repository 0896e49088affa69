/**
 * Queries for agents: their contract requests (the team comes from accounts' memberReads, its
 * totals from the ledger's reads).
 */
import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentContractRequests } from '../../db/schema/agents';

export type ContractRequestRow = typeof agentContractRequests.$inferSelect;
export type NewContractRequest = typeof agentContractRequests.$inferInsert;

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

  async forPeriod(
    db: DbOrTx,
    key: { memberId: bigint; kind: string; periodStart: string; periodHour: number },
  ): Promise<ContractRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(agentContractRequests)
      .where(
        and(
          eq(agentContractRequests.memberId, key.memberId),
          eq(agentContractRequests.kind, key.kind),
          eq(agentContractRequests.periodStart, key.periodStart),
          eq(agentContractRequests.periodHour, key.periodHour),
        ),
      );
    return row;
  },

  /** Inserts unless the agent already asked for the period: undefined then (a repeat or a race). */
  async insert(db: DbOrTx, row: NewContractRequest): Promise<ContractRequestRow | undefined> {
    const [inserted] = await db
      .insert(agentContractRequests)
      .values(row)
      .onConflictDoNothing({
        target: [
          agentContractRequests.memberId,
          agentContractRequests.kind,
          agentContractRequests.periodStart,
          agentContractRequests.periodHour,
        ],
      })
      .returning();
    return inserted;
  },

  /** The request locked until the transaction ends: two decisions on it queue here. */
  async lock(db: DbOrTx, id: bigint): Promise<ContractRequestRow | undefined> {
    const [row] = await db
      .select()
      .from(agentContractRequests)
      .where(eq(agentContractRequests.id, id))
      .for('update');
    return row;
  },

  async update(
    db: DbOrTx,
    id: bigint,
    change: Partial<NewContractRequest>,
  ): Promise<ContractRequestRow> {
    const [row] = await db
      .update(agentContractRequests)
      .set(change)
      .where(eq(agentContractRequests.id, id))
      .returning();
    return row!;
  },

  /** Requests newest first, optionally of one status, older than the `before` id. */
  page(db: DbOrTx, q: { status?: string | undefined; before?: bigint | undefined; limit: number }) {
    return db
      .select()
      .from(agentContractRequests)
      .where(
        and(
          q.status ? eq(agentContractRequests.status, q.status) : undefined,
          q.before === undefined ? undefined : lt(agentContractRequests.id, q.before),
        ),
      )
      .orderBy(desc(agentContractRequests.id))
      .limit(q.limit);
  },
};
