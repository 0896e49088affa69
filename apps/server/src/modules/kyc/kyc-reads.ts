/**
 * What other modules may know of identity checks, each read taking the caller's `db` or
 * transaction: whether a member's identity is approved (withdrawals), and the state of many
 * members at once (the money desk's risk signals).
 */
import type { KycState } from '@khela/contract/kyc';
import type { DbOrTx } from '../../db/client';
import { kycRepository as repo } from './kyc.repository';

export const kycReads = {
  /** An operator approved one of the member's submissions. */
  verified(db: DbOrTx, memberId: bigint): Promise<boolean> {
    return repo.approvedExists(db, memberId);
  },

  /** Each member's state (none when they never sent documents), in one query. */
  async states(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, KycState>> {
    const found = await repo.states(db, memberIds);
    return new Map(memberIds.map((id) => [id, (found.get(id) ?? 'none') as KycState]));
  },
};
