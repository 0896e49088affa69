/** Queries on members, wallets, device tokens, affiliate domains and the auth audit trail. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  affiliateDomains,
  authEvents,
  deviceTokens,
  members,
  wallets,
} from '../../db/schema/accounts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

export const accountsRepository = {
  async memberByUsername(db: DbOrTx, username: string) {
    const [row] = await db
      .select()
      .from(members)
      .where(eq(members.username, username.toLowerCase()));
    return row;
  },
  async memberById(db: DbOrTx, id: bigint) {
    const [row] = await db.select().from(members).where(eq(members.id, id));
    return row;
  },
  async memberByPhone(db: DbOrTx, countryDialingCode: string, mobileNum: string) {
    const [row] = await db
      .select()
      .from(members)
      .where(
        and(eq(members.countryDialingCode, countryDialingCode), eq(members.mobileNum, mobileNum)),
      );
    return row;
  },
  async memberByInviteCode(db: DbOrTx, code: string) {
    const [row] = await db.select().from(members).where(eq(members.inviteCode, code.toUpperCase()));
    return row;
  },
  async usernameTaken(db: DbOrTx, username: string) {
    const [row] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, username.toLowerCase()));
    return Boolean(row);
  },
  /** Inserts the member and its wallet; null when the username or number is taken (a race). */
  async insertMember(db: DbOrTx, member: NewMember, currency: string, playMoneyMinor?: bigint) {
    const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
    if (!row) return undefined;
    await db.insert(wallets).values({
      memberId: row.id,
      currency,
      playMoney: playMoneyMinor !== undefined,
      balanceMinor: playMoneyMinor ?? 0n,
    });
    return row;
  },
  async updateMember(db: DbOrTx, memberId: bigint, change: { type?: number; status?: string }) {
    await db.update(members).set(change).where(eq(members.id, memberId));
  },
  async setPassword(db: DbOrTx, memberId: bigint, passwordHash: string) {
    await db
      .update(members)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(members.id, memberId));
  },
  /** Upgrades a hash made with older parameters without touching passwordChangedAt. */
  async rehashPassword(db: DbOrTx, memberId: bigint, passwordHash: string) {
    await db.update(members).set({ passwordHash }).where(eq(members.id, memberId));
  },
  async recordLogin(db: DbOrTx, memberId: bigint) {
    await db.update(members).set({ lastLoginAt: new Date() }).where(eq(members.id, memberId));
  },

  async insertDeviceToken(db: DbOrTx, memberId: bigint, tokenHash: string, expiresAt: Date) {
    await db.insert(deviceTokens).values({ memberId, tokenHash, expiresAt });
  },
  /** The live device token with this hash, marked used. */
  async useDeviceToken(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .update(deviceTokens)
      .set({ lastUsedAt: new Date() })
      .where(
        and(
          eq(deviceTokens.tokenHash, tokenHash),
          isNull(deviceTokens.revokedAt),
          gt(deviceTokens.expiresAt, new Date()),
        ),
      )
      .returning();
    return row;
  },
  async revokeDeviceTokens(db: DbOrTx, memberId: bigint) {
    await db
      .update(deviceTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(deviceTokens.memberId, memberId), isNull(deviceTokens.revokedAt)));
  },

  async affiliateCodeForDomain(db: DbOrTx, domain: string) {
    const [row] = await db
      .select({ code: affiliateDomains.code })
      .from(affiliateDomains)
      .where(eq(affiliateDomains.domain, domain.toLowerCase()));
    return row?.code ?? null;
  },
  async upsertAffiliateDomain(db: DbOrTx, domain: string, code: string) {
    await db
      .insert(affiliateDomains)
      .values({ domain: domain.toLowerCase(), code })
      .onConflictDoUpdate({ target: affiliateDomains.domain, set: { code } });
  },

  async audit(
    db: DbOrTx,
    event: {
      memberId?: bigint | null;
      event: string;
      outcome: 'ok' | 'fail';
      ip?: string;
      userAgent?: string;
      detail?: Record<string, unknown>;
    },
  ) {
    await db.insert(authEvents).values({
      memberId: event.memberId ?? null,
      event: event.event,
      outcome: event.outcome,
      ip: event.ip ?? null,
      userAgent: event.userAgent?.slice(0, 256) ?? null,
      detail: event.detail ?? {},
    });
  },
  async auditEvents(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(authEvents)
      .where(eq(authEvents.memberId, memberId))
      .orderBy(sql`${authEvents.id} desc`);
  },
};
