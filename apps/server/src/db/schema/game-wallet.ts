/**
 * The game wallet: the seamless-wallet contract game vendors call (balance, bet, win, rollback).
 * A launch opens a game session whose token the vendor sends back; every vendor transaction id
 * is kept once per provider, so a retry answers the first result; bets and wins are grouped in
 * rounds, kept for the player's game records. Money itself moves only through the ledger.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { members } from './accounts';
import { games } from './games';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The game vendor registry: who serves games and calls the wallet. Our in-house games (BGS) and
 * our lottery are made at first start; every outside vendor (the demo vendor too) is a row an
 * operator adds (operator API, `npm run ops -- vendor add`) or the demo seed puts in. Each signs
 * its calls with its own secret (HMAC-SHA256 over the body).
 */
export const gameVendors = pgTable('game_vendors', {
  code: varchar('code', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  /** The wallet contract it speaks; only `seamless-v1` (contract vendor-wallet.ts) today. */
  walletProtocol: varchar('wallet_protocol', { length: 32 }).notNull().default('seamless-v1'),
  /**
   * The shared secret it signs with, kept as given: HMAC verification needs the secret itself,
   * not a hash of it (see docs/decisions.md on encrypting it at rest).
   */
  secret: varchar('secret', { length: 128 }).notNull(),
  /** Its game page's absolute address; null for our own pages (in-house games, lottery). */
  launchUrl: varchar('launch_url', { length: 512 }),
  /** A disabled vendor's calls are refused and its games do not launch. */
  enabled: boolean('enabled').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One launch of one game: the vendor sends its token back on every call. */
export const gameSessions = pgTable(
  'game_sessions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token handed to the vendor; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    providerCode: varchar('provider_code', { length: 16 })
      .notNull()
      .references(() => gameVendors.code),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => games.id),
    /** cash, or play for play money (trial accounts and free play). */
    accountKind: varchar('account_kind', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** After this no bet is taken; wins and rollbacks still are. */
    expiresAt: at('expires_at').notNull(),
    /** Set when the player closes the game or logs out. */
    endedAt: at('ended_at'),
  },
  (t) => [
    uniqueIndex('game_sessions_token').on(t.tokenHash),
    index('game_sessions_member').on(t.memberId, t.createdAt),
  ],
);

/**
 * A round: the bets and wins a vendor groups under one round id.
 *
 * No foreign keys to members, games or game_sessions here or in game_transactions (migration
 * 0015): every insert would take a KEY SHARE lock on the parent row, and a popular game's row
 * shared by every concurrent bet on it becomes a multixact queue; with the heap-lock WAL records
 * that cost a quarter to a third of the wallet's throughput under load (figures in
 * docs/decisions.md). The ids come from the game session row the call was authorised by, never
 * from the vendor.
 */
export const gameRounds = pgTable(
  'game_rounds',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    providerCode: varchar('provider_code', { length: 16 }).notNull(),
    /** The vendor's round id. */
    roundRef: varchar('round_ref', { length: 96 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    gameId: bigint('game_id', { mode: 'bigint' }).notNull(),
    sessionId: bigint('session_id', { mode: 'bigint' }),
    accountKind: varchar('account_kind', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    stakeMinor: bigint('stake_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winMinor: bigint('win_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The balance before the round's first bet and after its latest movement. */
    balanceBeforeMinor: bigint('balance_before_minor', { mode: 'bigint' }),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
    /** The member bonus active when the round's first bet was taken (docs/bonuses.md). */
    memberBonusId: bigint('member_bonus_id', { mode: 'bigint' }),
    /** The part of the stake taken from the bonus balance (the rest was cash). */
    bonusStakeMinor: bigint('bonus_stake_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The part of the win paid into the bonus balance. */
    bonusWinMinor: bigint('bonus_win_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** open | settled | refunded */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** What the game keeps about the round: in-house seeds and result, lottery picks, … */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    openedAt: at('opened_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
  },
  (t) => [
    uniqueIndex('game_rounds_ref').on(t.providerCode, t.roundRef),
    index('game_rounds_member_time').on(t.memberId, t.openedAt, t.id),
    index('game_rounds_game_time').on(t.gameId, t.openedAt),
    // The wagering count reads a bonus's settled rounds.
    index('game_rounds_member_bonus')
      .on(t.memberBonusId, t.settledAt)
      .where(sql`${t.memberBonusId} is not null`),
    index('game_rounds_open')
      .on(t.providerCode, t.openedAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Every vendor transaction, once per provider and id. A rollback of a bet not yet seen leaves a
 * `void` row under the bet's id, so the bet, arriving late, is refused.
 *
 * round_id and ledger_transaction_id carry no foreign keys (migration 0016): game_wallet_post
 * writes both rows they point at in the same statement, so the keys only re-read, on every call,
 * rows it has just written; that re-read was a tenth of the function's time (docs/decisions.md).
 */
export const gameTransactions = pgTable(
  'game_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    providerCode: varchar('provider_code', { length: 16 }).notNull(),
    txRef: varchar('tx_ref', { length: 96 }).notNull(),
    /** bet | win | rollback */
    kind: varchar('kind', { length: 10 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    roundId: bigint('round_id', { mode: 'bigint' }),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** A bet's part taken from the bonus balance (the rest of amount_minor was cash). */
    bonusAmountMinor: bigint('bonus_amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** A rollback's target: the bet's id. */
    refTxRef: varchar('ref_tx_ref', { length: 96 }),
    /** done | rolled_back (a bet undone) | void (a bet's id taken by an earlier rollback) */
    status: varchar('status', { length: 12 }).notNull(),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    /** The answer's balance, so a retry answers what the first call did. */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('game_transactions_ref').on(t.providerCode, t.txRef),
    index('game_transactions_round').on(t.roundId),
  ],
);
