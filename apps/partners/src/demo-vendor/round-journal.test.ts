/**
 * Rounds interrupted by a crash between the bet and the result: the demo vendor's journal keeps
 * them, and recovery completes the ones whose win covers the stake and refunds the others, over
 * real HTTP against the listening product. A crash is simulated by journalling a round and taking
 * only its bet, or by a vendor copy whose network dies after the bet.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withToken } from '../../../server/test/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DEMO_SEED } from '../../../server/test/demo-seed';
import { ledgerInvariants } from '../../../server/src/modules/ledger/ledger';
import { rowsOf } from '../journal-db';
import {
  cashOf,
  launchedPlayer as launched,
  startProduct,
  startVendor,
  type Product,
  type Vendor,
} from './product.test-kit';
import { DemoRoundJournal, recoverRounds, type JournalRound } from './round-journal';
import { WalletClient, WalletRefusal } from '../wallet-client';

let product: Product;
/** The vendor, and a copy of it whose network dies after the bet: every win call fails. */
let vendor: Vendor;
let crashing: Vendor;
let wallet: WalletClient;
let journal: DemoRoundJournal;

beforeAll(async () => {
  product = await startProduct();
  vendor = await startVendor(product);
  crashing = await startVendor(
    product,
    {
      winAttempts: 1,
      recovery: false,
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : input.toString();
        if (url.includes('/wps/vendor/win')) throw new TypeError('fetch failed');
        return fetch(input, init);
      },
    },
    // The same vendor's database: what the crashing copy journals, recovery finds.
    vendor.journal,
  );
  wallet = new WalletClient({
    baseUrl: () => product.base,
    provider: 'DEMO',
    secret: () => TEST_DEMO_SEED.demoVendor.secret,
  });
  journal = new DemoRoundJournal(vendor.journal.db);
}, 60_000);
afterAll(async () => {
  await crashing?.close();
  await vendor?.close();
  await product?.t.close();
});

const launchedPlayer = async (amountMinor: number) => launched(product, amountMinor);

const cash = (memberId: bigint) => cashOf(product, memberId);

/** A round the vendor decided; with `betTaken` its bet reached the wallet before the crash. */
async function interruptedRound(
  gameToken: string,
  stakeMinor: number,
  winMinor: number,
  betTaken: 'journalled' | 'unjournalled' | false,
): Promise<JournalRound> {
  const round: JournalRound = {
    roundId: randomUUID(),
    token: gameToken,
    currency: 'BDT',
    betTxId: randomUUID(),
    winTxId: randomUUID(),
    stakeMinor,
    winMinor,
  };
  await journal.decided(round);
  if (betTaken) {
    await wallet.bet(
      {
        token: gameToken,
        txId: round.betTxId,
        roundId: round.roundId,
        amount: stakeMinor,
        currency: 'BDT',
      },
      'EN',
    );
    // Unjournalled: the process died between the bet's answer and writing it down.
    if (betTaken === 'journalled') await journal.mark(round.roundId, ['decided'], 'bet_taken');
  }
  return round;
}

/** Recovery as a restarted process runs it, for rounds of any age. */
const recover = () => recoverRounds({ journal, wallet, olderThanMs: 0 });

async function ourRound(roundId: string) {
  const [row] = rowsOf<{ status: string; stake_minor: string; win_minor: string }>(
    await product.t.app.database.db.execute(
      sql`select status, stake_minor::text, win_minor::text from game_rounds
          where provider_code = 'DEMO' and round_ref = ${roundId}`,
    ),
  );
  return row;
}

async function transactionsOf(roundId: string) {
  return rowsOf<{ kind: string; status: string }>(
    await product.t.app.database.db.execute(
      sql`select gt.kind, gt.status from game_transactions gt
          join game_rounds r on r.id = gt.round_id
          where r.provider_code = 'DEMO' and r.round_ref = ${roundId}
          order by gt.id`,
    ),
  );
}

async function expectLedgerSound() {
  expect(await ledgerInvariants(product.t.app.database.db)).toMatchObject({
    unbalancedTransactions: [],
    driftedAccounts: [],
    negativeAccounts: [],
  });
}

