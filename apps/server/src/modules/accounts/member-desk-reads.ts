/**
 * What the back office's members desk may know of members from the accounts tables: search by
 * username, mobile, e-mail, id, address or device, a member's page facts, the logins with
 * address and device, and the other accounts seen on the same address or device. Each read takes
 * the caller's `db` or transaction handle; the prefix searches use the `*_prefix` indexes
 * (text_pattern_ops), so `LIKE 'q%'` is an index range scan on any collation.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { MemberSearchKey } from '@khela/contract/backoffice/members';
import { rowsOf, type DbOrTx } from '../../db/client';
import { memberLogins, members, sessions, wallets } from '../../db/schema/accounts';

/** A search hit's member columns (the balance is the ledger's). */
export interface MemberRowFacts {
  id: bigint;
  username: string;
  countryDialingCode: string | null;
  mobileNum: string | null;
  email: string | null;
  status: string;
  createdAt: Date;
  lastLoginAt: Date | null;
  currency: string | null;
}

const hitColumns = {
  id: members.id,
  username: members.username,
  countryDialingCode: members.countryDialingCode,
  mobileNum: members.mobileNum,
  email: members.email,
  status: members.status,
  createdAt: members.createdAt,
  lastLoginAt: members.lastLoginAt,
  currency: wallets.currency,
};

