/** Operator-owned system tables: flags, settings, countries, help items, keys, outbox. */

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
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

export const countries = pgTable('countries', {
  countryCode: varchar('country_code', { length: 2 }).primaryKey(),
  dialingCode: varchar('dialing_code', { length: 5 }).notNull(),
  nameEn: text('name_en').notNull(),
  nameBn: text('name_bn').notNull(),
  sort: integer('sort').notNull(),
});

export const helpItems = pgTable(
  'help_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    language: varchar('language', { length: 2 }).notNull(),
    sort: integer('sort').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('help_items_language_sort').on(t.language, t.sort)],
);

/** RSA keys for sealed payloads, shared by every server process. */
export const serverKeys = pgTable('server_keys', {
  kid: varchar('kid', { length: 64 }).primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Every SMS and e-mail the local "outbox" providers send, for the operator and the tests. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: varchar('channel', { length: 8 }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_recipient_created').on(t.recipient, t.createdAt),
    index('outbox_created').on(t.createdAt),
  ],
);
