/**
 * The accounts module's read API for other modules: facts about members that live in its tables,
 * so no other module queries members or wallets itself. Each takes the caller's `db` or
 * transaction handle. Lists that show usernames fetch their own rows, then the names of all of
 * them in one `usernames` call; a search by username resolves the member here first.
 */
import { MemberType } from '@khela/contract/members';
import { and, count, desc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
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

  /**
   * Whether the member knows a login password: false only for one who signed up through a
   * provider (a random password was stored) and never changed or recovered it since.
   */
  async passwordKnown(db: DbOrTx, memberId: bigint): Promise<boolean> {
    const rows = await db
      .select({ event: authEvents.event, detail: authEvents.detail })
      .from(authEvents)
      .where(
        and(
          eq(authEvents.memberId, memberId),
          eq(authEvents.outcome, 'ok'),
          inArray(authEvents.event, [
            'register',
            'password.change',
            'recovery.phone',
            'recovery.email',
          ]),
        ),
      );
    const register = rows.find((row) => row.event === 'register');
    const external = register !== undefined && typeof register.detail.provider === 'string';
    return !external || rows.some((row) => row.event !== 'register');
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

  /**
   * Other accounts seen on the same addresses as each of `memberIds`: an address a member
   * registered or logged in from (auth events, index auth_events_ip; the registration address)
   * shared with another member. One query for the whole list; at most `limit` names per member.
   * Devices are not told apart yet (no device id is recorded), only addresses.
   */
  async sharedAddressAccounts(
    db: DbOrTx,
    memberIds: readonly bigint[],
    limit = 10,
  ): Promise<Map<bigint, string[]>> {
    if (memberIds.length === 0) return new Map();
    const ids = `{${memberIds.join(',')}}`;
    const result = await db.execute(sql`
      with seen as (
        select member_id, ip from ${authEvents}
        where member_id = any(${ids}::bigint[]) and ip is not null and outcome = 'ok'
        union
        select id, register_ip from ${members}
        where id = any(${ids}::bigint[]) and register_ip is not null
      ),
      others as (
        select distinct seen.member_id, other.member_id as other_id
        from seen
        join ${authEvents} other on other.ip = seen.ip and other.member_id <> seen.member_id
          and other.outcome = 'ok'
        union
        select seen.member_id, m.id
        from seen join ${members} m on m.register_ip = seen.ip and m.id <> seen.member_id
      )
      select others.member_id::text as member_id, m.username
      from others join ${members} m on m.id = others.other_id
      order by others.member_id, m.username`);
    const map = new Map<bigint, string[]>();
    for (const row of rowsOf<{ member_id: string; username: string }>(result)) {
      const id = BigInt(row.member_id);
      const list = map.get(id) ?? [];
      if (list.length < limit) list.push(row.username);
      map.set(id, list);
    }
    return map;
  },

  /**
   * What registration and the identity of a self-excluded person are compared on: e-mail,
   * mobile, the payee (real) name and birthday of each of `memberIds`.
   */
  async identities(db: DbOrTx, memberIds: readonly bigint[]) {
    if (memberIds.length === 0) return [];
    return db
      .select({
        id: members.id,
        email: members.email,
        countryDialingCode: members.countryDialingCode,
        mobileNum: members.mobileNum,
        payeeName: members.payeeName,
        birthday: members.birthday,
        registeredAt: members.createdAt,
      })
      .from(members)
      .where(inArray(members.id, [...memberIds]));
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
