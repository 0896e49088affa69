/**
 * The races the game wallet must win on a real Postgres (PGlite serialises every query, so they
 * cannot happen there): many bets at once from a vendor against one balance or one loss limit,
 * and a vendor retrying a call while its first copy is still being answered, over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { withToken } from '../../../test/factories';
import { fundedMember, openGameSession, signedWallet, WalletRefusal } from './game-wallet.test-kit';
import { rowsOf } from '../../db/client';

let t: TestApp;
let base: string;

/** A vendor's server (the demo vendor's registry row and secret), over HTTP. */
const demoVendor = () =>
  signedWallet({
    baseUrl: () => base,
    provider: 'DEMO',
    secret: () => t.app.services.gameVendors.get('DEMO')!.secret,
  });

/** `count` bets of `amount` at once, each in a round of its own: 'taken' or the refusal's code. */
const betsAtOnce = (token: string, amount: number, count: number) => {
  const vendor = demoVendor();
  const bet = () =>
    vendor
      .bet({ token, txId: randomUUID(), roundId: randomUUID(), amount, currency: 'BDT' }, 'EN')
      .then(
        () => 'taken' as const,
        (error: unknown) => {
          if (error instanceof WalletRefusal) return error.errorCode;
          throw error;
        },
      );
  return Promise.all(Array.from({ length: count }, bet));
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t.close());

