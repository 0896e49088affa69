/**
 * The game catalogue (vendors and their games), the players' favourites and recent games, and
 * the big wins the winner board shows. The catalogue is small and read on every page: each
 * process holds it in memory and reloads it when the operator changes it.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const vendors = pgTable('vendors', {
  /** The vendor code, the spec's `vassalage`. */
  code: varchar('code', { length: 32 }).primaryKey(),
  nameEn: varchar('name_en', { length: 64 }).notNull(),
  nameBn: varchar('name_bn', { length: 64 }).notNull(),
  /** The category it is listed under before the setup rules (contract `GameCategory`). */
  category: varchar('category', { length: 16 }).notNull(),
  /** How its games launch (RNG, LIVE, SPORTS, LOTT, …). */
  gameType: varchar('game_type', { length: 16 }).notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  /** Draws the vendor's icon (our own SVG). */
  iconSeed: integer('icon_seed').notNull().default(0),
  /**
   * The registry vendor (game_vendors) whose servers serve these games and call the wallet, when
   * it is not the one of the same code (an aggregator serving many brands).
   */
  servedBy: varchar('served_by', { length: 16 }),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const games = pgTable(
  'games',
  {
    /** The spec's `nodeId`. */
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    vendorCode: varchar('vendor_code', { length: 32 })
      .notNull()
      .references(() => vendors.code),
    /** The vendor's own id of the game. */
    gameCode: varchar('game_code', { length: 64 }).notNull(),
    nameEn: varchar('name_en', { length: 128 }).notNull(),
    nameBn: varchar('name_bn', { length: 128 }).notNull(),
    gameType: varchar('game_type', { length: 16 }).notNull(),
    /** The spec's classification (gameClassifyNew): BG for bingo, and the vendor's own kinds. */
    classification: varchar('classification', { length: 16 }),
    roomId: varchar('room_id', { length: 32 }),
    supportsFreePlay: boolean('supports_free_play').notNull().default(true),
    isH5: boolean('is_h5').notNull().default(true),
    playType: varchar('play_type', { length: 16 }),
    lottoMode: varchar('lotto_mode', { length: 16 }),
    minBetMinor: bigint('min_bet_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lines: integer('lines').notNull().default(0),
    isNew: boolean('is_new').notNull().default(false),
    /** Position on the hot list (1 first); null when not hot. */
    hotRank: integer('hot_rank'),
    sortOrder: integer('sort_order').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    iconSeed: integer('icon_seed').notNull().default(0),
    /** One of the 8 card themes the icon is drawn in. */
    theme: smallint('theme').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('games_vendor_code').on(t.vendorCode, t.gameCode),
    index('games_vendor_order').on(t.vendorCode, t.sortOrder),
  ],
);

export const favouriteGames = pgTable(
  'favourite_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('favourite_games_member_time').on(t.memberId, t.createdAt),
  ],
);

export const recentGames = pgTable(
  'recent_games',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    playedAt: at('played_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.gameId] }),
    index('recent_games_member_time').on(t.memberId, t.playedAt),
  ],
);

/** Big wins for the winner board: demo rows at first, then real ones from game rounds. */
export const bigWins = pgTable(
  'big_wins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    /** The name shown, masked when served. */
    customerName: varchar('customer_name', { length: 64 }).notNull(),
    winMinor: bigint('win_minor', { mode: 'bigint' }).notNull(),
    /** The game round that paid it (game_rounds.id); null for the demo rows. */
    roundId: bigint('round_id', { mode: 'bigint' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('big_wins_time').on(t.createdAt), uniqueIndex('big_wins_round').on(t.roundId)],
);
