/**
 * Balances as the header shows them, read through a process-local cache: the header polls the
 * wallet, so a poll should not cost a database round trip. Whatever moves money calls `changed`
 * after its transaction commits, and every process drops the old figure at once. A member's
 * figure holds cash, play money and the bonus balance (docs/bonuses.md), read in one query.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';

const SPENDABLE = ['cash', 'play', 'bonus_balance'];

interface Entry {
  cash: bigint | undefined;
  play: bigint | undefined;
  bonus: bigint;
}

export class Balances {
  /** A member's spendable accounts (undefined: the member has none of that kind). */
  private readonly cache: ReadCache<Entry>;

  constructor(
    private readonly db: Database,
    shared: CacheStore,
  ) {
    this.cache = new ReadCache(shared, { name: 'balance', max: 50_000, ttlMs: 30_000 });
  }

  start() {
    return this.cache.start();
  }

  /**
   * The member's balance in minor units; 0 before the wallet exists. `account` names which:
   * cash, or play money (trial accounts, and a member's free play); without it, cash if the
   * member has a cash account, else play money (a trial). `fresh` reads past the cache (the
   * header's refresh button) and keeps what it read.
   */
  async balanceMinor(memberId: bigint, fresh = false, account?: 'cash' | 'play'): Promise<bigint> {
    const entry = await this.entry(memberId, fresh);
    if (!entry) return 0n;
    return (account ? entry[account] : (entry.cash ?? entry.play)) ?? 0n;
  }

  /**
   * The member's cash and bonus balance (docs/bonuses.md), in minor units: what a vendor and the
   * header show is their sum. `fresh` as for `balanceMinor`.
   */
  async split(memberId: bigint, fresh = false): Promise<{ cash: bigint; bonus: bigint }> {
    const entry = await this.entry(memberId, fresh);
    return { cash: entry?.cash ?? 0n, bonus: entry?.bonus ?? 0n };
  }

  private entry(memberId: bigint, fresh: boolean) {
    const read = fresh ? this.cache.load.bind(this.cache) : this.cache.getOrLoad.bind(this.cache);
    return read(String(memberId), async () => {
      const rows = await this.db
        .select({ kind: ledgerAccounts.kind, balanceMinor: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.ownerId, memberId), inArray(ledgerAccounts.kind, SPENDABLE)));
      const of = (kind: string) => rows.find((row) => row.kind === kind)?.balanceMinor;
      return { cash: of('cash'), play: of('play'), bonus: of('bonus_balance') ?? 0n };
    });
  }

  /** Drops the cached balances in every process; call after the money moved (committed). */
  changed(...memberIds: bigint[]) {
    return this.cache.invalidate(...memberIds.map(String));
  }
}
