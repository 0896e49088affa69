/**
 * MINIMAL STAND-IN (bengine): the wallet split (bwallet) owns this file; the lead keeps theirs at
 * merge. The engine only calls `changed` after a bonus starts or ends.
 *
 * A cached read of each member's active bonus, for the bet path.
 */
import type { DbOrTx } from '../../db/client';
import { memberBonusesRepository as repo } from './member-bonuses.repository';

export interface ActiveBonus {
  id: bigint;
  maxStakeMinor: bigint | null;
}

export class ActiveBonuses {
  private readonly known = new Map<string, ActiveBonus | null>();

  constructor(private readonly db: DbOrTx) {}

  async forMember(memberId: bigint): Promise<ActiveBonus | null> {
    const key = String(memberId);
    if (this.known.has(key)) return this.known.get(key)!;
    const row = await repo.active(this.db, memberId);
    const active = row
      ? {
          id: row.id,
          maxStakeMinor: row.terms.maxStakeMinor === null ? null : BigInt(row.terms.maxStakeMinor),
        }
      : null;
    this.known.set(key, active);
    return active;
  }

  changed(...memberIds: bigint[]) {
    for (const id of memberIds) this.known.delete(String(id));
  }
}
