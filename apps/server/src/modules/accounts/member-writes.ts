/**
 * The accounts module's writes for other modules: the few changes to its tables that another
 * module's action makes, each inside the caller's transaction (`tx`) so it commits or rolls
 * back with the rest of that action.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { members } from '../../db/schema/accounts';
import { accountsRepository as repo, type AuditEvent } from './accounts.repository';

export type { AuditEvent };

export const memberWrites = {
  /**
   * Locks the member's row until the transaction ends, so two actions of one member that check
   * and then write (binding a payee, taking a break) are decided one after the other.
   */
  async lock(tx: DbOrTx, memberId: bigint): Promise<boolean> {
    const [row] = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    return row !== undefined;
  },

  async setPaymentPassword(tx: DbOrTx, memberId: bigint, hash: string) {
    await tx.update(members).set({ paymentPasswordHash: hash }).where(eq(members.id, memberId));
  },

  /** Ends every remember-me token of the member. */
  revokeDeviceTokens(tx: DbOrTx, memberId: bigint) {
    return repo.revokeDeviceTokens(tx, memberId);
  },

  /** A row of the auth audit trail (the security centre's changes, ended sessions). */
  audit(tx: DbOrTx, event: AuditEvent) {
    return repo.audit(tx, event);
  },
};
