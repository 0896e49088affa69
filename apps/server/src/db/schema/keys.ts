/** Operator-owned system tables: flags, settings, countries, help items, keys, outbox. */
import { boolean, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** RSA keys for sealed payloads, shared by every server process. */
export const serverKeys = pgTable('server_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});
