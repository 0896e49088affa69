/** The operator audit trail. Owned by modules/audit; rows are only ever added. */
import { bigint, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** operator | automation */
    actorKind: varchar('actor_kind', { length: 12 }).notNull(),
    /** The operator's id; null for the automation token. */
    operatorId: bigint('operator_id', { mode: 'bigint' }),
    /** The operator's username then, or `automation`. */
    actorName: varchar('actor_name', { length: 40 }).notNull(),
    /** The address the request came from (behind the configured proxies). */
    ip: varchar('ip', { length: 64 }),
    requestId: varchar('request_id', { length: 64 }),
    /** What was done, as `<area>.<verb>`: `withdrawal.approve`, `flag.set`, `member.adjust`. */
    action: varchar('action', { length: 64 }).notNull(),
    /** What it was done to: `member`, `withdrawal`, `flag`, … and its id or name. */
    targetType: varchar('target_type', { length: 32 }).notNull(),
    targetId: varchar('target_id', { length: 128 }).notNull(),
    /** The changed fields before and after (null where there was no before, or no after). */
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
  },
  (t) => [
    index('audit_events_at').on(t.at),
    index('audit_events_target').on(t.targetType, t.targetId, t.id),
    index('audit_events_operator').on(t.operatorId, t.id),
    index('audit_events_action').on(t.action, t.id),
  ],
);
