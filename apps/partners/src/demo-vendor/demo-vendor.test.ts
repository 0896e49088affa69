/**
 * The demo vendor end to end: the partners app's server plays rounds against the product's wallet
 * over real HTTP (the product listens on a free port), with the secret the demo seed shared, and
 * the rounds land in the product's game_rounds and ledger.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToken } from '../../../server/test/factories';
import { ledgerInvariants } from '../../../server/src/modules/ledger/ledger';
import { rowsOf } from '../journal-db';
import { expectPageFont } from '../page-font.test-kit';
import {
  cashOf,
  launchedPlayer as launched,
  startProduct,
  startVendor,
  type Product,
  type Vendor,
} from './product.test-kit';

let product: Product;
let vendor: Vendor;
/** A second copy of the vendor behind a flaky network, to see a win retried. */
let flaky: Vendor;
/** Fails the first win call of each round it sees with a network error. */
const winsSeen = new Set<string>();

beforeAll(async () => {
  product = await startProduct();
  vendor = await startVendor(product);
  flaky = await startVendor(product, {
    recovery: false,
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/wps/vendor/win')) {
        const roundId = (JSON.parse(init!.body as string) as { roundId: string }).roundId;
        if (!winsSeen.has(roundId)) {
          winsSeen.add(roundId);
          // The wallet takes the win, and the answer is lost on the way back.
          await fetch(input, init);
          throw new TypeError('fetch failed');
        }
      }
      return fetch(input, init);
    },
  });
}, 60_000);
afterAll(async () => {
  await vendor?.close();
  await flaky?.close();
  await product?.t.close();
});

const launchedPlayer = (amountMinor: number, catalogueVendor = 'JILI') =>
  launched(product, amountMinor, catalogueVendor);

const play = (body: Record<string, unknown>, app = vendor.app) =>
  app.inject({
    method: 'POST',
    url: '/demo-vendor/api/play?lang=EN',
    payload: { currency: 'BDT', ...body },
  });

const cash = (memberId: bigint) => cashOf(product, memberId);

describe('demo vendor', () => {
  it('serves its game page, with a policy that lets exactly its own script run', async () => {
    const p = await launchedPlayer(0);
    const page = await vendor.app.inject({ url: p.pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('aria-label="Spin"');
    expect(page.body).toContain('role="status"');
    const script = /<script>([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    // Only the product's pages may frame it.
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${product.base}`);
    // Bengali by the lang parameter.
    const bengali = await vendor.app.inject({ url: p.pagePath.replace('lang=EN', 'lang=BN') });
    expect(bengali.body).toContain('aria-label="ঘোরান"');
    // Stakes in Bengali digits, and the Bengali font for a phone that has none.
    expect(bengali.body).toContain('<option value="100" selected>১.০০</option>');
    await expectPageFont(vendor.app, bengali);
  });

  it('plays a slot round over HTTP: bet and win in game_rounds, the ledger agrees', async () => {
    const p = await launchedPlayer(100_00);
    const balance = await vendor.app.inject({
      url: `/demo-vendor/api/balance?token=${encodeURIComponent(p.gameToken)}`,
    });
    expect(balance.json()).toMatchObject({ balance: 100_00, currency: 'BDT', playMoney: false });

    const res = await play({ token: p.gameToken, kind: 'slot', stake: 5_00 });
    expect(res.statusCode).toBe(200);
    const round = res.json();
    expect(round.stake).toBe(5_00);
    expect(round.win).toBe(Math.floor((5_00 * round.outcome.times2) / 2));
    expect(round.balance).toBe(100_00 - 5_00 + round.win);
    expect(await cash(p.memberId)).toBe(round.balance);

    const [row] = rowsOf<{
      provider_code: string;
      stake_minor: string;
      win_minor: string;
      status: string;
      balance_after_minor: string;
    }>(
      await product.t.app.database.db.execute(
        sql`select provider_code, stake_minor::text, win_minor::text, status, balance_after_minor::text
            from game_rounds where round_ref = ${round.roundId}`,
      ),
    );
    expect(row).toMatchObject({
      provider_code: 'DEMO',
      stake_minor: '500',
      win_minor: String(round.win),
      status: 'settled',
      balance_after_minor: String(round.balance),
    });
    expect(await ledgerInvariants(product.t.app.database.db)).toMatchObject({
      unbalancedTransactions: [],
      driftedAccounts: [],
      negativeAccounts: [],
    });
  });

  it('plays the fish and table games, and refuses a missing pick', async () => {
    const fish = await launchedPlayer(50_00, 'DEEPSEA');
    const caught = await play({ token: fish.gameToken, kind: 'fish', stake: 1_00, pick: 'tuna' });
    expect(caught.statusCode).toBe(200);
    expect(caught.json().outcome).toMatchObject({ kind: 'fish', fish: 'tuna' });

    const table = await launchedPlayer(50_00, 'ROYALTABLE');
    const dealt = await play({ token: table.gameToken, kind: 'table', stake: 1_00, pick: 'tiger' });
    expect(dealt.json().outcome).toMatchObject({ kind: 'table', side: 'tiger' });
    expect(await cash(table.memberId)).toBe(dealt.json().balance);

    const none = await play({ token: table.gameToken, kind: 'table', stake: 1_00 });
    expect(none.statusCode).toBe(400);
    const odd = await play({ token: table.gameToken, kind: 'slot', stake: 7 });
    expect(odd.statusCode).toBe(400);
  });

  it('answers insufficient funds with the balance, and moves nothing', async () => {
    const p = await launchedPlayer(2_00);
    const res = await play({ token: p.gameToken, kind: 'slot', stake: 5_00 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'wallet.insufficientFunds', balance: 2_00 });
    expect(await cash(p.memberId)).toBe(2_00);
  });

  it('refuses a round after the player closed the game', async () => {
    const p = await launchedPlayer(20_00);
    await product.t.app.inject({
      method: 'POST',
      url: '/wps/game/closeGame',
      headers: withToken(p.token),
      payload: { token: p.gameToken },
    });
    const res = await play({ token: p.gameToken, kind: 'slot', stake: 1_00 });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('vendor.sessionEnded');
    expect(await cash(p.memberId)).toBe(20_00);
  });

  it('retries a win whose answer was lost with the same txId: credited once', async () => {
    const p = await launchedPlayer(100_00);
    const res = await play({ token: p.gameToken, kind: 'slot', stake: 10_00 }, flaky.app);
    expect(res.statusCode).toBe(200);
    const round = res.json();
    expect(winsSeen.has(round.roundId)).toBe(true);
    expect(round.balance).toBe(100_00 - 10_00 + round.win);
    expect(await cash(p.memberId)).toBe(round.balance);
    const [tx] = rowsOf<{ n: number }>(
      await product.t.app.database.db.execute(
        sql`select count(*)::int as n from game_transactions gt
            join game_rounds r on r.id = gt.round_id
            where r.round_ref = ${round.roundId} and gt.kind = 'win'`,
      ),
    );
    expect(tx!.n).toBe(1);
  });
});