describe('vendor wallet races (Postgres)', () => {
  it('200 concurrent bets from the demo vendor against one balance: never below zero, balance equals its ledger', async () => {
    const funds = 1_234_00;
    const stake = 10_00;
    const member = await fundedMember(t.app, funds);
    const { token } = await openGameSession(t.app, member.memberId);
    const answers = await betsAtOnce(token, stake, 200);

    const taken = answers.filter((a) => a === 'taken');
    const refused = answers.filter((a) => a !== 'taken');
    expect(taken).toHaveLength(Math.floor(funds / stake));
    expect(new Set(refused)).toEqual(new Set(['wallet.insufficientFunds']));

    const [account] = rowsOf<{ balance: string; ledger: string; lowest: string }>(
      await t.app.database.db.execute(sql`
        select a.balance_minor as balance,
               (select sum(e.amount_minor) from ledger_entries e where e.account_id = a.id) as ledger,
               (select min(e.balance_after_minor) from ledger_entries e where e.account_id = a.id) as lowest
        from ledger_accounts a where a.owner_id = ${member.memberId} and a.kind = 'cash'`),
    );
    expect(Number(account!.balance)).toBe(funds % stake);
    expect(Number(account!.ledger)).toBe(Number(account!.balance));
    expect(Number(account!.lowest)).toBeGreaterThanOrEqual(0);
    // Every taken bet opened its round; no refused one left a trace.
    const [rounds] = rowsOf<{ n: string }>(
      await t.app.database.db.execute(
        sql`select count(*) as n from game_rounds where member_id = ${member.memberId}`,
      ),
    );
    expect(Number(rounds!.n)).toBe(taken.length);
    await expectSoundLedger(t.app.database.db);
  }, 60_000);

  it('20 bets at once from a player with a loss limit: decided one after the other, the limit never passed', async () => {
    const member = await fundedMember(t.app, 1_000_00);
    const limit = await t.app.inject({
      method: 'PUT',
      url: '/wps/protection/loss-limits?language=EN',
      headers: withToken(member.token),
      payload: { day: 100_00 },
    });
    expect(limit.statusCode).toBe(200);
    const { token } = await openGameSession(t.app, member.memberId);
    const answers = await betsAtOnce(token, 30_00, 20);

    // Three stakes of 30.00 fit under 100.00; a fourth would not.
    expect(answers.filter((a) => a === 'taken')).toHaveLength(3);
    expect(new Set(answers.filter((a) => a !== 'taken'))).toEqual(
      new Set(['wallet.lossLimitReached']),
    );
    const [cash] = rowsOf<{ balance: string }>(
      await t.app.database.db.execute(
        sql`select balance_minor as balance from ledger_accounts
            where owner_id = ${member.memberId} and kind = 'cash'`,
      ),
    );
    expect(cash!.balance).toBe(String(1_000_00 - 90_00));
    await expectSoundLedger(t.app.database.db);
  }, 60_000);

  it('a bet and its final win each sent 20 times at once: taken once, every copy answered with the first result', async () => {
    const member = await fundedMember(t.app, 100_00);
    const { token } = await openGameSession(t.app, member.memberId);
    const vendor = demoVendor();
    const roundId = randomUUID();
    const copies = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, send));

    const bets = await copies(() =>
      vendor.bet({ token, txId: `${roundId}:bet`, roundId, amount: 10_00, currency: 'BDT' }, 'EN'),
    );
    expect(bets.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(bets.map((answer) => answer.balance))).toEqual(new Set([90_00]));

    // The copies wait for the round while the first settles it; each must still be told "paid".
    const wins = await copies(() =>
      vendor.win(
        { token, txId: `${roundId}:win`, roundId, amount: 25_00, currency: 'BDT', final: true },
        'EN',
      ),
    );
    expect(wins.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(wins.map((answer) => answer.balance))).toEqual(new Set([115_00]));

    const [round] = rowsOf<{ status: string; stake: string; win: string; calls: string }>(
      await t.app.database.db.execute(sql`
        select r.status, r.stake_minor as stake, r.win_minor as win,
               (select count(*) from game_transactions gt where gt.round_id = r.id) as calls
        from game_rounds r where r.provider_code = 'DEMO' and r.round_ref = ${roundId}`),
    );
    expect(round).toEqual({ status: 'settled', stake: '1000', win: '2500', calls: '2' });
    const [cash] = rowsOf<{ balance: string }>(
      await t.app.database.db.execute(
        sql`select balance_minor as balance from ledger_accounts
            where owner_id = ${member.memberId} and kind = 'cash'`,
      ),
    );
    expect(cash!.balance).toBe('11500');
  }, 60_000);

  it('a bet waiting on a balance another transaction holds is posted alone; the rest of its batch is answered meanwhile', async () => {
    const wallet = t.app.services.gameWallet;
    const [first, held, other] = await Promise.all(
      [1, 2, 3].map(async () => {
        const member = await fundedMember(t.app, 50_00);
        const { token } = await openGameSession(t.app, member.memberId);
        // Session, bet guard and active bonus cached, so the three bets reach the batcher together.
        await wallet.balance('DEMO', { token });
        await t.app.services.protection.assertMayBet(member.memberId, 0n);
        await t.app.services.activeBonuses.forMember(member.memberId);
        return { ...member, token };
      }),
    );
    const bet = (token: string) =>
      wallet.bet('DEMO', {
        token,
        txId: randomUUID(),
        roundId: randomUUID(),
        amount: 10_00,
        currency: 'BDT',
      });

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A cashier transaction, say, holding the member's balance row.
    const holder = t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ledger_accounts
                           where owner_id = ${held!.memberId} and kind = 'cash' for update`);
      locked();
      await released;
    });
    await isLocked;

    let heldAnswered = false;
    const betFirst = bet(first!.token);
    const betHeld = bet(held!.token).then((answer) => {
      heldAnswered = true;
      return answer;
    });
    const betOther = bet(other!.token);
    // Answered while the row is still held: the batch gave the waiting bet back and committed.
    expect((await Promise.all([betFirst, betOther])).map((answer) => answer.balance)).toEqual([
      40_00, 40_00,
    ]);
    expect(heldAnswered).toBe(false);

    release();
    await holder;
    expect((await betHeld).balance).toBe(40_00);
    await expectSoundLedger(t.app.database.db);
  }, 60_000);
});