/** `q` as a LIKE prefix: its own `%`, `_` and `\` matched literally. */
const likePrefix = (q: string) => `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A mobile number as typed (`+880 1712-345678`, `01712345678`, `1712`) as the stored national
 * number's prefix: digits only, Bangladesh's 880 dropped when typed with `+` or in full, then
 * the leading zeros (numbers are stored without them).
 */
export function mobilePrefix(q: string): string {
  let digits = q.replace(/\D/g, '');
  if (digits.startsWith('880') && (q.trim().startsWith('+') || digits.length >= 12)) {
    digits = digits.slice(3);
  }
  return digits.replace(/^0+/, '');
}

/** How many logins an address or device search reads at most (a shared address has many). */
const SCAN_LOGINS = 1000;

export const memberDeskReads = {
  /** Members matching `q` by `by` (see the contract's MEMBER_SEARCH_KEYS), at most `limit`. */
  async search(
    db: DbOrTx,
    by: MemberSearchKey,
    q: string,
    limit: number,
  ): Promise<MemberRowFacts[]> {
    const select = () =>
      db.select(hitColumns).from(members).leftJoin(wallets, eq(wallets.memberId, members.id));
    switch (by) {
      case 'username':
        return select()
          .where(sql`${members.username} like ${likePrefix(q.toLowerCase())}`)
          .orderBy(sql`${members.username} using ~<~`)
          .limit(limit);
      case 'email':
        return select()
          .where(sql`lower(${members.email}) like ${likePrefix(q.toLowerCase())}`)
          .orderBy(sql`lower(${members.email}) using ~<~`)
          .limit(limit);
      case 'mobile': {
        const digits = mobilePrefix(q);
        if (digits.length === 0) return [];
        return select()
          .where(sql`${members.mobileNum} like ${likePrefix(digits)}`)
          .orderBy(sql`${members.mobileNum} using ~<~`)
          .limit(limit);
      }
      case 'id':
        if (!/^\d{1,18}$/.test(q)) return [];
        return select().where(eq(members.id, BigInt(q)));
      case 'ip':
      case 'device': {
        // The members seen there, the most recently seen first, from at most SCAN_LOGINS
        // logins: exact, the newest ones (index backwards); a prefix, the first in address
        // order. Then the members of that page by primary key.
        const prefix = by === 'ip' && /[.:*]$/.test(q);
        const column = by === 'ip' ? memberLogins.ip : memberLogins.deviceId;
        const logins = db
          .select({ memberId: memberLogins.memberId, id: memberLogins.id })
          .from(memberLogins)
          .where(
            prefix
              ? sql`${memberLogins.ip} like ${likePrefix(q.replace(/\*$/, ''))}`
              : eq(column, q),
          )
          .orderBy(prefix ? sql`${memberLogins.ip} using ~<~` : desc(memberLogins.id))
          .limit(SCAN_LOGINS)
          .as('logins');
        const seen = await db
          .select({ memberId: logins.memberId, last: sql<string>`max(${logins.id})` })
          .from(logins)
          .groupBy(logins.memberId)
          .orderBy(sql`2 desc`)
          .limit(limit);
        if (seen.length === 0) return [];
        const rows = await select().where(
          inArray(
            members.id,
            seen.map((row) => row.memberId),
          ),
        );
        const order = new Map(seen.map((row, i) => [row.memberId, i]));
        return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      }
    }
  },

  /** The member page's facts from the accounts tables, with the upline's name and team size. */
  async pageFacts(db: DbOrTx, username: string) {
    const [row] = await db
      .select({
        ...hitColumns,
        nickname: members.nickname,
        type: members.type,
        inviteCode: members.inviteCode,
        uplineId: members.uplineId,
        registerIp: members.registerIp,
        registerDomain: members.registerDomain,
        registerMethod: members.registerMethod,
        uplineUsername: sql<
          string | null
        >`(select u.username from members u where u.id = ${members.uplineId})`,
        downlineCount: sql<number>`(select count(*)::int from members d where d.upline_id = ${members.id})`,
        activeSessions: sql<number>`(select count(*)::int from ${sessions} s
          where s.member_id = ${members.id} and s.revoked_at is null
            and s.idle_expires_at > now() and s.absolute_expires_at > now())`,
      })
      .from(members)
      .leftJoin(wallets, eq(wallets.memberId, members.id))
      .where(eq(members.username, username.toLowerCase()));
    return row;
  },

  /** The contacts a password reset goes to. */
  async contacts(db: DbOrTx, memberId: bigint) {
    const [row] = await db
      .select({
        username: members.username,
        email: members.email,
        countryDialingCode: members.countryDialingCode,
        mobileNum: members.mobileNum,
      })
      .from(members)
      .where(eq(members.id, memberId));
    return row;
  },

  /** A page of the member's logins and registration, newest first, below a cursor id. */
  loginPage(db: DbOrTx, memberId: bigint, beforeId: bigint | undefined, limit: number) {
    return db
      .select({
        id: memberLogins.id,
        kind: memberLogins.kind,
        ip: memberLogins.ip,
        userAgent: memberLogins.userAgent,
        deviceId: memberLogins.deviceId,
        createdAt: memberLogins.createdAt,
      })
      .from(memberLogins)
      .where(
        and(
          eq(memberLogins.memberId, memberId),
          beforeId === undefined ? undefined : lt(memberLogins.id, beforeId),
        ),
      )
      .orderBy(desc(memberLogins.id))
      .limit(limit);
  },

  /**
   * Other accounts seen on an address or a device this member used (its last 50 of each, the
   * newest 200 logins of others on each), the most recent first. For each: what they share, and
   * per shared address or device how many of the other account's logins used it (among those
   * 200) and when it was last seen there. A device known only by its user agent's hash (`ua:…`)
   * is left out: one phone model shares it, so it would link strangers.
   */
  async linked(db: DbOrTx, memberId: bigint, limit: number) {
    const result = await db.execute(sql`
      with mine_ip as (
        select ip from ${memberLogins} where member_id = ${memberId} and ip is not null
        group by ip order by max(id) desc limit 50
      ), mine_device as (
        select device_id from ${memberLogins}
        where member_id = ${memberId} and device_id is not null and device_id not like 'ua:%'
        group by device_id order by max(id) desc limit 50
      ), shared as (
        select l.member_id, 'ip' as kind, m.ip as value, max(l.created_at) as last_seen,
          count(*) as logins
        from mine_ip m cross join lateral (
          select member_id, created_at from ${memberLogins}
          where ip = m.ip and member_id <> ${memberId} order by id desc limit 200) l
        group by l.member_id, m.ip
        union all
        select l.member_id, 'device', m.device_id, max(l.created_at), count(*)
        from mine_device m cross join lateral (
          select member_id, created_at from ${memberLogins}
          where device_id = m.device_id and member_id <> ${memberId} order by id desc limit 200) l
        group by l.member_id, m.device_id
      ), top as (
        select member_id, max(last_seen) as last_seen from shared
        group by member_id order by 2 desc limit ${limit}
      )
      select mb.username, mb.status, t.last_seen,
        (select json_agg(json_build_object('kind', s.kind, 'value', s.value, 'logins', s.logins,
             'lastSeenAt', s.last_seen) order by s.last_seen desc)
           from shared s where s.member_id = t.member_id) as via
      from top t join ${members} mb on mb.id = t.member_id
      order by t.last_seen desc`);
    return rowsOf<{
      username: string;
      status: string;
      last_seen: string | Date;
      via: { kind: 'ip' | 'device'; value: string; logins: number | string; lastSeenAt: string }[];
    }>(result);
  },

  /** How many other accounts `linked` would find (for the page's counts), up to 100. */
  async linkedCount(db: DbOrTx, memberId: bigint): Promise<number> {
    return (await memberDeskReads.linked(db, memberId, 100)).length;
  },
};
