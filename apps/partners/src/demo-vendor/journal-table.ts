/**
 * The demo vendor's own state, as an outside provider keeps its own: a journal of its rounds, so
 * a round its server was playing when it died can be finished on restart. It lives in the
 * partners' own database (journal-db.ts makes the table); the product's records of the same round
 * are its game_rounds and game_transactions.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const demoVendorRounds = pgTable(
  'demo_vendor_rounds',
  {
    /** The vendor's round id (our game_rounds.round_ref). */
    roundId: varchar('round_id', { length: 96 }).primaryKey(),
    /**
     * The game session token the launch handed the vendor, kept in clear because the vendor needs
     * it to call the wallet again. The vendor's copy: our game_sessions keeps only its hash.
     */
    token: varchar('token', { length: 128 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    betTxId: varchar('bet_tx_id', { length: 96 }).notNull(),
    winTxId: varchar('win_tx_id', { length: 96 }).notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    /** The outcome's win, decided before the bet is sent. */
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull(),
    /**
     * decided (written before the bet) | bet_taken | settled | refunded (the bet rolled back, or
     * voided if it never arrived) | void (the wallet refused the bet: nothing moved).
     */
    state: varchar('state', { length: 10 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Moved by every step and by a recovery claiming the row. */
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('demo_vendor_rounds_unfinished')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('decided', 'bet_taken')`),
    // The purge's (DemoRoundJournal.purgeFinished): finished rounds by age.
    index('demo_vendor_rounds_finished')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('settled', 'refunded', 'void')`),
  ],
);
