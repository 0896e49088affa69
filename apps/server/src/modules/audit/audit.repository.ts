/** Writes to the audit trail. Rows are only added: there is no update and no delete. */
import type { DbOrTx } from '../../db/client';
import { auditEvents } from '../../db/schema/audit';

export type NewAuditEvent = typeof auditEvents.$inferInsert;

export const auditRepository = {
  async insert(db: DbOrTx, event: NewAuditEvent) {
    await db.insert(auditEvents).values(event);
  },
};
