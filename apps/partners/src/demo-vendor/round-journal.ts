/**
 * The demo vendor's round journal and its recovery. A round is written (decided, with its
 * outcome) before the bet is sent, so a round the vendor's server was playing when it died is
 * still known on restart. Recovery then finishes it the way that is better for the player: a
 * round whose win covers the stake is completed (bet, then win), any other is refunded (the bet
 * rolled back; a rollback of a bet that never arrived is kept by the wallet as void, so nothing
 * moves and a late copy of the bet is refused). Every call reuses the round's transaction ids,
 * which the wallet takes once, so recovery may run twice, or in two processes, safely.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type JournalDb } from '../journal-db';
import { demoVendorRounds } from './journal-table';
import { WalletRefusal, type WalletClient } from '../wallet-client';

export type JournalState = 'decided' | 'bet_taken' | 'settled' | 'refunded' | 'void';

export interface JournalRound {
  roundId: string;
  token: string;
  currency: string;
  betTxId: string;
  winTxId: string;
  stakeMinor: number;
  winMinor: number;
}

export interface UnfinishedRound extends JournalRound {
  state: 'decided' | 'bet_taken';
}

/** Recovery leaves a round alone for this long after its last step: it may still be playing. */
export const RECOVER_AFTER_MS = 30_000;
const UNFINISHED: JournalState[] = ['decided', 'bet_taken'];
/**
 * A finished round stays in the journal this long, then is deleted: the journal only serves
 * recovery, our own records (game_rounds, game_transactions) are the ones kept, and its rows hold
 * game session tokens in clear.
 */
export const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;
/** Rows one purge statement deletes; a pass repeats it until fewer are left. */
const PURGE_BATCH = 1_000;

/** The rollback a refunded round sends: derived from the round, so a retry sends the same id. */
export const rollbackTxIdOf = (roundId: string) => `${roundId}:rollback`;

export class DemoRoundJournal {
  constructor(private readonly db: JournalDb) {}

  /** Written before the bet leaves. */
  async decided(round: JournalRound): Promise<void> {
    await this.db.insert(demoVendorRounds).values({
      ...round,
      stakeMinor: BigInt(round.stakeMinor),
      winMinor: BigInt(round.winMinor),
      state: 'decided',
    });
  }

  /** Moves a round forward from one of `from`; false when it was already past them. */
  async mark(roundId: string, from: JournalState[], to: JournalState): Promise<boolean> {
    const moved = await this.db
      .update(demoVendorRounds)
      .set({ state: to, updatedAt: sql`now()` })
      .where(and(eq(demoVendorRounds.roundId, roundId), inArray(demoVendorRounds.state, from)))
      .returning({ roundId: demoVendorRounds.roundId });
    return moved.length > 0;
  }

  async state(roundId: string): Promise<JournalState | undefined> {
    const [row] = await this.db
      .select({ state: demoVendorRounds.state })
      .from(demoVendorRounds)
      .where(eq(demoVendorRounds.roundId, roundId));
    return row?.state as JournalState | undefined;
  }

  /**
   * Claims unfinished rounds untouched for `olderThanMs`: moving updated_at is a lease, so another
   * process (skipping the locked rows meanwhile) leaves them alone for as long again.
   */
  async claimUnfinished(olderThanMs: number, limit = 100): Promise<UnfinishedRound[]> {
    const rows = rowsOf<{
      round_id: string;
      token: string;
      currency: string;
      bet_tx_id: string;
      win_tx_id: string;
      stake_minor: string | number;
      win_minor: string | number;
      state: 'decided' | 'bet_taken';
    }>(
      await this.db.execute(sql`
        update demo_vendor_rounds set updated_at = now()
        where round_id in (
          select round_id from demo_vendor_rounds
          where state in ('decided', 'bet_taken')
            and updated_at <= now() - make_interval(secs => ${olderThanMs / 1000})
          order by updated_at limit ${limit}
          for update skip locked)
        and state in ('decided', 'bet_taken')
        returning round_id, token, currency, bet_tx_id, win_tx_id, stake_minor, win_minor, state`),
    );
    return rows.map((row) => ({
      roundId: row.round_id,
      token: row.token,
      currency: row.currency,
      betTxId: row.bet_tx_id,
      winTxId: row.win_tx_id,
      stakeMinor: Number(row.stake_minor),
      winMinor: Number(row.win_minor),
      state: row.state,
    }));
  }

