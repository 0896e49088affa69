/**
 * The accounts module's read API for other modules: facts about members that live in its tables,
 * so no other module queries members or wallets itself. Each takes the caller's `db` or
 * transaction handle. Lists that show usernames fetch their own rows, then the names of all of
 * them in one `usernames` call; a search by username resolves the member here first.
 */
import { MemberType } from '@khela/contract/members';
import { and, count, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authEvents, members, wallets } from '../../db/schema/accounts';

/** Trial and guest accounts (the contract's isGuest): an operator broadcast skips them. */
const GUEST_TYPES: number[] = [MemberType.trial, MemberType.guest];

/** What other modules may know about a member without asking for a password. */
export interface MemberFacts {
  id: bigint;
  username: string;
  type: number;
  status: string;
  inviteCode: string;
  uplineId: bigint | null;
  /** The wallet's currency; null before the wallet exists. */
  currency: string | null;
  paymentPasswordSet: boolean;
}

/** The hashes a password re-entry checks against (ReauthGuard, a break's confirmation). */
export interface MemberPasswords {
  username: string;
  passwordHash: string;
  paymentPasswordHash: string | null;
}

const factColumns = {
  id: members.id,
  username: members.username,
  type: members.type,
  status: members.status,
  inviteCode: members.inviteCode,
  uplineId: members.uplineId,
  currency: wallets.currency,
  paymentPasswordSet: sql<boolean>`${members.paymentPasswordHash} is not null`,
};

export const memberReads = {
  /** The currency of the member's wallet; undefined before it exists. */
  async walletCurrency(db: DbOrTx, memberId: bigint): Promise<string | undefined> {
    const [row] = await db
      .select({ currency: wallets.currency })
      .from(wallets)
      .where(eq(wallets.memberId, memberId));
    return row?.currency;
  },

  /** The wallet currency of each of these members that has a wallet, in one query. */
  async walletCurrencies(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, string>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ memberId: wallets.memberId, currency: wallets.currency })
      .from(wallets)
      .where(inArray(wallets.memberId, ids));
    return new Map(rows.map((row) => [row.memberId, row.currency]));
  },

  /** The usernames of these members, in one query (ids repeated or unknown are fine). */
  async usernames(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, string>> {
    const ids = [...new Set(memberIds)];
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: members.id, username: members.username })
      .from(members)
      .where(inArray(members.id, ids));
    return new Map(rows.map((row) => [row.id, row.username]));
  },

  async member(db: DbOrTx, memberId: bigint): Promise<MemberFacts | undefined> {
    const [row] = await db
      .select(factColumns)
      .from(members)
      .leftJoin(wallets, eq(wallets.memberId, members.id))
      .where(eq(members.id, memberId));
    return row;
  },

  /** The member with this username, whatever its case (usernames are stored lower-cased). */
  async byUsername(db: DbOrTx, username: string): Promise<MemberFacts | undefined> {
    const [row] = await db
      .select(factColumns)
      .from(members)
      .leftJoin(wallets, eq(wallets.memberId, members.id))
      .where(eq(members.username, username.toLowerCase()));
    return row;
  },

  /** The password hashes, for the one check that compares a re-entered password. */
  async passwords(db: DbOrTx, memberId: bigint): Promise<MemberPasswords | undefined> {
    const [row] = await db
      .select({
        username: members.username,
        passwordHash: members.passwordHash,
        paymentPasswordHash: members.paymentPasswordHash,
      })
      .from(members)
      .where(eq(members.id, memberId));
    return row;
  },

  /** What the security centre shows: the bound mobile and e-mail, a payment password set. */
  async securityFacts(db: DbOrTx, memberId: bigint) {
    const [row] = await db
      .select({
        countryDialingCode: members.countryDialingCode,
        mobileNum: members.mobileNum,
        email: members.email,
        paymentPasswordSet: factColumns.paymentPasswordSet,
      })
      .from(members)
      .where(eq(members.id, memberId));
    return row;
  },

  /** The newest login events first (index auth_events_member). */
  loginHistory(db: DbOrTx, memberId: bigint, limit: number) {
    return db
      .select({
        createdAt: authEvents.createdAt,
        outcome: authEvents.outcome,
        ip: authEvents.ip,
        userAgent: authEvents.userAgent,
      })
      .from(authEvents)
      .where(and(eq(authEvents.memberId, memberId), eq(authEvents.event, 'login')))
      .orderBy(desc(authEvents.createdAt), desc(authEvents.id))
      .limit(limit);
  },

  // ── Downline: the members whose upline is the given one (index members_upline) ──────────

  /** How many members have this upline, of those registered in [from, to) when given. */
  async downlineCount(db: DbOrTx, uplineId: bigint, from?: Date, to?: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(members)
      .where(
        and(
          eq(members.uplineId, uplineId),
          from ? gte(members.createdAt, from) : undefined,
          to ? lt(members.createdAt, to) : undefined,
        ),
      );
    return row?.n ?? 0;
  },

  /** The newest `limit` members of the downline. */
  downline(db: DbOrTx, uplineId: bigint, limit: number) {
    return db
      .select({ username: members.username, createdAt: members.createdAt })
      .from(members)
      .where(eq(members.uplineId, uplineId))
      .orderBy(desc(members.createdAt), desc(members.id))
      .limit(limit);
  },

  /** The ids of the whole downline (to sum their figures where those live). */
  async downlineIds(db: DbOrTx, uplineId: bigint): Promise<bigint[]> {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.uplineId, uplineId));
    return rows.map((row) => row.id);
  },

  /** Every active member that is not a trial or guest account: who an operator broadcast reaches. */
  async activeRegisteredIds(db: DbOrTx): Promise<bigint[]> {
    const rows = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.status, 'active'), notInArray(members.type, GUEST_TYPES)))
      .orderBy(members.id);
    return rows.map((row) => row.id);
  },
};