describe('demo vendor round journal', () => {
  it('journals a played round as settled, and a refused bet as void', async () => {
    const p = await launchedPlayer(10_00);
    // The refused bet first: after a spin the balance could be anything up to 59.00.
    const refused = await vendor.app.inject({
      method: 'POST',
      url: '/demo-vendor/api/play?lang=EN',
      payload: { token: p.gameToken, kind: 'slot', stake: 50_00, currency: 'BDT' },
    });
    expect(refused.statusCode).toBe(409);
    const [row] = rowsOf<{ state: string }>(
      await vendor.journal.db.execute(
        sql`select state from demo_vendor_rounds where token = ${p.gameToken} and stake_minor = 5000`,
      ),
    );
    expect(row?.state).toBe('void');

    const played = await vendor.app.inject({
      method: 'POST',
      url: '/demo-vendor/api/play?lang=EN',
      payload: { token: p.gameToken, kind: 'slot', stake: 1_00, currency: 'BDT' },
    });
    expect(played.statusCode).toBe(200);
    expect(await journal.state(played.json().roundId)).toBe('settled');
    expect(await recover()).toEqual({ settled: 0, refunded: 0, failed: 0 });
  });

  it('completes a winning round whose win never came, and pays it once however often it runs', async () => {
    const p = await launchedPlayer(50_00);
    const round = await interruptedRound(p.gameToken, 5_00, 20_00, 'journalled');
    expect(await cash(p.memberId)).toBe(45_00);
    expect((await ourRound(round.roundId))?.status).toBe('open');

    // Two processes at once (both may claim it: one settles the round while the other's copy of
    // the win waits for it, and that copy must be answered "paid", not "closed"), then a pass
    // later: the win is taken once in all, and counted once.
    const reports = [...(await Promise.all([recover(), recover()])), await recover()];
    expect(reports.reduce((sum, report) => sum + report.settled, 0)).toBe(1);
    expect(reports.reduce((sum, report) => sum + report.refunded + report.failed, 0)).toBe(0);
    expect(await recover()).toEqual({ settled: 0, refunded: 0, failed: 0 });

    expect(await cash(p.memberId)).toBe(50_00 - 5_00 + 20_00);
    expect(await ourRound(round.roundId)).toMatchObject({
      status: 'settled',
      stake_minor: '500',
      win_minor: '2000',
    });
    expect(await transactionsOf(round.roundId)).toEqual([
      { kind: 'bet', status: 'done' },
      { kind: 'win', status: 'done' },
    ]);
    expect(await journal.state(round.roundId)).toBe('settled');
    await expectLedgerSound();
  });

  it('refunds a losing round whose result never came: the balance is back where it was', async () => {
    const p = await launchedPlayer(50_00);
    const round = await interruptedRound(p.gameToken, 10_00, 2_00, 'journalled');
    expect(await cash(p.memberId)).toBe(40_00);

    expect(await recover()).toEqual({ settled: 0, refunded: 1, failed: 0 });
    expect(await recover()).toEqual({ settled: 0, refunded: 0, failed: 0 });

    expect(await cash(p.memberId)).toBe(50_00);
    expect(await ourRound(round.roundId)).toMatchObject({ status: 'refunded', win_minor: '0' });
    expect(await transactionsOf(round.roundId)).toEqual([
      { kind: 'bet', status: 'rolled_back' },
      { kind: 'rollback', status: 'done' },
    ]);
    expect(await journal.state(round.roundId)).toBe('refunded');
    await expectLedgerSound();
  });

  it('finishes rounds whose bet was never written down: taken or not, each is paid or undone once', async () => {
    const p = await launchedPlayer(50_00);
    // The bet reached the wallet, the process died before journalling it.
    const wonTaken = await interruptedRound(p.gameToken, 2_00, 2_00, 'unjournalled');
    // The process died before the bet left.
    const wonUnsent = await interruptedRound(p.gameToken, 1_00, 3_00, false);
    const lostUnsent = await interruptedRound(p.gameToken, 5_00, 0, false);
    expect(await cash(p.memberId)).toBe(48_00);

    expect(await recover()).toEqual({ settled: 2, refunded: 1, failed: 0 });
    // Won rounds: bet (resent, or replayed) and win; the lost one moved nothing.
    expect(await cash(p.memberId)).toBe(50_00 - 2_00 + 2_00 - 1_00 + 3_00);
    expect((await ourRound(wonTaken.roundId))?.status).toBe('settled');
    expect((await ourRound(wonUnsent.roundId))?.status).toBe('settled');
    expect(await ourRound(lostUnsent.roundId)).toBeUndefined();
    expect(await journal.state(lostUnsent.roundId)).toBe('refunded');

    // The lost round's bet, arriving late, is refused: its id was voided by the rollback.
    const late = await wallet
      .bet(
        {
          token: p.gameToken,
          txId: lostUnsent.betTxId,
          roundId: lostUnsent.roundId,
          amount: 5_00,
          currency: 'BDT',
        },
        'EN',
      )
      .catch((error: unknown) => error);
    expect(late).toBeInstanceOf(WalletRefusal);
    expect((late as WalletRefusal).errorCode).toBe('vendor.txRolledBack');
    expect(await cash(p.memberId)).toBe(52_00);
    await expectLedgerSound();
  });

  it('pays a won round after the player closed the game, and voids one whose bet never came', async () => {
    const p = await launchedPlayer(30_00);
    const taken = await interruptedRound(p.gameToken, 3_00, 9_00, 'unjournalled');
    const unsent = await interruptedRound(p.gameToken, 3_00, 9_00, false);
    await product.t.app.inject({
      method: 'POST',
      url: '/wps/game/closeGame',
      headers: withToken(p.token),
      payload: { token: p.gameToken },
    });

    // The resent bets are refused (the session ended); the win tells which one was taken.
    expect(await recover()).toEqual({ settled: 1, refunded: 1, failed: 0 });
    expect(await cash(p.memberId)).toBe(30_00 - 3_00 + 9_00);
    expect((await ourRound(taken.roundId))?.status).toBe('settled');
    expect(await ourRound(unsent.roundId)).toBeUndefined();
    expect(await journal.state(unsent.roundId)).toBe('refunded');
    await expectLedgerSound();
  });

  it('leaves a round alone while it may still be playing', async () => {
    const p = await launchedPlayer(10_00);
    const round = await interruptedRound(p.gameToken, 1_00, 0, 'journalled');
    expect(await recoverRounds({ journal, wallet })).toEqual({
      settled: 0,
      refunded: 0,
      failed: 0,
    });
    expect(await journal.state(round.roundId)).toBe('bet_taken');
    await recover();
    expect(await cash(p.memberId)).toBe(10_00);
  });

  it('deletes finished rounds a week old, a batch at a time, and never an unfinished one', async () => {
    const p = await launchedPlayer(10_00);
    const journalled = async (
      state: 'settled' | 'refunded' | 'void' | 'bet_taken',
      age: string,
    ) => {
      const round = await interruptedRound(p.gameToken, 1_00, 0, false);
      await vendor.journal.db.execute(sql`
        update demo_vendor_rounds set state = ${state}, updated_at = now() - ${age}::interval
        where round_id = ${round.roundId}`);
      return round.roundId;
    };
    const old = [
      await journalled('settled', '8 days'),
      await journalled('refunded', '8 days'),
      await journalled('void', '7 days 1 hour'),
    ];
    const recent = await journalled('settled', '6 days');
    const stuck = await journalled('bet_taken', '30 days');

    // Batches of two: the pass repeats until the old ones are gone.
    expect(await journal.purgeFinished(undefined, 2)).toBe(3);
    for (const roundId of old) expect(await journal.state(roundId)).toBeUndefined();
    expect(await journal.state(recent)).toBe('settled');
    expect(await journal.state(stuck)).toBe('bet_taken');
    expect(await journal.purgeFinished()).toBe(0);
    // Out of the way of the later tests' recovery passes, which count what they finish.
    await vendor.journal.db.execute(
      sql`update demo_vendor_rounds set state = 'void' where round_id = ${stuck}`,
    );
  });

  it('recovers a round whose win was lost to a dying network, the better way for the player', async () => {
    const p = await launchedPlayer(100_00);
    const res = await crashing.app.inject({
      method: 'POST',
      url: '/demo-vendor/api/play?lang=EN',
      payload: { token: p.gameToken, kind: 'slot', stake: 10_00, currency: 'BDT' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().errorCode).toBe('vendor.roundUnsettled');
    const [row] = rowsOf<{ round_id: string; state: string; win_minor: string }>(
      await vendor.journal.db.execute(
        sql`select round_id, state, win_minor::text from demo_vendor_rounds
            where token = ${p.gameToken}`,
      ),
    );
    expect(row?.state).toBe('bet_taken');
    expect(await cash(p.memberId)).toBe(90_00);

    const win = Number(row!.win_minor);
    const report = await recover();
    if (win >= 10_00) {
      expect(report).toEqual({ settled: 1, refunded: 0, failed: 0 });
      expect(await cash(p.memberId)).toBe(90_00 + win);
      expect((await ourRound(row!.round_id))?.status).toBe('settled');
    } else {
      expect(report).toEqual({ settled: 0, refunded: 1, failed: 0 });
      expect(await cash(p.memberId)).toBe(100_00);
      expect((await ourRound(row!.round_id))?.status).toBe('refunded');
    }
    expect(await journal.state(row!.round_id)).toBe(win >= 10_00 ? 'settled' : 'refunded');
    await expectLedgerSound();
  });

  it('runs recovery by itself once the server listens, and stops when it closes', async () => {
    // A restarted vendor process: its own database, which the process before it journalled in.
    const restarted = await startVendor(product, {
      recovery: { startDelayMs: 50, everyMs: 100, olderThanMs: 0 },
    });
    try {
      const p = await launchedPlayer(20_00);
      const ownJournal = new DemoRoundJournal(restarted.journal.db);
      // Journalled by "the process before the restart", bet never sent: a win of 4x the stake.
      const round: JournalRound = {
        roundId: randomUUID(),
        token: p.gameToken,
        currency: 'BDT',
        betTxId: randomUUID(),
        winTxId: randomUUID(),
        stakeMinor: 1_00,
        winMinor: 4_00,
      };
      await ownJournal.decided(round);
      await restarted.app.listen({ port: 0, host: '127.0.0.1' });
      await expect
        .poll(() => ownJournal.state(round.roundId), { timeout: 10_000, interval: 100 })
        .toBe('settled');
      expect(await cash(p.memberId)).toBe(20_00 - 1_00 + 4_00);
    } finally {
      await restarted.close();
    }
  });
});
