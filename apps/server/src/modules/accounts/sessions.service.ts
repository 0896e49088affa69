/**
 * Sessions: an opaque 256-bit token given to the client, its SHA-256 kept with an idle (sliding)
 * and an absolute expiry. A new token at every login; revoked at logout, at a password change
 * (every other session) and when the player excludes themselves.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { members, sessions } from '../../db/schema/accounts';
import { hashToken, newToken } from '../../lib/tokens';
import type { SettingsService } from '../settings/settings.service';

export type SessionKind = 'member' | 'trial' | 'freeplay';

export interface AuthSession {
  sessionId: string;
  memberId: bigint;
  username: string;
  nickname: string | null;
  type: number;
  kind: SessionKind;
}

/** Refresh the sliding expiry at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export class SessionsService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  async create(
    db: DbOrTx,
    memberId: bigint,
    kind: SessionKind,
    meta: { ip?: string; userAgent?: string },
  ) {
    const token = newToken();
    const now = Date.now();
    const idleMs = this.settings.get('sessionIdleMinutes') * 60_000;
    const absoluteMs =
      (kind === 'member' ? this.settings.get('sessionAbsoluteHours') : 24) * 3_600_000;
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      memberId,
      kind,
      idleExpiresAt: new Date(now + Math.min(idleMs, absoluteMs)),
      absoluteExpiresAt: new Date(now + absoluteMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 256) ?? null,
    });
    return token;
  }

  /** The live session of a token; 'expired' for a known token that is revoked or timed out. */
  async resolve(token: string): Promise<AuthSession | 'expired' | null> {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        memberId: sessions.memberId,
        kind: sessions.kind,
        revokedAt: sessions.revokedAt,
        idleExpiresAt: sessions.idleExpiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        lastSeenAt: sessions.lastSeenAt,
        username: members.username,
        nickname: members.nickname,
        type: members.type,
        status: members.status,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) return null;
    const now = Date.now();
    if (
      row.revokedAt ||
      row.status !== 'active' ||
      row.idleExpiresAt.getTime() <= now ||
      row.absoluteExpiresAt.getTime() <= now
    ) {
      return 'expired';
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      const idleMs = this.settings.get('sessionIdleMinutes') * 60_000;
      await this.db
        .update(sessions)
        .set({
          lastSeenAt: new Date(now),
          idleExpiresAt: new Date(Math.min(now + idleMs, row.absoluteExpiresAt.getTime())),
        })
        .where(eq(sessions.id, row.sessionId));
    }
    return {
      sessionId: row.sessionId,
      memberId: row.memberId,
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      kind: row.kind as SessionKind,
    };
  }

  async revoke(db: DbOrTx, sessionId: string, reason: string) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Ends every live session of the member, but `keepSessionId` when given. */
  async revokeAll(db: DbOrTx, memberId: bigint, reason: string, keepSessionId?: string) {
    await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(
        and(
          eq(sessions.memberId, memberId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      );
  }
}
