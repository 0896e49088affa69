/**
 * The game wallet: the seamless-wallet contract game vendors call (balance, bet, win, rollback).
 * A launch opens a game session whose token the vendor sends back; every vendor transaction id
 * is kept once per provider, so a retry answers the first result; bets and wins are grouped in
 * rounds, kept for the player's game records. Money itself moves only through the ledger.
 */
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Provably fair seeds of the in-house games: the server seed's hash is shown before play, the
 * seed itself only once the player rotates to a new pair. One active pair per member.
 */
export const fairSeeds = pgTable(
  'fair_seeds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    clientSeed: varchar('client_seed', { length: 64 }).notNull(),
    /** The next bet's nonce; each bet takes one. */
    nonce: integer('nonce').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set at rotation: the seed may be shown from then on. */
    revealedAt: at('revealed_at'),
  },
  (t) => [
    uniqueIndex('fair_seeds_active')
      .on(t.memberId)
      .where(sql`${t.revealedAt} is null`),
    uniqueIndex('fair_seeds_hash').on(t.serverSeedHash),
  ],
);
