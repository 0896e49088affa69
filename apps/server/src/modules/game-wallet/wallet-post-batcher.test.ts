/**
 * Vendor calls that arrive together go to the database in one statement (wallet-post-batcher.ts):
 * each still gets its own answer, a refused call is refused alone, and a batch lost as a whole
 * is posted again call by call without moving money twice. Runs on PGlite and on Postgres.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { loadConfig } from '../../config';
import { rowsOf, type RunPrepared } from '../../db/client';
import { AppError } from '../../errors';
import { GameWallet } from './game-wallet';
import { balanceOf, fundedMember, openGameSession } from './game-wallet.test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/** The statements a wallet sent: the calls in each, and their members. */
interface Sent {
  name: string;
  calls: number;
  members: string[];
}

/** A game wallet over the test app's database whose statements are counted (and may be broken). */
async function walletSeeing(
  sent: Sent[],
  wrap?: (run: RunPrepared) => RunPrepared,
  lanes?: number,
) {
  const counting: RunPrepared = (name, text, values) => {
    // game_wallet_post's sixth argument is the member; a batch sends each call's as JSON.
    const calls =
      name === 'game_wallet_post_many'
        ? (JSON.parse(values[0] as string) as unknown[][])
        : [values];
    sent.push({ name, calls: calls.length, members: calls.map((call) => String(call[5])) });
    return t.database.prepared(name, text, values);
  };
  const services = t.app.services;
  const wallet = new GameWallet({
    db: t.database.db,
    prepared: wrap ? wrap(counting) : counting,
    cache: t.cache,
    ledger: services.ledger,
    balances: services.balances,
    guard: services.protection,
    bonuses: services.activeBonuses,
    noteBigWin: (win) => services.games.noteBigWin(win),
    sessionGame: (gameId) => services.games.sessionGame(gameId),
    lanes,
  });
  await wallet.start();
  return wallet;
}

/**
 * A counted wallet whose next batch, once `lose.next` is set, commits and then loses its answer
 * on the way back (the connection dropped).
 */
async function walletLosingAnswers(sent: Sent[]) {
  const lose = { next: false };
  const wallet = await walletSeeing(
    sent,
    (run) =>
      async <T>(name: string, text: string, values: unknown[]) => {
        const rows = await run<T>(name, text, values);
        if (name === 'game_wallet_post_many' && lose.next) {
          lose.next = false;
          throw new Error('Connection terminated unexpectedly');
        }
        return rows;
      },
  );
  return { wallet, lose };
}

/** Funded players with a game session each; their session and bet guard already cached. */
async function players(wallet: GameWallet, count: number, fundsMinor = 500_00) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const member = await fundedMember(t.app, fundsMinor);
      const { token } = await openGameSession(t.app, member.memberId);
      await wallet.balance('DEMO', { token });
      await t.app.services.protection.assertMayBet(member.memberId, 0n);
      await t.app.services.activeBonuses.forMember(member.memberId);
      return { ...member, token };
    }),
  );
}

const bet = (token: string, amount: number, txId = randomUUID()) => ({
  token,
  txId,
  roundId: randomUUID(),
  amount,
  currency: 'BDT',
});

/** How many ledger movements a vendor transaction id made. */
async function movementsOf(txId: string) {
  const rows = rowsOf<{ n: string | number }>(
    await t.database.db.execute(
      sql`select count(*) as n from ledger_transactions where idempotency_key = ${`bet:${txId}`}`,
    ),
  );
  return Number(rows[0]!.n);
}

