/** Writes to and searches the audit trail. Rows are only added: there is no update and no delete. */
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';

export type NewAuditEvent = typeof auditEvents.$inferInsert;
export type AuditEventRow = typeof auditEvents.$inferSelect;

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  before?: bigint;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const auditRepository = {
  async insert(db: DbOrTx, event: NewAuditEvent) {
    await db.insert(auditEvents).values(event);
  },

  /** Newest first (by id, which follows commit order closely enough for a trail). */
  search(db: DbOrTx, filter: AuditFilter, limit: number) {
    const where: SQL[] = [];
    if (filter.actor) where.push(eq(auditEvents.actorName, filter.actor));
    if (filter.action) {
      where.push(
        filter.action.endsWith('.')
          ? like(auditEvents.action, `${escapeLike(filter.action)}%`)
          : eq(auditEvents.action, filter.action),
      );
    }
    if (filter.targetType) where.push(eq(auditEvents.targetType, filter.targetType));
    if (filter.targetId) where.push(eq(auditEvents.targetId, filter.targetId));
    if (filter.from) where.push(gte(auditEvents.at, filter.from));
    if (filter.to) where.push(lt(auditEvents.at, filter.to));
    if (filter.before !== undefined) where.push(lt(auditEvents.id, filter.before));
    return db
      .select()
      .from(auditEvents)
      .where(and(...where))
      .orderBy(desc(auditEvents.id))
      .limit(limit);
  },
};
