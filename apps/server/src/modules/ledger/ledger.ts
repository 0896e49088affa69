/**
 * The ledger module owns the ledger tables (db/schema/ledger.ts) and is the only code that posts
 * movements: other modules call `Ledger.post`/`move`, and open accounts with `Ledger.open`. The
 * game wallet's database function moves money only by calling `ledger_post` (db/functions).
 *
 * The double-entry ledger. Every movement of money is one ledger transaction whose entries net to
 * zero; each account's stored balance changes in the same database transaction as its entries,
 * by a conditional update (never read-then-write), so two concurrent debits cannot both pass.
 *
 * Every movement carries an idempotency key, unique per source. Posting the same key again
 * returns the first movement (`replayed: true`) and moves nothing; the same key with a different
 * request is refused with `idempotency.mismatch` (422).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf, type Database, type DbOrTx } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import { AppError } from '../../errors';
import { ledgerMovedMinor, ledgerMovements } from '../../lib/metrics';

/**
 * Accounts a member owns. `bonus_balance` holds the active bonus's money (docs/bonuses.md):
 * opened on demand like cash, never below zero, spent after cash by the game wallet.
 */
export const MEMBER_ACCOUNT_KINDS = ['cash', 'play', 'withdrawal_hold', 'bonus_balance'] as const;
/** The house's accounts (no owner); they may go below zero, member accounts never. */
export const HOUSE_ACCOUNT_KINDS = [
  'deposits_clearing',
  'payouts',
  'house',
  'bonus',
  'play_issuer',
  'play_house',
  'opening',
] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];
export type AccountKind = MemberAccountKind | HouseAccountKind;

export type AccountRef =
  { kind: MemberAccountKind; ownerId: bigint } | { kind: HouseAccountKind; ownerId?: undefined };

export interface Leg {
  account: AccountRef;
  /** Positive credits the account, negative debits it. */
  amountMinor: bigint;
}

export interface Movement {
  /** What happened: deposit, withdrawal.hold, bet, win, rollback, rebate, transfer, … */
  kind: string;
  /** Who asked (member request, payment provider, game vendor): keys are unique per source. */
  source: string;
  key: string;
  /** The request as received: its fingerprint tells a retry from a reuse of the key. */
  request: unknown;
  currency: string;
  memberId?: bigint;
  reference?: Record<string, string | number | boolean>;
  legs: Leg[];
}

export interface Posted {
  transactionId: bigint;
  /** True when the key was seen before: nothing moved this time. */
  replayed: boolean;
  /** Balances right after the movement, by `accountKey(ref)`. */
  balancesAfter: Map<string, bigint>;
}

/** How many rows each house account is split into (see `ledger_accounts.shard`). */
export const HOUSE_SHARDS = 16;

export const accountKey = (ref: AccountRef) => `${ref.kind}:${ref.ownerId ?? ''}`;

