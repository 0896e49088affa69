/** Queries of the operators' tables: accounts, console sessions, sign-in attempts. */
import { and, asc, count, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { operatorLogins, operatorSessions, operators } from '../../db/schema/operators';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = typeof operators.$inferInsert;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
export type OperatorLoginEvent = typeof operatorLogins.$inferInsert;

export const operatorsRepository = {
  async byUsername(db: DbOrTx, username: string) {
    const [row] = await db.select().from(operators).where(eq(operators.username, username));
    return row;
  },

  async byId(db: DbOrTx, id: bigint, forUpdate = false) {
    const query = db.select().from(operators).where(eq(operators.id, id));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async any(db: DbOrTx) {
    const [row] = await db.select({ id: operators.id }).from(operators).limit(1);
    return row !== undefined;
  },

  list(db: DbOrTx) {
    return db.select().from(operators).orderBy(asc(operators.username));
  },

  /** Undefined when the username is taken. */
  async insert(db: DbOrTx, values: NewOperator) {
    const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
    return row;
  },

  async update(db: DbOrTx, id: bigint, values: Partial<NewOperator>) {
    const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
    return row;
  },

  /** Owners that can still sign in (not locked), other than `except`. */
  async activeOwnersExcept(db: DbOrTx, except: bigint) {
    const [row] = await db
      .select({ n: count() })
      .from(operators)
      .where(
        and(eq(operators.role, 'owner'), eq(operators.locked, false), ne(operators.id, except)),
      );
    return row?.n ?? 0;
  },

  /** One more failed sign-in; answers the count since the last success or lock-out. */
  async noteFailure(db: DbOrTx, id: bigint) {
    const [row] = await db
      .update(operators)
      .set({ failedLogins: sql`${operators.failedLogins} + 1` })
      .where(eq(operators.id, id))
      .returning({ failedLogins: operators.failedLogins });
    return row?.failedLogins ?? 0;
  },

  /**
   * Takes the TOTP step for a sign-in, once: false when a sign-in already used this step or a
   * later one (two requests racing with the same code: one wins).
   */
  async takeTotpStep(db: DbOrTx, id: bigint, step: number) {
    const rows = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(operators.id, id),
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
        ),
      )
      .returning({ id: operators.id });
    return rows.length === 1;
  },

  async recordLogin(db: DbOrTx, event: OperatorLoginEvent) {
    await db.insert(operatorLogins).values(event);
  },

  async createSession(db: DbOrTx, values: typeof operatorSessions.$inferInsert) {
    const [row] = await db.insert(operatorSessions).values(values).returning();
    return row!;
  },

  async sessionByTokenHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(eq(operatorSessions.tokenHash, tokenHash));
    return row;
  },

  async touchSession(db: DbOrTx, id: bigint, now: Date) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.endedAt)));
  },

  async endSession(db: DbOrTx, id: bigint, reason: string, now: Date) {
    await db
      .update(operatorSessions)
      .set({ endedAt: now, endedReason: reason })
      .where(and(eq(operatorSessions.id, id), isNull(operatorSessions.endedAt)));
  },

  /** Ends every live session of the operator, but `keep` when given. */
  async endSessionsOf(db: DbOrTx, operatorId: bigint, reason: string, now: Date, keep?: bigint) {
    await db
      .update(operatorSessions)
      .set({ endedAt: now, endedReason: reason })
      .where(
        and(
          eq(operatorSessions.operatorId, operatorId),
          isNull(operatorSessions.endedAt),
          keep === undefined ? undefined : ne(operatorSessions.id, keep),
        ),
      );
  },
};
