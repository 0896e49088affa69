/** White-label flags and operator settings (a missing row means the contract's default). */
import { boolean, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const flags = pgTable('flags', {
  name: varchar('name', { length: 64 }).primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: updatedAt(),
});

/** Operator settings that differ from the contract's defaults; a missing row means the default. */
export const settings = pgTable('settings', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