  /**
   * Deletes finished rounds (settled, refunded, void) untouched for `olderThanMs`, a batch at a
   * time so no statement holds many rows; answers how many went.
   */
  async purgeFinished(olderThanMs = KEEP_FINISHED_MS, batch = PURGE_BATCH): Promise<number> {
    let purged = 0;
    for (;;) {
      const deleted = rowsOf<{ round_id: string }>(
        await this.db.execute(sql`
          delete from demo_vendor_rounds
          where round_id in (
            select round_id from demo_vendor_rounds
            where state in ('settled', 'refunded', 'void')
              and updated_at <= now() - make_interval(secs => ${olderThanMs / 1000})
            limit ${batch})
          returning round_id`),
      );
      purged += deleted.length;
      if (deleted.length < batch) return purged;
    }
  }
}

/**
 * Finishes one interrupted round over the wallet API. Answers the journal's end state, or throws
 * when the wallet did not answer (the round is tried again later).
 */
export async function recoverRound(
  wallet: WalletClient,
  round: UnfinishedRound,
): Promise<'settled' | 'refunded'> {
  const { token, roundId, currency } = round;
  const language = 'EN';
  const refund = async () => {
    try {
      await wallet.rollback(
        { token, txId: rollbackTxIdOf(roundId), refTxId: round.betTxId, roundId, currency },
        language,
      );
      return 'refunded' as const;
    } catch (error) {
      // The round's win got there before the crash: the wallet closed it, nothing to undo.
      if (error instanceof WalletRefusal && error.errorCode === 'vendor.roundClosed') {
        return 'settled' as const;
      }
      throw error;
    }
  };

  if (round.winMinor < round.stakeMinor) return refund();

  if (round.state === 'decided') {
    // Whether the bet arrived before the crash is unknown: send it again (a copy answers
    // `replayed`). A refusal (session ended, a limit, the balance) does not say it was not taken
    // earlier, so the win below decides.
    try {
      await wallet.bet(
        { token, txId: round.betTxId, roundId, amount: round.stakeMinor, currency },
        language,
      );
    } catch (error) {
      if (!(error instanceof WalletRefusal)) throw error;
    }
  }
  try {
    await wallet.win(
      { token, txId: round.winTxId, roundId, amount: round.winMinor, currency, final: true },
      language,
    );
    return 'settled';
  } catch (error) {
    if (!(error instanceof WalletRefusal)) throw error;
    // No round at the wallet: the bet never landed and cannot now; void its id.
    if (error.errorCode === 'vendor.roundUnknown') return refund();
    // Closed without this win: only a rollback closes a round so.
    if (error.errorCode === 'vendor.roundClosed') return 'refunded';
    throw error;
  }
}

export interface RecoveryReport {
  settled: number;
  refunded: number;
  /** Not answered this time; claimed again once the lease runs out. */
  failed: number;
}

/** One pass over the journal: every claimed round is finished or left for the next pass. */
export async function recoverRounds(options: {
  journal: DemoRoundJournal;
  wallet: WalletClient;
  olderThanMs?: number;
  log?: FastifyBaseLogger;
}): Promise<RecoveryReport> {
  const report: RecoveryReport = { settled: 0, refunded: 0, failed: 0 };
  const rounds = await options.journal.claimUnfinished(options.olderThanMs ?? RECOVER_AFTER_MS);
  for (const round of rounds) {
    try {
      const end = await recoverRound(options.wallet, round);
      // Another process may have finished it meanwhile (the same calls, answered `replayed`).
      if (!(await options.journal.mark(round.roundId, UNFINISHED, end))) continue;
      report[end] += 1;
      options.log?.info({ roundId: round.roundId, end }, 'demo vendor: interrupted round finished');
    } catch (error) {
      report.failed += 1;
      options.log?.warn({ err: error, roundId: round.roundId }, 'demo vendor: recovery failed');
    }
  }
  return report;
}
