/**
 * Sends game_wallet_post calls to the database in batches (group commit). A call that arrives
 * while a batch is in the database waits for it, then goes with every other call that waited, in
 * one statement (db/functions/game_wallet_post_many.sql) and one commit. Under load this pays the
 * round trip, the transaction and the commit's flush once per batch instead of once per call;
 * when calls are few each goes at once, in a batch of one.
 *
 * Each call of a batch runs in its own subtransaction, so one call's failure undoes that call
 * only. A call the batch gave back (it waited too long for a lock another transaction held) and
 * every call of a batch that failed as a whole or went unanswered for BATCH_TIMEOUT_MS are
 * posted on their own; game_wallet_post takes each transaction id once, so posting a call again
 * never moves money twice (the repeat answers `replayed: true` if the first had committed).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type RunPrepared } from '../../db/client';
import { HOUSE_SHARDS } from '../ledger/ledger';

/** One game_wallet_post call: a vendor's transaction for a game session. */
export interface WalletPost {
  provider: string;
  kind: 'bet' | 'win' | 'rollback';
  txRef: string;
  roundRef: string | null;
  refTxRef: string | null;
  memberId: bigint;
  gameId: bigint;
  sessionId: bigint;
  accountKind: string;
  currency: string;
  amount: number;
  final: boolean;
  fingerprint: string;
  memberAccountId: bigint;
  houseAccountId: bigint;
  reference: Record<string, unknown>;
  detail: Record<string, unknown> | null;
  /** The member's active bonus and bonus_balance account; null without one (docs/bonuses.md). */
  memberBonusId: bigint | null;
  bonusAccountId: bigint | null;
}

export interface PostRow {
  outcome: string;
  round_id: string | number | bigint | null;
  balance: string | number | bigint | null;
  replayed: boolean;
  /** The round after a first-time bet or win. */
  round_status: string | null;
  round_stake: string | number | bigint | null;
  round_win: string | number | bigint | null;
}

interface BatchRow extends Omit<PostRow, 'outcome'> {
  call_index: number;
  outcome: string | null;
  error_state: string | null;
  error_message: string | null;
  error_detail: string | null;
}

/** A single call: prepared once per connection. */
const POST_ONE = `select * from game_wallet_post(
  $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17::jsonb, $18, $19)`;
const POST_MANY = 'select * from game_wallet_post_many($1::jsonb)';

/**
 * At most this many calls per batch: each takes a subtransaction id, and Postgres keeps up to 64
 * per transaction in shared memory before snapshots get slower for every session.
 */
export const MAX_CALLS_PER_BATCH = 32;

/**
 * A batch unanswered this long is given up (its connection dropped) and its calls posted alone,
 * so a hung connection cannot hold up every later call of its lane.
 */
const BATCH_TIMEOUT_MS = 10_000;

/** Lock waits the batch gave up (lock_timeout) or lost (deadlock): the call goes on its own. */
const POST_ALONE_STATES = new Set(['55P03', '40P01']);

interface Waiting {
  call: WalletPost;
  resolve: (row: PostRow) => void;
  reject: (error: unknown) => void;
}

/** Calls waiting for their lane's batch in the database to come back. */
interface Lane {
  waiting: Waiting[];
  busy: boolean;
}

export class WalletPostBatcher {
  private readonly lanes: Lane[];

  /**
   * @param laneCount batches in the database at once: a divisor of HOUSE_SHARDS. A member's calls
   *   always take the lane of member id modulo the lane count, and the house shard of member id
   *   modulo HOUSE_SHARDS, so batches of two lanes never want the same member account or house
   *   shard (a rollback's other rows aside). A lane has one batch in the database at a time,
   *   though calls it gave back may be posted alongside. One lane makes the fullest batches but
   *   sits idle while each commit is flushed; the server runs two (config GAME_WALLET_LANES).
   */
  constructor(
    private readonly prepared: RunPrepared,
    laneCount = 1,
  ) {
    if (laneCount < 1 || HOUSE_SHARDS % laneCount !== 0) {
      throw new Error(`game wallet lanes must divide ${HOUSE_SHARDS}, not ${laneCount}`);
    }
    this.lanes = Array.from({ length: laneCount }, () => ({ waiting: [], busy: false }));
  }

