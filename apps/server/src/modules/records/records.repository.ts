/**
 * Queries over one member's ledger entries. Pages walk the cash account's entries newest first
 * on the (account_id, id) index from a cursor id (`id < cursor … limit n + 1`), never OFFSET, so
 * page 50 costs what page 1 does.
 */
import type { TransactionType } from '@khela/contract/records';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
    ...Object.entries(KIND_TYPES).map(([head, type]) => sql`when ${head} then ${type}`),
    sql`else 'adjustment' end`,
  ],
  sql` `,
);

function typeFilter(type: TransactionType): SQL {
  const heads = Object.keys(KIND_TYPES);
  if (type === 'adjustment')
    return sql`${kindHead} not in (${sql.join(
      heads.map((h) => sql`${h}`),
      sql`, `,
    )})`;
  const mine = heads.filter((head) => KIND_TYPES[head] === type);
  return sql`${kindHead} in (${sql.join(
    mine.map((h) => sql`${h}`),
    sql`, `,
  )})`;
}

/** The member's cash account (the one balance records are about), found in the same query. */
const cashAccountOf = (memberId: bigint) =>
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

export async function cashEntries(db: DbOrTx, q: EntryPageQuery) {
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
        eq(ledgerEntries.accountId, cashAccountOf(q.memberId)),
        q.beforeId === undefined ? undefined : lt(ledgerEntries.id, q.beforeId),
        gte(ledgerEntries.createdAt, q.from),
        lt(ledgerEntries.createdAt, q.to),
        q.type === undefined ? undefined : typeFilter(q.type),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(q.limit);
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
