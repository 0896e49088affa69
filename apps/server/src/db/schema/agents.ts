/** Agents' tables: their contract requests (daily salary, dividend, hourly). */
import { bigint, date, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An agent's request under a contract (salary, dividend, hourly). The spec names the calls that
 * read them but no shapes; agents see their requests, the operator decides them.
 */
export const agentContractRequests = pgTable(
  'agent_contract_requests',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** salary, dividend or hourly. */
    kind: varchar('kind', { length: 12 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** pending, approved or rejected. */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('agent_contract_requests_member').on(t.memberId, t.kind, t.id)],
);
