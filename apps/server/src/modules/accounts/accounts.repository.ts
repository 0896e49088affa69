/** Queries on members, wallets, device tokens, affiliate domains and the auth audit trail. */
import { and, eq, gt, isNull, sql, type WithSubquery } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import {
  affiliateDomains,
  authEvents,
  deviceTokens,
  memberLogins,
  members,
  sessions,
  wallets,
} from '../../db/schema/accounts';

export type MemberRow = typeof members.$inferSelect;

export interface AuditEvent {
  memberId?: bigint | null;
  event: string;
  outcome: 'ok' | 'fail';
  ip?: string;
  userAgent?: string;
  detail?: Record<string, unknown>;
}

const auditRow = (event: AuditEvent): typeof authEvents.$inferInsert => ({
  memberId: event.memberId ?? null,
  event: event.event,
  outcome: event.outcome,
  ip: event.ip ?? null,
  userAgent: event.userAgent?.slice(0, 256) ?? null,
  detail: event.detail ?? {},
});
export type NewMember = typeof members.$inferInsert;

/**
 * What every login runs, prepared once per database handle: no query building per call, and
 * Postgres plans each statement once per connection.
 */
function loginStatements(db: Database) {
  const param = sql.placeholder;
  const newSession = () =>
    db.$with('new_session').as(
      db
        .insert(sessions)
        .values({
          tokenHash: param('tokenHash'),
          memberId: param('memberId'),
          kind: param('kind'),
          idleExpiresAt: param('idleExpiresAt'),
          absoluteExpiresAt: param('absoluteExpiresAt'),
          ip: param('ip'),
          userAgent: param('userAgent'),
        })
        .returning({ id: sessions.id }),
    );
  const audit = () =>
    db.$with('audit').as(
      db
        .insert(authEvents)
        .values({
          memberId: param('memberId'),
          event: 'login',
          outcome: 'ok',
          ip: param('ip'),
          userAgent: param('userAgent'),
          detail: param('detail'),
        })
        .returning({ id: authEvents.id }),
    );
  const memberLogin = () =>
    db.$with('member_login').as(
      db
        .insert(memberLogins)
        .values({
          memberId: param('memberId'),
          kind: 'login',
          ip: param('ip'),
          userAgent: param('userAgent'),
          deviceId: param('deviceId'),
        })
        .returning({ id: memberLogins.id }),
    );
  const deviceToken = () =>
    db.$with('device_token').as(
      db
        .insert(deviceTokens)
        .values({
          memberId: param('memberId'),
          tokenHash: param('deviceTokenHash'),
          expiresAt: param('deviceTokenExpiresAt'),
        })
        .returning({ id: deviceTokens.id }),
    );
  const stampLogin = (...writes: WithSubquery[]) =>
    db
      .with(...writes)
      .update(members)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(members.id, param('memberId')));
  return {
    memberByUsername: db
      .select()
      .from(members)
      .where(eq(members.username, param('username')))
      .prepare('member_by_username'),
    login: stampLogin(newSession(), audit(), memberLogin()).prepare('record_login'),
    loginRemembered: stampLogin(newSession(), audit(), memberLogin(), deviceToken()).prepare(
      'record_login_remembered',
    ),
  };
}
const preparedFor = new WeakMap<Database, ReturnType<typeof loginStatements>>();
function prepared(db: Database) {
  let statements = preparedFor.get(db);
  if (!statements) preparedFor.set(db, (statements = loginStatements(db)));
  return statements;
}

export const accountsRepository = {
  async memberByUsername(db: Database, username: string): Promise<MemberRow | undefined> {
    const [row] = await prepared(db).memberByUsername.execute({
      username: username.toLowerCase(),
    });
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
  /**
   * Inserts the member and its wallet (cash, or play money for a trial); undefined when the
   * username or number is taken (a race). The ledger account is the ledger's to open.
   */
  async insertMember(db: DbOrTx, member: NewMember, currency: string, playMoney = false) {
    const [row] = await db.insert(members).values(member).onConflictDoNothing().returning();
    if (!row) return undefined;
    await db.insert(wallets).values({ memberId: row.id, currency, playMoney });
    return row;
  },
  /**
   * Uses the member's one username change: undefined when it was used already (a concurrent
   * change got there first). A name taken meanwhile raises the unique index's violation.
   */
  async changeUsername(db: DbOrTx, memberId: bigint, username: string, key: string) {
    const [row] = await db
      .update(members)
      .set({ username, usernameChangedAt: new Date(), usernameChangeKey: key })
      .where(and(eq(members.id, memberId), isNull(members.usernameChangedAt)))
      .returning({ username: members.username });
    return row;
  },
  /** The member's row locked until the transaction ends (status changes). */
  lockMember(db: DbOrTx, memberId: bigint) {
    return db
      .select({ id: members.id, status: members.status })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
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
  /**
   * A successful login's writes (the session, a remember-me token, the audit row, the last login
   * time) in one statement: one round trip, atomic without a transaction.
   */
  async recordLogin(
    db: Database,
    login: {
      session: typeof sessions.$inferInsert;
      deviceToken?: { tokenHash: string; expiresAt: Date };
      audit: Pick<AuditEvent, 'ip' | 'userAgent' | 'detail'>;
      /** The device for member_logins (see login-device.ts). */
      deviceId: string | null;
    },
  ) {
    const { session, deviceToken, audit, deviceId } = login;
    const values = {
      memberId: session.memberId,
      tokenHash: session.tokenHash,
      kind: session.kind,
      idleExpiresAt: session.idleExpiresAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
      ip: audit.ip ?? null,
      userAgent: audit.userAgent?.slice(0, 256) ?? null,
      detail: audit.detail ?? {},
      deviceId,
    };
    const statements = prepared(db);
    if (!deviceToken) await statements.login.execute(values);
    else {
      await statements.loginRemembered.execute({
        ...values,
        deviceTokenHash: deviceToken.tokenHash,
        deviceTokenExpiresAt: deviceToken.expiresAt,
      });
    }
  },

  /** A registration's row in member_logins (a login's is part of `recordLogin`). */
  async insertMemberLogin(db: DbOrTx, row: typeof memberLogins.$inferInsert) {
    await db.insert(memberLogins).values(row);
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

  async audit(db: DbOrTx, event: AuditEvent) {
    await db.insert(authEvents).values(auditRow(event));
  },
  async auditEvents(db: DbOrTx, memberId: bigint) {
    return db
      .select()
      .from(authEvents)
      .where(eq(authEvents.memberId, memberId))
      .orderBy(sql`${authEvents.id} desc`);
  },
};
