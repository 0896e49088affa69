/**
 * The sportsbook's own records of its bets, in the partners' database (journal-db.ts makes the
 * tables), as the demo vendor journals its rounds: a bet is written (`placing`) before its stake
 * leaves for the wallet, and every later movement is claimed by a state change (`settling`,
 * `cashing_out`, `cancelling`) before its wallet call, so a crash at any point leaves a row that
 * recovery finishes with the same transaction ids. The product's records of the same bet are its
 * game round (round id = bet id) and game transactions.
 *
 * States: placing → open | refused; open → settling → settled; open → cashing_out → cashed_out;
 * open → cancelling → cancelled; placing (never answered) → cancelling → cancelled.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type JournalDb } from '../journal-db';
import type { ResultCorrection } from './domain/corrections';

export type BetState =
  | 'placing'
  | 'open'
  | 'refused'
  | 'settling'
  | 'settled'
  | 'cashing_out'
  | 'cashed_out'
  | 'cancelling'
  | 'cancelled';

export interface StoredLeg {
  fixtureId: string;
  marketId: string;
  selectionId: string;
  /** Hundredths, as taken. */
  odds: number;
}

export interface StoredBet {
  betId: string;
  playerId: string;
  token: string;
  currency: string;
  language: 'BN' | 'EN';
  stakeMinor: bigint;
  odds: number;
  legs: StoredLeg[];
  state: BetState;
  /** The settlement's return or the cash-out's value, fixed when claimed. */
  returnMinor: bigint | null;
  /** All the wallet has credited for it: the settlement, then each correction's difference. */
  paidMinor: bigint;
  result: string | null;
  /** The last result correction of its matches it was settled under (0: none). */
  resultVersion: number;
  placedAt: Date;
  settledAt: Date | null;
}

interface Row {
  bet_id: string;
  player_id: string;
  token: string;
  currency: string;
  language: string;
  stake_minor: string | number;
  odds: number;
  legs: StoredLeg[] | string;
  state: BetState;
  return_minor: string | number | null;
  paid_minor: string | number;
  result: string | null;
  result_version: number;
  placed_at: string | Date;
  settled_at: string | Date | null;
}

const toBet = (row: Row): StoredBet => ({
  betId: row.bet_id,
  playerId: row.player_id,
  token: row.token,
  currency: row.currency,
  language: row.language === 'EN' ? 'EN' : 'BN',
  stakeMinor: BigInt(row.stake_minor),
  odds: row.odds,
  legs: typeof row.legs === 'string' ? (JSON.parse(row.legs) as StoredLeg[]) : row.legs,
  state: row.state,
  returnMinor: row.return_minor === null ? null : BigInt(row.return_minor),
  paidMinor: BigInt(row.paid_minor),
  result: row.result,
  resultVersion: row.result_version,
  placedAt: new Date(row.placed_at),
  settledAt: row.settled_at === null ? null : new Date(row.settled_at),
});

const COLUMNS = sql.raw(
  'bet_id, player_id, token, currency, language, stake_minor, odds, legs, state, return_minor, paid_minor, result, result_version, placed_at, settled_at',
);

export class BetStore {
  constructor(private readonly db: JournalDb) {}

  async insertPlacing(
    bet: Omit<
      StoredBet,
      'state' | 'returnMinor' | 'paidMinor' | 'result' | 'resultVersion' | 'placedAt' | 'settledAt'
    >,
  ) {
    const fixtures = [...new Set(bet.legs.map((leg) => leg.fixtureId))];
    await this.db.execute(sql`
      insert into sportsbook_bets (bet_id, player_id, token, currency, language, stake_minor, odds, legs, fixture_ids, state)
      values (${bet.betId}, ${bet.playerId}, ${bet.token}, ${bet.currency}, ${bet.language}, ${bet.stakeMinor.toString()},
              ${bet.odds}, ${JSON.stringify(bet.legs)}::jsonb, ${`{${fixtures.join(',')}}`}::varchar[], 'placing')`);
  }

  async get(betId: string): Promise<StoredBet | undefined> {
    const [row] = rowsOf<Row>(
      await this.db.execute(sql`select ${COLUMNS} from sportsbook_bets where bet_id = ${betId}`),
    );
    return row && toBet(row);
  }

  /**
   * Moves a bet from one of `from` to `to`, fixing its return when given; false when it was not
   * in one of them (another pass, a cash-out or a settlement got there first).
   */
  async move(
    betId: string,
    from: BetState[],
    to: BetState,
    set: { returnMinor?: bigint; paidMinor?: bigint; result?: string; resultVersion?: number } = {},
  ): Promise<boolean> {
    const settled = to === 'settled' || to === 'cashed_out' || to === 'cancelled';
    const rows = rowsOf<{ bet_id: string }>(
      await this.db.execute(sql`
        update sportsbook_bets set state = ${to}, updated_at = now(),
          return_minor = coalesce(${set.returnMinor?.toString() ?? null}::bigint, return_minor),
          paid_minor = coalesce(${set.paidMinor?.toString() ?? null}::bigint, paid_minor),
          result = coalesce(${set.result ?? null}::varchar, result),
          result_version = coalesce(${set.resultVersion ?? null}::integer, result_version),
          settled_at = case when ${settled} then coalesce(settled_at, now()) else settled_at end
        where bet_id = ${betId} and state in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        returning bet_id`),
    );
    return rows.length > 0;
  }

