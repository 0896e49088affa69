/**
 * Queries over one member's ledger entries. Pages walk the cash account's entries newest first
 * on the (account_id, id) index from a cursor id (`id < cursor … limit n + 1`), never OFFSET, so
 * page 50 costs what page 1 does.
 */
import type { TransactionType } from '@khela/contract/records';
import { and, desc, eq, gte, inArray, lt, sql, type Placeholder } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { gameRounds as rounds } from '../../db/schema/game-wallet';
import { games, vendors } from '../../db/schema/games';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/ledger';

/**
 * Ledger kinds by their first dot-separated word, as the player sees them. A kind not named here
 * (an operator's correction, a reversal) is an adjustment. A rolled-back or refunded bet counts
 * with bets: it gives the stake back.
 */
export const KIND_TYPES: Record<string, TransactionType> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  bet: 'bet',
  rollback: 'bet',
  refund: 'bet',
  win: 'win',
  rebate: 'rebate',
  bonus: 'bonus',
  promotion: 'bonus',
  reward: 'bonus',
  transfer: 'transfer',
};

const kindHead = sql`split_part(${ledgerTransactions.kind}, '.', 1)`;

/** The player-facing type of a ledger kind, computed in SQL for grouping. */
const typeOfKind = sql.join(
  [
    sql`case ${kindHead}`,
    // Constants of this file, written as literals so the planner sees them.
    ...Object.entries(KIND_TYPES).map(([head, type]) => sql.raw(`when '${head}' then '${type}'`)),
    sql`else 'adjustment' end`,
  ],
  sql` `,
);

/** The member's cash account (the one balance records are about), found in the same query. */
const cashAccountOf = (memberId: bigint | Placeholder) =>
  sql`(select ${ledgerAccounts.id} from ${ledgerAccounts}
       where ${ledgerAccounts.ownerId} = ${memberId} and ${ledgerAccounts.kind} = 'cash'
       order by ${ledgerAccounts.id} limit 1)`;

export interface EntryPageQuery {
  memberId: bigint;
  from: Date;
  to: Date;
  beforeId?: bigint;
  type?: TransactionType;
  limit: number;
}

/** Above every entry id: the first page's "cursor". */
const NO_CURSOR = (2n ** 63n - 1n).toString();

/**
 * The records page, prepared once per database handle: it runs on every page a member opens, so
 * it skips query building and Postgres plans it once per connection. One statement serves every
 * filter: no cursor is the largest id, no type is null.
 */
function pageStatement(db: Database) {
  const type = sql.placeholder('type');
  return db
    .select({
      id: ledgerEntries.id,
      amountMinor: ledgerEntries.amountMinor,
      balanceAfterMinor: ledgerEntries.balanceAfterMinor,
      createdAt: ledgerEntries.createdAt,
      transactionId: ledgerEntries.transactionId,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        sql`${ledgerEntries.accountId} = ${cashAccountOf(sql.placeholder('member'))}`,
        sql`${ledgerEntries.id} < ${sql.placeholder('before')}::bigint`,
        sql`${ledgerEntries.createdAt} >= ${sql.placeholder('from')}::timestamptz`,
        sql`${ledgerEntries.createdAt} < ${sql.placeholder('to')}::timestamptz`,
        sql`(${type}::text is null or ${typeOfKind} = ${type}::text)`,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(sql.placeholder('limit'))
    .prepare('records_cash_entries');
}

const preparedFor = new WeakMap<Database, ReturnType<typeof pageStatement>>();

export async function cashEntries(db: Database, q: EntryPageQuery) {
  let statement = preparedFor.get(db);
  if (!statement) preparedFor.set(db, (statement = pageStatement(db)));
  return statement.execute({
    member: q.memberId.toString(),
    before: q.beforeId?.toString() ?? NO_CURSOR,
    from: q.from.toISOString(),
    to: q.to.toISOString(),
    type: q.type ?? null,
    limit: q.limit,
  });
}

/**
 * Sums of the member's cash and withdrawal-hold entries in the period, by player-facing type;
 * `payout` marks the hold entries of paid withdrawals (money that left to the player's payee).
 */
export async function periodTotals(db: DbOrTx, memberId: bigint, from: Date, to: Date) {
  return db
    .select({
      account: ledgerAccounts.kind,
      type: sql<TransactionType>`${typeOfKind}`,
      payout: sql<boolean>`${ledgerTransactions.kind} = 'withdrawal.payout'`,
      totalMinor: sql<string>`sum(${ledgerEntries.amountMinor})::text`,
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.ownerId, memberId),
        inArray(ledgerAccounts.kind, ['cash', 'withdrawal_hold']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`);
}

export function typeOf(kind: string): TransactionType {
  return KIND_TYPES[kind.split('.', 1)[0]!] ?? 'adjustment';
}

export interface RoundPageQuery {
  memberId: bigint;
  from: Date;
  to: Date;
  beforeId?: bigint;
  limit: number;
}

/**
 * The member's game rounds opened in the period, newest first (ids grow with time), from a
 * cursor id; with the game's and vendor's names in both languages.
 */
export function gameRounds(db: Database, q: RoundPageQuery) {
  return db
    .select({
      id: rounds.id,
      openedAt: rounds.openedAt,
      settledAt: rounds.settledAt,
      status: rounds.status,
      accountKind: rounds.accountKind,
      stakeMinor: rounds.stakeMinor,
      winMinor: rounds.winMinor,
      balanceBeforeMinor: rounds.balanceBeforeMinor,
      balanceAfterMinor: rounds.balanceAfterMinor,
      gameEn: games.nameEn,
      gameBn: games.nameBn,
      vendorEn: vendors.nameEn,
      vendorBn: vendors.nameBn,
    })
    .from(rounds)
    .innerJoin(games, eq(games.id, rounds.gameId))
    .innerJoin(vendors, eq(vendors.code, games.vendorCode))
    .where(
      and(
        eq(rounds.memberId, q.memberId),
        gte(rounds.openedAt, q.from),
        lt(rounds.openedAt, q.to),
        q.beforeId === undefined ? undefined : lt(rounds.id, q.beforeId),
      ),
    )
    .orderBy(desc(rounds.id))
    .limit(q.limit);
}
