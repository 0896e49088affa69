/** System tables: the countries the site offers and the help items. */
import { index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
