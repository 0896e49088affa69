/**
 * Sessions: an opaque 256-bit token given to the client, its SHA-256 kept with an idle (sliding)
 * and an absolute expiry. A new token at every login; revoked at logout, at a password change
 * (every other session) and when the player excludes themselves.
 * Resolving a token costs no database round trip while the session is cached in this process.
 */
import { and, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { SessionEndReason } from '@khela/contract/session-end';
import { EXCLUSION_KINDS } from '@khela/contract/protection';
import type { Database, DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/accounts';
import { hashToken, newToken } from '../../lib/tokens';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import type { SettingsService } from '../settings/settings.service';
import type { MemberProfiles } from './member-profiles';

/** `restricted`: an excluded player's session that may only withdraw and read (protection). */
export type SessionKind = 'member' | 'trial' | 'freeplay' | 'restricted';
export type NewSessionRow = typeof sessions.$inferInsert;

export interface AuthSession {
  sessionId: string;
  memberId: bigint;
  username: string;
  nickname: string | null;
  type: number;
  kind: SessionKind;
}

/** A live session as this process keeps it between requests. */
interface LiveSession {
  sessionId: string;
  memberId: bigint;
  kind: SessionKind;
  idleExpiresAt: number;
  absoluteExpiresAt: number;
  lastSeenAt: number;
}

/** Refresh the sliding expiry at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** Revokes the live sessions the conditions pick, for `reason`; returns their token hashes. */
async function revokeLive(
  db: DbOrTx,
  reason: string,
  ...which: (SQL | undefined)[]
): Promise<string[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(isNull(sessions.revokedAt), ...which))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/**
 * What the player is told about a revoked session (`data.reason` of session.expired), from the
 * reason stored at revocation: the audit event of a password change or reset, `logout`,
 * `disabled` (operator), `ended.*` (security centre) or the kind of break the player took.
 */
export function endReasonOf(revokedReason: string | null): SessionEndReason {
  if (revokedReason === null) return 'timedOut';
  if (revokedReason === 'disabled') return 'disabled';
  if (revokedReason.startsWith('password.') || revokedReason.startsWith('recovery.')) {
    return 'passwordChanged';
  }
  if (revokedReason.startsWith('ended.')) return 'endedElsewhere';
  if ((EXCLUSION_KINDS as readonly string[]).includes(revokedReason)) return 'break';
  return 'loggedOut';
}

const timedOut = (session: LiveSession, now: number) =>
  session.idleExpiresAt <= now || session.absoluteExpiresAt <= now;

export class SessionsService {
  /**
   * Live sessions by token hash. Revocation drops them in every process at once; the TTL bounds
   * the life of a copy whose revocation notice was lost (Redis unreachable).
   */
  private readonly live: ReadCache<LiveSession>;

  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly members: MemberProfiles,
    shared: CacheStore,
  ) {
    this.live = new ReadCache(shared, { name: 'session', max: 100_000, ttlMs: 30_000 });
  }

  start() {
    return this.live.start();
  }

  /** A new session's token and the row to store for it (see `create`, or a combined write). */
  newSession(
    memberId: bigint,
    kind: SessionKind,
    meta: { ip?: string; userAgent?: string },
  ): { token: string; row: NewSessionRow } {
    const token = newToken();
    const now = Date.now();
    const idleMs = this.settings.get('sessionIdleMinutes') * 60_000;
    const absoluteMs =
      (kind === 'member' ? this.settings.get('sessionAbsoluteHours') : 24) * 3_600_000;
    return {
      token,
      row: {
        tokenHash: hashToken(token),
        memberId,
        kind,
        idleExpiresAt: new Date(now + Math.min(idleMs, absoluteMs)),
        absoluteExpiresAt: new Date(now + absoluteMs),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 256) ?? null,
      },
    };
  }

  async create(
    db: DbOrTx,
    memberId: bigint,
    kind: SessionKind,
    meta: { ip?: string; userAgent?: string },
  ) {
    const { token, row } = this.newSession(memberId, kind, meta);
    await db.insert(sessions).values(row);
    return token;
  }

  /** The live session of a token; 'expired' for a known token that is revoked or timed out. */
  async resolve(token: string): Promise<AuthSession | 'expired' | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = this.live.get(tokenHash);
    // A copy that looks timed out may be behind another process's touch: ask the database.
    const session = cached && !timedOut(cached, now) ? cached : await this.load(tokenHash, now);
    if (session === null || session === 'expired') return session;
    if (now - session.lastSeenAt > TOUCH_EVERY_MS) await this.touch(session, now);
    const member = await this.members.get(session.memberId);
    if (!member || member.status !== 'active') return 'expired';
    return {
      sessionId: session.sessionId,
      memberId: session.memberId,
      username: member.username,
      nickname: member.nickname,
      type: member.type,
      kind: session.kind,
    };
  }

  /**
   * Why the session of a token that `resolve` called expired. Asked only on the way to a 401, so
   * it reads the database: the stored revocation reason, else a member no longer active
   * (disabled), else the idle or absolute limit passed.
   */
  async endReason(token: string): Promise<SessionEndReason> {
    const [row] = await this.db
      .select({ memberId: sessions.memberId, revokedReason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    if (!row) return 'loggedOut';
    if (row.revokedReason !== null) return endReasonOf(row.revokedReason);
    const member = await this.members.get(row.memberId);
    return !member || member.status !== 'active' ? 'disabled' : 'timedOut';
  }

  private async load(tokenHash: string, now: number): Promise<LiveSession | 'expired' | null> {
    let known = false;
    const session = await this.live.load(tokenHash, async () => {
      const [row] = await this.db
        .select({
          sessionId: sessions.id,
          memberId: sessions.memberId,
          kind: sessions.kind,
          revokedAt: sessions.revokedAt,
          idleExpiresAt: sessions.idleExpiresAt,
          absoluteExpiresAt: sessions.absoluteExpiresAt,
          lastSeenAt: sessions.lastSeenAt,
        })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash));
      known = row !== undefined;
      if (!row || row.revokedAt) return undefined;
      const live: LiveSession = {
        sessionId: row.sessionId,
        memberId: row.memberId,
        kind: row.kind as SessionKind,
        idleExpiresAt: row.idleExpiresAt.getTime(),
        absoluteExpiresAt: row.absoluteExpiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
      };
      return timedOut(live, now) ? undefined : live;
    });
    return session ?? (known ? 'expired' : null);
  }

  /** Slides the idle expiry; the cached copy is updated first so concurrent requests skip it. */
  private async touch(session: LiveSession, now: number) {
    const idleMs = this.settings.get('sessionIdleMinutes') * 60_000;
    session.lastSeenAt = now;
    session.idleExpiresAt = Math.min(now + idleMs, session.absoluteExpiresAt);
    await this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), idleExpiresAt: new Date(session.idleExpiresAt) })
      .where(eq(sessions.id, session.sessionId));
  }

  /** When the session began (a reality check counts from it); null for an unknown id. */
  async startedAt(db: DbOrTx, sessionId: string): Promise<Date | null> {
    const [row] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    return row?.createdAt ?? null;
  }

  /** The member's sessions not revoked and not timed out, the most recently used first. */
  liveOf(db: DbOrTx, memberId: bigint, now: Date) {
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
  }

  /**
   * Revokes one session and returns its token hash: pass it to `forget` once the transaction
   * has committed. With `memberId`, only a session of that member (another's is left alone and
   * nothing is returned).
   */
  async revoke(
    db: DbOrTx,
    sessionId: string,
    reason: string,
    memberId?: bigint,
  ): Promise<string[]> {
    return revokeLive(
      db,
      reason,
      eq(sessions.id, sessionId),
      memberId === undefined ? undefined : eq(sessions.memberId, memberId),
    );
  }

  /** Ends every live session of the member but `keepSessionId`; returns their token hashes. */
  async revokeAll(
    db: DbOrTx,
    memberId: bigint,
    reason: string,
    keepSessionId?: string,
  ): Promise<string[]> {
    return revokeLive(
      db,
      reason,
      eq(sessions.memberId, memberId),
      keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
    );
  }

  /** Drops revoked sessions from every process's cache; call after the revocation commits. */
  forget(tokenHashes: string[]) {
    return this.live.invalidate(...tokenHashes);
  }
}
