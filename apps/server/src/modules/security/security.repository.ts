/** Queries of the security centre: the member's secrets and contacts, login events, sessions. */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authEvents, deviceTokens, members, sessions } from '../../db/schema/accounts';

export const securityRepository = {
  async member(db: DbOrTx, memberId: bigint) {
    const [row] = await db
      .select({
        passwordHash: members.passwordHash,
        paymentPasswordHash: members.paymentPasswordHash,
        countryDialingCode: members.countryDialingCode,
        mobileNum: members.mobileNum,
        email: members.email,
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

  /** Sessions not revoked and not timed out, the most recently used first. */
  activeSessions(db: DbOrTx, memberId: bigint, now: Date) {
    return db
      .select({
        id: sessions.id,
        kind: sessions.kind,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** The member's own live session with this id (another member's is not found). */
  async ownLiveSession(db: DbOrTx, memberId: bigint, sessionId: string) {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
        ),
      );
    return row;
  },

  async setPaymentPassword(db: DbOrTx, memberId: bigint, hash: string) {
    await db.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, memberId));
  },

  /** Remember-me tokens are not tied to a session: ending the others ends them all. */
  async revokeDeviceTokens(db: DbOrTx, memberId: bigint) {
    await db
      .update(deviceTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(deviceTokens.memberId, memberId), isNull(deviceTokens.revokedAt)));
  },

  async audit(
    db: DbOrTx,
    event: {
      memberId: bigint;
      event: string;
      outcome: 'ok' | 'fail';
      ip?: string;
      userAgent?: string;
      detail?: Record<string, unknown>;
    },
  ) {
    await db.insert(authEvents).values({
      memberId: event.memberId,
      event: event.event,
      outcome: event.outcome,
      ip: event.ip ?? null,
      userAgent: event.userAgent?.slice(0, 256) ?? null,
      detail: event.detail ?? {},
    });
  },
};
