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

/**
 * Secrets every server process must agree on, made once by whichever process starts first, read
 * by all. (The sandbox gateway's secret was one; it is shared with the partners app now, so it
 * comes from PAYMENT_SANDBOX_SECRET.)
 */
export const sharedSecrets = pgTable('shared_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: varchar('value', { length: 256 }).notNull(),
  createdAt: createdAt(),
});
