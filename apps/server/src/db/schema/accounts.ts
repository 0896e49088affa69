/** Members, their sessions, remember-me device tokens, balances and the auth audit trail. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased: usernames are unique without regard to case. */
    username: varchar('username', { length: 64 }).notNull(),
    type: smallint('type').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    paymentPasswordHash: text('payment_password_hash'),
    nickname: varchar('nickname', { length: 64 }),
    payeeName: varchar('payee_name', { length: 64 }),
    email: varchar('email', { length: 254 }),
    countryDialingCode: varchar('country_dialing_code', { length: 5 }),
    mobileNum: varchar('mobile_num', { length: 20 }),
    birthday: date('birthday'),
    /** Social and messenger handles, id number: optional registration fields. */
    contacts: jsonb('contacts').$type<Record<string, string>>().notNull().default({}),
    inviteCode: varchar('invite_code', { length: 16 }).notNull(),
    uplineId: bigint('upline_id', { mode: 'bigint' }),
    registerMethod: varchar('register_method', { length: 8 }).notNull().default('H5'),
    registerIp: varchar('register_ip', { length: 45 }),
    registerDomain: varchar('register_domain', { length: 253 }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastLoginAt: at('last_login_at'),
    passwordChangedAt: at('password_changed_at').notNull().defaultNow(),
    /** When the member used their one username change; null while it is still to be used. */
    usernameChangedAt: at('username_changed_at'),
    /** The Idempotency-Key of that change: a retry with it is answered with the change. */
    usernameChangeKey: varchar('username_change_key', { length: 128 }),
  },
  (t) => [
    uniqueIndex('members_username').on(t.username),
    uniqueIndex('members_invite_code').on(t.inviteCode),
    uniqueIndex('members_mobile')
      .on(t.countryDialingCode, t.mobileNum)
      .where(sql`${t.mobileNum} is not null`),
    index('members_upline').on(t.uplineId),
    // The back office's prefix searches (`LIKE 'q%'` needs the pattern operator class unless
    // the database's collation is C): usernames are stored lower-cased, e-mails are not.
    index('members_username_prefix').on(t.username.op('text_pattern_ops')),
    index('members_email_prefix').on(sql`lower(${t.email}) text_pattern_ops`),
    index('members_mobile_prefix').on(t.mobileNum.op('text_pattern_ops')),
  ],
);

/** One row per member: the wallet's currency and kind; its balance is a ledger account's. */
export const wallets = pgTable('wallets', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => members.id),
  currency: varchar('currency', { length: 3 }).notNull(),
  /** Trial accounts hold play money only; it never mixes with real balances. */
  playMoney: boolean('play_money').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: at('idle_expires_at').notNull(),
    absoluteExpiresAt: at('absolute_expires_at').notNull(),
    revokedAt: at('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 32 }),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_member').on(t.memberId, t.revokedAt),
  ],
);

/** Remember me: a revocable token per device that stands in for the password. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('device_tokens_hash').on(t.tokenHash),
    index('device_tokens_member').on(t.memberId),
  ],
);

/** Every auth event: logins (ok or failed), logouts, registrations, password changes, recovery. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' }),
    event: varchar('event', { length: 32 }).notNull(),
    outcome: varchar('outcome', { length: 8 }).notNull(),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 256 }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('auth_events_member').on(t.memberId, t.createdAt),
    index('auth_events_created').on(t.createdAt),
    // Other accounts seen on the same address (the money desk's risk signal).
    index('auth_events_ip')
      .on(t.ip, t.memberId)
      .where(sql`${t.ip} is not null`),
  ],
);

/**
 * Every successful login and registration with where it came from: the address, the user agent
 * and the device (the id the client sent in `X-Device-Id`, else `ua:` and a hash of the user
 * agent). The back office searches members by address or device and finds accounts that share
 * them.
 */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** login | register */
    kind: varchar('kind', { length: 12 }).notNull(),
    ip: varchar('ip', { length: 45 }),
    userAgent: varchar('user_agent', { length: 256 }),
    deviceId: varchar('device_id', { length: 80 }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('member_logins_member').on(t.memberId, t.id),
    // Address and device: exact or prefix lookups that walk the newest rows first, bounded.
    index('member_logins_ip').on(t.ip.op('text_pattern_ops'), t.id),
    index('member_logins_device').on(t.deviceId, t.id),
  ],
);

/** An agent's entrance domain pre-fills its invitation code on registration. */
export const affiliateDomains = pgTable('affiliate_domains', {
  domain: varchar('domain', { length: 253 }).primaryKey(),
  code: varchar('code', { length: 16 }).notNull(),
});