describe('vendor calls posted in batches', () => {
  it('calls that arrive together share a statement, and each player is charged their own stake', async () => {
    const sent: Sent[] = [];
    const wallet = await walletSeeing(sent);
    const table = await players(wallet, 12);
    sent.length = 0;

    const answers = await Promise.all(
      table.map((player, i) => wallet.bet('DEMO', bet(player.token, 1_00 * (i + 1)))),
    );

    answers.forEach((answer, i) => expect(answer.balance).toBe(500_00 - 1_00 * (i + 1)));
    for (const [i, player] of table.entries()) {
      expect(await balanceOf(t.app, player.memberId)).toBe(500_00 - 1_00 * (i + 1));
    }
    expect(sent.every((s) => s.name === 'game_wallet_post_many')).toBe(true);
    expect(sent.reduce((n, s) => n + s.calls, 0)).toBe(12);
    expect(sent.length).toBeLessThan(12);
    await expectSoundLedger(t.app.database.db);
  });

  it('a bet the balance cannot cover is refused alone; the others in its batch are taken', async () => {
    const sent: Sent[] = [];
    const wallet = await walletSeeing(sent);
    const [first, poor, rich] = await players(wallet, 3, 20_00);
    sent.length = 0;

    const [a, b, c] = await Promise.allSettled([
      wallet.bet('DEMO', bet(first!.token, 5_00)),
      wallet.bet('DEMO', bet(poor!.token, 50_00)),
      wallet.bet('DEMO', bet(rich!.token, 15_00)),
    ]);

    expect(a).toMatchObject({ status: 'fulfilled', value: { balance: 15_00 } });
    expect(b.status).toBe('rejected');
    const refused = (b as PromiseRejectedResult).reason as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.errorCode).toBe('wallet.insufficientFunds');
    expect(refused.data).toEqual({ balance: 20_00 });
    expect(c).toMatchObject({ status: 'fulfilled', value: { balance: 5_00 } });
    // The refused call and the one after it went in the same statement.
    const statementOf = (memberId: bigint) =>
      sent.find((s) => s.members.includes(String(memberId)));
    expect(statementOf(poor!.memberId)?.members).toContain(String(rich!.memberId));
    expect(await balanceOf(t.app, poor!.memberId)).toBe(20_00);
    // The batch's 50 ms lock timeout ended with its transaction: the connection waits as usual.
    const [setting] = await t.database.prepared<{ lock_timeout: string }>(
      'show_lock_timeout',
      'show lock_timeout',
      [],
    );
    expect(setting!.lock_timeout).toBe('0');
  });

  it('two copies of one bet in the same batch take the stake once; the second answers the first', async () => {
    const sent: Sent[] = [];
    const wallet = await walletSeeing(sent);
    const [first, player] = await players(wallet, 2);
    sent.length = 0;

    const copy = bet(player!.token, 4_00);
    const [, a, b] = await Promise.all([
      wallet.bet('DEMO', bet(first!.token, 1_00)),
      wallet.bet('DEMO', copy),
      wallet.bet('DEMO', copy),
    ]);

    expect(sent.find((s) => s.calls === 2)?.members).toEqual([
      String(player!.memberId),
      String(player!.memberId),
    ]);
    expect([a.replayed, b.replayed]).toEqual([false, true]);
    expect([a.balance, b.balance]).toEqual([496_00, 496_00]);
    expect(await balanceOf(t.app, player!.memberId)).toBe(496_00);
    expect(await movementsOf(copy.txId)).toBe(1);
  });

  it('a batch whose answer is lost is posted again call by call, and no stake is taken twice', async () => {
    const sent: Sent[] = [];
    const { wallet, lose } = await walletLosingAnswers(sent);
    const [player] = await players(wallet, 1);
    sent.length = 0;
    lose.next = true;

    const txId = randomUUID();
    const answer = await wallet.bet('DEMO', bet(player!.token, 7_00, txId));

    expect(answer).toMatchObject({ balance: 493_00, txId, replayed: true });
    expect(sent.map((s) => s.name)).toEqual(['game_wallet_post_many', 'game_wallet_post']);
    expect(await balanceOf(t.app, player!.memberId)).toBe(493_00);
    expect(await movementsOf(txId)).toBe(1);
  });

  it('a big win whose answer is lost still goes on the winner board, once', async () => {
    const sent: Sent[] = [];
    const { wallet, lose } = await walletLosingAnswers(sent);
    const [player] = await players(wallet, 1);
    const round = randomUUID();
    await wallet.bet('DEMO', { ...bet(player!.token, 10_00), roundId: round });
    const win = { token: player!.token, txId: randomUUID(), roundId: round, amount: 900_00 };
    lose.next = true;
    // Committed, but the answer came back only from the call posted again alone: a replay.
    const answer = await wallet.win('DEMO', { ...win, currency: 'BDT' });
    expect(answer).toMatchObject({ balance: 1_390_00, replayed: true });
    // The vendor retries too.
    await wallet.win('DEMO', { ...win, currency: 'BDT' });

    const board = rowsOf<{ win_minor: string | number }>(
      await t.database.db.execute(
        sql`select b.win_minor from big_wins b join game_rounds r on r.id = b.round_id
            where r.round_ref = ${round}`,
      ),
    );
    expect(board.map((row) => Number(row.win_minor))).toEqual([900_00]);
  });

  it("with two lanes each batch holds one lane's members, and every player is charged once", async () => {
    const sent: Sent[] = [];
    const wallet = await walletSeeing(sent, undefined, 2);
    const table = await players(wallet, 10);
    sent.length = 0;

    const answers = await Promise.all(table.map((p) => wallet.bet('DEMO', bet(p.token, 3_00))));

    expect(answers.map((answer) => answer.balance)).toEqual(table.map(() => 497_00));
    expect(sent.reduce((n, s) => n + s.calls, 0)).toBe(10);
    for (const statement of sent) {
      expect(new Set(statement.members.map((id) => BigInt(id) % 2n)).size).toBe(1);
    }
    // Both lanes were used: members of both parities were in the table.
    expect(new Set(sent.map((s) => BigInt(s.members[0]!) % 2n)).size).toBe(2);
  });

  it('refuses at start a lane count that does not divide the 16 house shards', () => {
    expect(loadConfig({ GAME_WALLET_LANES: '4' }).gameWalletLanes).toBe(4);
    expect(loadConfig({}).gameWalletLanes).toBe(2);
    expect(() => loadConfig({ GAME_WALLET_LANES: '3' })).toThrow(/GAME_WALLET_LANES/);
  });
});
