/** Agents' tables: their contract requests (daily salary, dividend, hourly). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An agent's request under a contract (salary, dividend, hourly). The spec names the calls that
 * read them but no shapes; agents see their requests, the operator decides them. One request per
 * agent, kind and period (the unique index); the amount is the server's, computed when asked.
 * An approval pays through the ledger with the key `contract-request:<id>` (`transaction_id`).
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
    /** Hourly contracts: the hour (0–23, Dhaka) of `period_start`; -1 for the others. */
    periodHour: smallint('period_hour').notNull().default(-1),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The team's figures when the agent asked (what the amount was computed from). */
    turnoverMinor: bigint('turnover_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    depositsMinor: bigint('deposits_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** pending, approved or rejected. */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    decidedAt: at('decided_at'),
    decidedByName: varchar('decided_by_name', { length: 64 }),
    /** Why it was rejected. */
    decisionReason: text('decision_reason'),
    /** The ledger movement that paid it (approved only). */
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
  },
  (t) => [
    index('agent_contract_requests_member').on(t.memberId, t.kind, t.id),
    uniqueIndex('agent_contract_requests_period').on(
      t.memberId,
      t.kind,
      t.periodStart,
      t.periodHour,
    ),
    index('agent_contract_requests_status').on(t.status, t.id),
  ],
);
