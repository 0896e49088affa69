/**
 * The race the game wallet must win on a real Postgres (PGlite serialises every query, so it
 * cannot happen there): many bets at once from a vendor against one balance, over real HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerInvariants } from '../wallet/ledger';
import { WalletClient, WalletRefusal } from '../../providers/game-vendors/demo/wallet-client';
import { fundedMember, openGameSession } from './game-wallet.test-kit';
import { rowsOf } from '../../db/client';

let t: TestApp;
let base: string;

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
    // The demo vendor's own server part (its signed wallet client) places the bets.
    const vendor = new WalletClient({
      baseUrl: () => base,
      provider: 'DEMO',
      secret: () => t.app.services.gameProviders.get('DEMO')!.secret,
      timeoutMs: 30_000,
    });
    const bet = () =>
      vendor
        .bet(
          { token, txId: randomUUID(), roundId: randomUUID(), amount: stake, currency: 'BDT' },
          'EN',
        )
        .then(
          () => 'taken' as const,
          (error: unknown) => {
            if (error instanceof WalletRefusal) return error.errorCode;
            throw error;
          },
        );
    const answers = await Promise.all(Array.from({ length: 200 }, bet));

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
    expect(await ledgerInvariants(t.app.database.db)).toEqual({
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
      transactionsWithoutEntries: [],
    });
  }, 60_000);
});
