/**
 * Our lottery: draws on a schedule per lottery game and the tickets bought on them. A draw's
 * server seed is made when it opens (its SHA-256 is published then) and shown once drawn; the
 * result is HMAC-SHA256(seed, drawId). Every step moves a status forward with a conditional
 * update, so several processes (or one restarted after a crash) can run the scheduler at once.
 * Money moves only through the game wallet (provider LOTTERY): a ticket is one game round.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { games } from './games';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    /** The schedule slot: floor(opens_at / interval); unique per game, so processes agree. */
    drawNo: bigint('draw_no', { mode: 'number' }).notNull(),
    /** The format the draw was made under (formats never change under an open draw). */
    format: varchar('format', { length: 16 }).notNull(),
    opensAt: at('opens_at').notNull(),
    closesAt: at('closes_at').notNull(),
    drawsAt: at('draws_at').notNull(),
    serverSeedHash: varchar('server_seed_hash', { length: 64 }).notNull(),
    /** Kept from the start, shown only from status drawn on. */
    serverSeed: varchar('server_seed', { length: 64 }).notNull(),
    result: jsonb('result').$type<number[]>(),
    /** open | closed | drawn | settled */
    status: varchar('status', { length: 8 }).notNull().default('open'),
    drawnAt: at('drawn_at'),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('lottery_draws_slot').on(t.gameId, t.drawNo),
    index('lottery_draws_pending')
      .on(t.status, t.drawsAt)
      .where(sql`${t.status} <> 'settled'`),
  ],
);

/**
 * The lottery's game session per member, game and account kind: opened through the game wallet
 * and reused by later tickets. Its token only works for provider LOTTERY, which is this process.
 */
export const lotterySessions = pgTable(
  'lottery_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    accountKind: varchar('account_kind', { length: 8 }).notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    /** Before the wallet session's own expiry, so a bet never meets an expired session. */
    renewAt: at('renew_at').notNull(),
  },
  (t) => [uniqueIndex('lottery_sessions_owner').on(t.memberId, t.gameId, t.accountKind)],
);

export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    drawId: bigint('draw_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryDraws.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    sessionId: bigint('session_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotterySessions.id),
    /** The game round's id at provider LOTTERY, made from the member and the Idempotency-Key. */
    roundRef: varchar('round_ref', { length: 96 }).notNull(),
    picks: jsonb('picks').$type<number[]>().notNull(),
    /** straight (digits) | keno */
    betKind: varchar('bet_kind', { length: 10 }).notNull(),
    accountKind: varchar('account_kind', { length: 8 }).notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' }).notNull(),
    winMinor: bigint('win_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** open | won | lost | void */
    status: varchar('status', { length: 6 }).notNull().default('open'),
    hits: integer('hits'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('lottery_tickets_round').on(t.roundRef),
    index('lottery_tickets_draw_open')
      .on(t.drawId)
      .where(sql`${t.status} = 'open'`),
    index('lottery_tickets_member').on(t.memberId, t.createdAt),
  ],
);
