/**
 * The member's active bonus as the money path needs it: its id and its largest stake. Every bet
 * asks (the game wallet), so it is read through a process-local cache, as balances are; the
 * answer "no active bonus" is cached too, so a member without one costs no query per bet.
 *
 * Whatever starts or ends a bonus (the engine: activation, conversion, forfeit, expiry) calls
 * `changed(memberId)` after its transaction commits, and every process drops its figure. A
 * figure a process still holds for a moment after that is safe: game_wallet_post takes a bonus
 * part only while that bonus is still active (else the wallet reads it again and retries), and a
 * win or rollback goes by the round's bonus's status as it stands in the database.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberBonuses } from '../../db/schema/bonuses';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';

export interface ActiveBonus {
  /** The member_bonuses id. */
  id: bigint;
  /** The largest stake a bet may have while it is active; null: no limit. */
  maxStakeMinor: bigint | null;
}

export class ActiveBonuses {
  /** `bonus: null`: the member has no active bonus (kept, as the common answer). */
  private readonly cache: ReadCache<{ bonus: ActiveBonus | null }>;

  constructor(
    private readonly db: Database,
    shared: CacheStore,
  ) {
    this.cache = new ReadCache(shared, { name: 'active-bonus', max: 50_000, ttlMs: 30_000 });
  }

  start() {
    return this.cache.start();
  }

  /** The member's active bonus, or undefined; `fresh` reads past the cache and keeps the answer. */
  async forMember(memberId: bigint, fresh = false): Promise<ActiveBonus | undefined> {
    const read = fresh ? this.cache.load.bind(this.cache) : this.cache.getOrLoad.bind(this.cache);
    const entry = await read(String(memberId), async () => {
      const [row] = await this.db
        .select({ id: memberBonuses.id, terms: memberBonuses.terms })
        .from(memberBonuses)
        .where(and(eq(memberBonuses.memberId, memberId), eq(memberBonuses.status, 'active')));
      if (!row) return { bonus: null };
      const maxStake = row.terms.maxStakeMinor;
      return {
        bonus: {
          id: row.id,
          maxStakeMinor: maxStake === null || maxStake === undefined ? null : BigInt(maxStake),
        },
      };
    });
    return entry?.bonus ?? undefined;
  }

  /** Drops the members' figures in every process; call after a bonus started or ended (committed). */
  changed(...memberIds: bigint[]) {
    return this.cache.invalidate(...memberIds.map(String));
  }
}