  /**
   * Claims many open bets for settlement in one statement, each with its return fixed (as `move`
   * to `settling` does one by one); answers the ids it claimed (not those a cash-out or another
   * pass took first).
   */
  async claimSettlements(
    claims: { betId: string; returnMinor: bigint; result: string; resultVersion: number }[],
  ): Promise<Set<string>> {
    if (claims.length === 0) return new Set();
    const list = (values: (string | number | bigint)[]) => `{${values.join(',')}}`;
    const rows = rowsOf<{ bet_id: string }>(
      await this.db.execute(sql`
        update sportsbook_bets b set state = 'settling', updated_at = now(),
          return_minor = v.return_minor, result = v.result, result_version = v.result_version
        from unnest(${list(claims.map((c) => c.betId))}::varchar[],
                    ${list(claims.map((c) => c.returnMinor))}::bigint[],
                    ${list(claims.map((c) => c.result))}::varchar[],
                    ${list(claims.map((c) => c.resultVersion))}::integer[])
          as v(bet_id, return_minor, result, result_version)
        where b.bet_id = v.bet_id and b.state = 'open'
        returning b.bet_id`),
    );
    return new Set(rows.map((r) => r.bet_id));
  }

  /** Marks many settling bets settled in one statement, each paid its fixed return. */
  async markSettled(betIds: string[]): Promise<number> {
    if (betIds.length === 0) return 0;
    const rows = rowsOf<{ bet_id: string }>(
      await this.db.execute(sql`
        update sportsbook_bets set state = 'settled', updated_at = now(),
          paid_minor = return_minor, settled_at = coalesce(settled_at, now())
        where bet_id = any(${`{${betIds.join(',')}}`}::varchar[]) and state = 'settling'
        returning bet_id`),
    );
    return rows.length;
  }

  /** A re-settlement's record on a settled bet, once per correction version. */
  async resettled(
    betId: string,
    version: number,
    paidMinor: bigint,
    result: string,
  ): Promise<boolean> {
    const rows = rowsOf<{ bet_id: string }>(
      await this.db.execute(sql`
        update sportsbook_bets set paid_minor = ${paidMinor.toString()}, result = ${result},
          result_version = ${version}, updated_at = now()
        where bet_id = ${betId} and state = 'settled' and result_version < ${version}
        returning bet_id`),
    );
    return rows.length > 0;
  }

  /** Bets of a fixture in the given states. */
  async ofFixture(fixtureId: string, states: BetState[]): Promise<StoredBet[]> {
    return rowsOf<Row>(
      await this.db.execute(sql`
        select ${COLUMNS} from sportsbook_bets
        where fixture_ids @> ${`{${fixtureId}}`}::varchar[] and state in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by placed_at`),
    ).map(toBet);
  }

  /** The fixtures that have bets still to settle. */
  async fixturesWithOpenBets(): Promise<string[]> {
    return rowsOf<{ fixture_id: string }>(
      await this.db.execute(sql`
        select distinct unnest(fixture_ids) as fixture_id from sportsbook_bets where state in ('open', 'settling')`),
    ).map((row) => row.fixture_id);
  }

  /** A player's bets, newest first: open (open and moving) or settled (every end state). */
  async ofPlayer(playerId: string, which: 'open' | 'settled', limit = 50): Promise<StoredBet[]> {
    const states: BetState[] =
      which === 'open'
        ? ['placing', 'open', 'settling', 'cashing_out', 'cancelling']
        : ['settled', 'cashed_out', 'cancelled'];
    return rowsOf<Row>(
      await this.db.execute(sql`
        select ${COLUMNS} from sportsbook_bets
        where player_id = ${playerId} and state in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )})
        order by placed_at desc limit ${limit}`),
    ).map(toBet);
  }

  /** Bets left mid-movement for `olderThanMs` (a crash, an unanswered call), claimed by a touch. */
  async claimUnfinished(olderThanMs: number, limit = 100): Promise<StoredBet[]> {
    return rowsOf<Row>(
      await this.db.execute(sql`
        update sportsbook_bets set updated_at = now()
        where bet_id in (
          select bet_id from sportsbook_bets
          where state in ('placing', 'settling', 'cashing_out', 'cancelling')
            and updated_at <= now() - make_interval(secs => ${olderThanMs / 1000})
          order by updated_at limit ${limit}
          for update skip locked)
        returning ${COLUMNS}`),
    ).map(toBet);
  }

  async addCorrection(fixtureId: string, correction: ResultCorrection): Promise<number> {
    const [row] = rowsOf<{ version: number }>(
      await this.db.execute(sql`
        insert into sportsbook_corrections (fixture_id, version, correction)
        select ${fixtureId}, coalesce(max(version), 0) + 1, ${JSON.stringify(correction)}::jsonb
        from sportsbook_corrections where fixture_id = ${fixtureId}
        returning version`),
    );
    return row!.version;
  }

  async corrections(
    fixtureId: string,
  ): Promise<{ version: number; correction: ResultCorrection }[]> {
    return rowsOf<{ version: number; correction: ResultCorrection | string }>(
      await this.db.execute(sql`
        select version, correction from sportsbook_corrections where fixture_id = ${fixtureId} order by version`),
    ).map((row) => ({
      version: row.version,
      correction:
        typeof row.correction === 'string'
          ? (JSON.parse(row.correction) as ResultCorrection)
          : row.correction,
    }));
  }
}