/** SHA-256 of the request with its object keys sorted, so key order does not matter. */
export function fingerprint(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The operator's metrics: movements by kind, and the money each moved (its credited side). */
function countMovement(movement: Movement, legs: Leg[], replayed: boolean) {
  ledgerMovements.inc({ kind: movement.kind, outcome: replayed ? 'replayed' : 'posted' });
  if (replayed) return;
  const credited = legs.reduce(
    (sum, leg) => (leg.amountMinor > 0n ? sum + leg.amountMinor : sum),
    0n,
  );
  ledgerMovedMinor.inc({ kind: movement.kind, currency: movement.currency }, Number(credited));
}

const isHouseKind = (kind: AccountKind): kind is HouseAccountKind =>
  (HOUSE_ACCOUNT_KINDS as readonly string[]).includes(kind);

export class Ledger {
  /** Account ids never change once made; caching them saves a query per leg. */
  private readonly accountIds = new Map<string, bigint>();

  constructor(private readonly db: Database) {}

  /**
   * Posts a movement on its own: the movement is one statement (the `ledger_post` function), so
   * it is atomic without a transaction around it.
   */
  move(movement: Movement): Promise<Posted> {
    return this.post(this.db, movement);
  }

  /**
   * Posts a movement, inside the caller's transaction when given one, so the movement and the
   * caller's own rows (a deposit marked paid, a withdrawal created) commit or roll back together.
   * A refused movement throws, and inside a transaction that transaction must then roll back.
   */
  async post(db: DbOrTx, movement: Movement): Promise<Posted> {
    const legs = mergeLegs(movement.legs);
    const total = legs.reduce((sum, leg) => sum + leg.amountMinor, 0n);
    if (legs.length < 2 || total !== 0n) {
      throw new Error(`ledger movement ${movement.kind} does not net to zero (${total})`);
    }
    // One member's movements always use the same house shard; different members spread out.
    const shard = Number((movement.memberId ?? keyHash(movement.key)) % BigInt(HOUSE_SHARDS));
    const resolved = await Promise.all(
      legs.map(async (leg) => ({
        ...leg,
        accountId: await this.accountId(db, leg.account, movement.currency, shard),
      })),
    );
    // A fixed lock order keeps two movements over the same accounts from deadlocking: member
    // accounts first, then the house's, each by id. The house's accounts are in nearly every
    // movement, so they are locked last and held only until the commit that follows.
    resolved.sort((a, b) => {
      const house = Number(isHouseKind(a.account.kind)) - Number(isHouseKind(b.account.kind));
      return house !== 0 ? house : a.accountId < b.accountId ? -1 : 1;
    });
    const ids = `{${resolved.map((leg) => leg.accountId).join(',')}}`;
    const amounts = `{${resolved.map((leg) => leg.amountMinor).join(',')}}`;
    let result: unknown;
    try {
      // The function (db/functions/ledger_post.sql) inserts the movement, or finds the one with this key, and
      // per leg makes the conditional update `balance + x >= 0 unless the house's` and its entry:
      // one round trip, never read-then-write.
      result = await db.execute(sql`
        select transaction_id, replayed, account_ids, balances from ledger_post(
          ${movement.kind}, ${movement.source}, ${movement.key}, ${fingerprint(movement.request)},
          ${movement.memberId ?? null},
          ${movement.reference ? JSON.stringify(movement.reference) : null}::jsonb,
          ${ids}::bigint[], ${amounts}::bigint[])`);
    } catch (error) {
      throw refusal(error) ?? error;
    }
    const [row] = rowsOf<{
      transaction_id: string | number | bigint;
      replayed: boolean;
      account_ids: (string | number | bigint)[];
      balances: (string | number | bigint)[];
    }>(result);
    if (!row) throw new Error('ledger_post answered nothing');
    countMovement(movement, legs, row.replayed);
    const refById = new Map(resolved.map((leg) => [leg.accountId, leg.account]));
    const balancesAfter = new Map<string, bigint>();
    row.account_ids.forEach((id, i) => {
      const ref = refById.get(BigInt(id));
      if (ref) balancesAfter.set(accountKey(ref), BigInt(row.balances[i]!));
    });
    return {
      transactionId: BigInt(row.transaction_id),
      replayed: row.replayed,
      balancesAfter,
    };
  }

  /** An account's balance, summed over its shards (0 if it does not exist yet). */
  async balance(db: DbOrTx, ref: AccountRef, currency: string): Promise<bigint> {
    const [row] = await db
      .select({ balanceMinor: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)` })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, ref.kind),
          ref.ownerId === undefined
            ? isNull(ledgerAccounts.ownerId)
            : eq(ledgerAccounts.ownerId, ref.ownerId),
          eq(ledgerAccounts.currency, currency),
        ),
      );
    return BigInt(row?.balanceMinor ?? 0);
  }

  /**
   * The account id a movement for `memberId` would use (house accounts: that member's shard),
   * for callers that post through their own database function (the game wallet).
   */
  accountIdFor(db: DbOrTx, ref: AccountRef, currency: string, memberId: bigint): Promise<bigint> {
    return this.accountId(db, ref, currency, Number(memberId % BigInt(HOUSE_SHARDS)));
  }

  /** Opens a member's account (idempotent); registration opens the cash or play account. */
  async open(db: DbOrTx, ref: AccountRef, currency: string): Promise<bigint> {
    return this.accountId(db, ref, currency, 0);
  }

  private async accountId(
    db: DbOrTx,
    ref: AccountRef,
    currency: string,
    houseShard: number,
  ): Promise<bigint> {
    const house = isHouseKind(ref.kind);
    const shard = house ? houseShard : 0;
    const cacheKey = `${accountKey(ref)}:${currency}:${shard}`;
    const known = this.accountIds.get(cacheKey);
    if (known !== undefined) return known;
    const [made] = await db
      .insert(ledgerAccounts)
      .values({ kind: ref.kind, ownerId: ref.ownerId, currency, mayGoNegative: house, shard })
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id });
    let id = made?.id;
    if (id === undefined) {
      const [existing] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(
          and(
            eq(ledgerAccounts.kind, ref.kind),
            house ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, ref.ownerId!),
            eq(ledgerAccounts.currency, currency),
            eq(ledgerAccounts.shard, shard),
          ),
        );
      if (!existing) throw new Error(`ledger account ${cacheKey} could not be opened`);
      id = existing.id;
    }
    // Only ids of committed rows may be cached; a new row is cached on its next lookup.
    if (!made) {
      if (this.accountIds.size > 100_000) this.accountIds.clear();
      this.accountIds.set(cacheKey, id);
    }
    return id;
  }
}

/** The ledger function's refusals as the API's errors (the driver wraps the database's). */
export function refusal(error: unknown): AppError | undefined {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = cause instanceof Error ? cause.message : '';
  if (message.includes('ledger_idempotency_mismatch')) return new AppError('idempotency.mismatch');
  if (message.includes('ledger_insufficient_funds')) {
    return new AppError('wallet.insufficientFunds', {
      balance: (cause as { detail?: string }).detail ?? '0',
    });
  }
  return undefined;
}

/** A stable number from an idempotency key, for movements that name no member. */
function keyHash(key: string): bigint {
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return BigInt(hash);
}

/** Sums legs on the same account, dropping those that net to nothing. */
function mergeLegs(legs: Leg[]): Leg[] {
  const byAccount = new Map<string, Leg>();
  for (const leg of legs) {
    const key = accountKey(leg.account);
    const seen = byAccount.get(key);
    byAccount.set(key, {
      account: leg.account,
      amountMinor: (seen?.amountMinor ?? 0n) + leg.amountMinor,
    });
  }
  return [...byAccount.values()].filter((leg) => leg.amountMinor !== 0n);
}

/** Ledger-wide checks for tests, the crash script and the benchmark. */
export async function ledgerInvariants(db: DbOrTx) {
  const unbalanced = await db.execute<{ id: string }>(sql`
    select transaction_id as id from ledger_entries group by transaction_id
    having sum(amount_minor) <> 0`);
  const drifted = await db.execute<{ id: string }>(sql`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount_minor) as total from ledger_entries group by account_id) e
      on e.account_id = a.id
    where a.balance_minor <> coalesce(e.total, 0)`);
  const negative = await db.execute<{ id: string }>(sql`
    select id from ledger_accounts where not may_go_negative and balance_minor < 0`);
  const empty = await db.execute<{ id: string }>(sql`
    select t.id from ledger_transactions t
    where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`);
  const ids = (r: unknown) => rowsOf<{ id: string }>(r).map((x) => String(x.id));
  return {
    unbalancedTransactions: ids(unbalanced),
    driftedAccounts: ids(drifted),
    negativeAccounts: ids(negative),
    transactionsWithoutEntries: ids(empty),
  };
}