  /** Posts one call; answers game_wallet_post's row, or rejects with the database's error. */
  post(call: WalletPost): Promise<PostRow> {
    const lane = this.lanes[Number(call.memberId % BigInt(this.lanes.length))]!;
    return new Promise((resolve, reject) => {
      lane.waiting.push({ call, resolve, reject });
      this.sendWaiting(lane);
    });
  }

  private sendWaiting(lane: Lane) {
    if (lane.busy || lane.waiting.length === 0) return;
    const batch = lane.waiting.splice(0, MAX_CALLS_PER_BATCH);
    lane.busy = true;
    void this.send(lane, batch);
  }

  private async send(lane: Lane, batch: Waiting[]) {
    let rows: BatchRow[] | undefined;
    try {
      rows = await this.prepared<BatchRow>(
        'game_wallet_post_many',
        POST_MANY,
        [JSON.stringify(batch.map(({ call }) => callArguments(call, true)))],
        BATCH_TIMEOUT_MS,
      );
    } catch {
      rows = undefined;
    }
    // The next batch goes before this one's callers are answered: writing their answers first
    // would leave the database idle meanwhile.
    lane.busy = false;
    this.sendWaiting(lane);
    if (!rows) {
      // Lost connection, or the commit failed: whatever it was, each call goes again alone.
      for (const waiting of batch) this.postAlone(waiting);
      return;
    }
    const rowOf = new Map(rows.map((row) => [row.call_index, row]));
    batch.forEach((waiting, index) => {
      const row = rowOf.get(index + 1);
      if (row?.error_state === null) {
        waiting.resolve(row as PostRow);
      } else if (!row || POST_ALONE_STATES.has(row.error_state)) {
        this.postAlone(waiting);
      } else {
        waiting.reject(databaseError(row));
      }
    });
  }

  private postAlone({ call, resolve, reject }: Waiting) {
    // Inside the promise, so even a throw while building the query answers the caller.
    Promise.resolve()
      .then(() => this.prepared<PostRow>('game_wallet_post', POST_ONE, callArguments(call, false)))
      .then(([row]) => {
        if (row) resolve(row);
        else reject(new Error('game_wallet_post answered nothing'));
      }, reject);
  }
}

/**
 * One call inside the caller's transaction, outside any batch: for a bet that is checked and
 * posted under a lock the transaction holds (a player with a loss limit; see GameWallet.bet).
 */
export async function postWithin(tx: DbOrTx, call: WalletPost): Promise<PostRow> {
  const params = callArguments(call, false).map((value, index) =>
    // Reference and detail are JSON text.
    index === 15 || index === 16 ? sql`${value}::jsonb` : sql`${value}`,
  );
  const result = await tx.execute(
    sql`select * from game_wallet_post(${sql.join(params, sql`, `)})`,
  );
  const [row] = rowsOf<PostRow>(result);
  if (!row) throw new Error('game_wallet_post answered nothing');
  return row;
}

/**
 * game_wallet_post's arguments in order: as query parameters, or as JSON for a batch (ids as
 * strings, reference and detail as objects).
 */
function callArguments(call: WalletPost, asJson: boolean): unknown[] {
  const id = (value: bigint) => (asJson ? String(value) : value);
  const optionalId = (value: bigint | null) => (value === null ? null : id(value));
  const object = (value: Record<string, unknown> | null) =>
    asJson || value === null ? value : JSON.stringify(value);
  return [
    call.provider,
    call.kind,
    call.txRef,
    call.roundRef,
    call.refTxRef,
    id(call.memberId),
    id(call.gameId),
    id(call.sessionId),
    call.accountKind,
    call.currency,
    call.amount,
    call.final,
    call.fingerprint,
    id(call.memberAccountId),
    id(call.houseAccountId),
    object(call.reference),
    object(call.detail),
    optionalId(call.memberBonusId),
    optionalId(call.bonusAccountId),
  ];
}

/** A call's error inside the batch, shaped as the driver shapes the database's errors. */
function databaseError(row: BatchRow): Error {
  return Object.assign(new Error(row.error_message ?? 'game_wallet_post failed'), {
    code: row.error_state,
    // GET STACKED DIAGNOSTICS answers '' when there is no detail.
    detail: row.error_detail || undefined,
  });
}
