/**
 * The sandbox payment gateway over HTTP, with the product as its merchant (the server's test
 * harness pointed at it by PAYMENT_SANDBOX_URL): a deposit opens a payment through the signed API,
 * the player decides on the pay page, the sandbox tells the product over HTTP and sends the player
 * back. What the product does with its notices: the server's deposits.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateDepositAnswerSchema, type CreateDepositAnswer } from '@khela/contract/cashier';
import {
  balanceOf,
  memberWithId,
  startDeposit,
} from '../../../server/src/modules/cashier/deposits.test-kit';
import { PaymentReconciler } from '../../../server/src/modules/cashier/reconciliation';
import { signSandbox, TEST_SANDBOX_SECRET } from '../../../server/test/stand-ins/sandbox';
import { createTestApp, type TestApp } from '../../../server/test/test-app';
import { buildPartnersApp } from '../app';
import { partnersConfig, PARTNERS_PUBLIC_URL } from '../demo-vendor/product.test-kit';
import { openJournalDb, rowsOf, type JournalDbHandle } from '../journal-db';
import { expectPageFont } from '../page-font.test-kit';

let database: JournalDbHandle;
let partners: FastifyInstance;
let t: TestApp;
/** Notices the sandbox sent, as sent; `dropNotices` makes the network lose them. */
const notices: { url: string; body: string; headers: Record<string, string> }[] = [];
let dropNotices = false;

beforeAll(async () => {
  database = await openJournalDb({ databaseUrl: undefined, dataDir: undefined });
  partners = await buildPartnersApp(
    {
      ...partnersConfig({ t: undefined as never, base: 'http://127.0.0.1:9' }),
      logLevel: 'silent',
    },
    {
      database,
      sandboxGateway: {
        fetch: (url, init) => {
          // The sandbox posts a JSON string to the notify address it was given.
          notices.push({
            url: url as string,
            body: init?.body as string,
            headers: init?.headers as Record<string, string>,
          });
          return dropNotices ? Promise.reject(new Error('network down')) : fetch(url, init);
        },
      },
    },
  );
  await partners.listen({ port: 0, host: '127.0.0.1' });
  const sandboxUrl = `http://127.0.0.1:${(partners.server.address() as AddressInfo).port}`;
  t = await createTestApp({ paymentSandboxUrl: sandboxUrl });
  // Listening, so the notify and return addresses the product gives are real ones.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await partners?.close();
  await database?.close();
});

async function deposit(body = { channelCode: 'BKASH', amountMinor: 100_000 }) {
  const member = await memberWithId(t.app);
  const res = await startDeposit(t.app, member.token, body);
  expect(res.statusCode, res.body).toBe(200);
  return { ...member, answer: CreateDepositAnswerSchema.parse(res.json().value) };
}

/** The pay page's address on the partners app (its path and query). */
const pagePath = (answer: CreateDepositAnswer, language = 'EN') => {
  const url = new URL(answer.payUrl);
  url.searchParams.set('language', language);
  return `${url.pathname}${url.search}`;
};

const decide = (ref: string, decision: string) =>
  partners.inject({
    method: 'POST',
    url: `/sandbox-pay/${ref}/decision?language=EN`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  });

/** The player's browser following the sandbox's redirect to the product's return address. */
async function followBack(location: string) {
  const url = new URL(location);
  const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(res.statusCode).toBe(303);
  return res.headers.location;
}

async function statusOf(token: string, id: string) {
  const res = await t.app.inject({ url: `/wps/wallet/deposits/${id}`, headers: { token } });
  return res.json().value.status as string;
}

/** The merchant's signed call to the API, as the product's adapter makes it. */
function api(method: 'GET' | 'POST', path: string, body?: object, secret = TEST_SANDBOX_SECRET) {
  const payload = body ? JSON.stringify(body) : '';
  return partners.inject({
    method,
    url: path,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...signSandbox(body ? payload : path, secret),
    },
    ...(body ? { payload } : {}),
  });
}

const opening = (ref: string, amountMinor = 50_000) => ({
  ref,
  amountMinor,
  currency: 'BDT',
  channelName: { EN: 'Nagad', BN: 'নগদ' },
  notifyUrl: 'http://127.0.0.1:9/payments/sandbox/notify',
  returnUrl: 'http://127.0.0.1:9/payments/sandbox/return',
  language: 'BN',
});

describe("the sandbox gateway's API", () => {
  it('opens a payment for the merchant once per reference and answers its pay page at our public address', async () => {
    const { answer } = await deposit({ channelCode: 'NAGAD', amountMinor: 50_000 });
    const ref = answer.deposit.providerRef;
    expect(answer.payUrl).toBe(`${PARTNERS_PUBLIC_URL}/sandbox-pay/${ref}?language=EN`);
    // Its own record, in its own database.
    const rows = await database.db.execute(sql`select * from sandbox_payments where ref = ${ref}`);
    expect(rowsOf(rows)).toEqual([
      expect.objectContaining({ channel_bn: 'নগদ', currency: 'BDT', state: 'open' }),
    ]);

    const again = await api('POST', '/sandbox/api/payments', opening('SBXAPI1'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      payUrl: `${PARTNERS_PUBLIC_URL}/sandbox-pay/SBXAPI1?language=BN`,
    });
    expect((await api('POST', '/sandbox/api/payments', opening('SBXAPI1'))).json()).toEqual(
      again.json(),
    );
    const other = await api('POST', '/sandbox/api/payments', opening('SBXAPI1', 70_000));
    expect(other.statusCode).toBe(409);
    const status = await api('GET', '/sandbox/api/payments/SBXAPI1');
    expect(status.json()).toEqual({
      ref: 'SBXAPI1',
      state: 'open',
      amountMinor: 50_000,
      currency: 'BDT',
    });
    expect((await api('GET', '/sandbox/api/payments/SBXNOSUCH')).statusCode).toBe(404);
  });

  it("refuses a call without the merchant's signature, with another secret, or an old one", async () => {
    const unsigned = await partners.inject({
      method: 'POST',
      url: '/sandbox/api/payments',
      payload: opening('SBXAPI2'),
    });
    const wrong = await api('POST', '/sandbox/api/payments', opening('SBXAPI2'), 'x'.repeat(32));
    const body = JSON.stringify(opening('SBXAPI2'));
    const stale = await partners.inject({
      method: 'POST',
      url: '/sandbox/api/payments',
      headers: {
        'content-type': 'application/json',
        ...signSandbox(body, TEST_SANDBOX_SECRET, Math.floor(Date.now() / 1000) - 3600),
      },
      payload: body,
    });
    const peek = await partners.inject({ url: '/sandbox/api/payments/SBXAPI1' });
    for (const res of [unsigned, wrong, stale, peek]) expect(res.statusCode).toBe(401);
    expect((await api('GET', '/sandbox/api/payments/SBXAPI2')).statusCode).toBe(404);
  });
});

describe('the sandbox pay page', () => {
  it("shows the payment, marked as play money, in the player's language, with no script", async () => {
    const { answer } = await deposit({ channelCode: 'BKASH', amountMinor: 250_000 });
    const en = await partners.inject({ url: pagePath(answer) });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('SANDBOX · play money only');
    expect(en.body).toContain('৳2,500.00');
    expect(en.body).toContain('bKash');
    expect(en.body).toMatch(/<button[^>]*value="approve"[^>]*>Approve payment<\/button>/);
    expect(en.body).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
    expect(en.body).not.toContain('<script');
    expect(en.headers['content-security-policy']).toContain("default-src 'none'");
    const bn = await partners.inject({ url: pagePath(answer, 'BN') });
    expect(bn.body).toContain('lang="bn"');
    expect(bn.body).toContain('শুধু খেলার টাকা');
    expect(bn.body).toContain('বিকাশ');
    // The amount in Bengali digits; the reference (an identifier) as typed.
    expect(bn.body).toContain('৳২,৫০০.০০');
    expect(bn.body).toContain(answer.deposit.providerRef);
    await expectPageFont(partners, bn);
    // Without a language in its address, the player's when the payment was opened.
    const plain = await partners.inject({ url: '/sandbox-pay/SBXAPI1' });
    expect(plain.body).toContain('lang="bn"');
    const missing = await partners.inject({ url: '/sandbox-pay/SBXNOSUCH?language=EN' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This payment was not found.');
  });

  it('on Approve tells the product over HTTP and sends the player back; the outcome never changes', async () => {
    const { token, answer } = await deposit();
    const ref = answer.deposit.providerRef;
    const yes = await decide(ref, 'approve');
    expect(yes.statusCode, yes.body).toBe(303);
    expect(yes.headers.location).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/payments/sandbox/return/${ref}\\?ref=${ref}$`),
    );
    expect(await followBack(yes.headers.location as string)).toBe(
      `/m/voucherCenter?deposit=${answer.deposit.id}`,
    );
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1000);

    // A second visit shows the outcome; a second decision changes nothing and sends nothing.
    const sent = notices.length;
    const page = await partners.inject({ url: pagePath(answer) });
    expect(page.body).toContain('This payment is complete.');
    expect(page.body).not.toContain('value="approve"');
    const no = await decide(ref, 'decline');
    expect(no.statusCode).toBe(409);
    expect(no.body).toContain('This payment is complete.');
    expect(notices).toHaveLength(sent);
    expect((await api('GET', `/sandbox/api/payments/${ref}`)).json()).toMatchObject({
      state: 'paid',
    });
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it('takes one decision when Approve and Decline come at the same moment, and tells only that one', async () => {
    const { token, answer } = await deposit();
    const ref = answer.deposit.providerRef;
    const answers = await Promise.all([decide(ref, 'approve'), decide(ref, 'decline')]);
    expect(answers.map((res) => res.statusCode)).toContain(303);
    const told = notices.filter((n) => JSON.parse(n.body).ref === ref);
    const outcomes = new Set(told.map((n) => JSON.parse(n.body).status as string));
    expect(outcomes.size).toBe(1);
    const [outcome] = [...outcomes];
    expect(await statusOf(token, answer.deposit.id)).toBe(outcome);
    expect(await balanceOf(t.app, token)).toBe(outcome === 'paid' ? 1000 : 0);
  });

  it('on Decline fails the deposit', async () => {
    const { token, answer } = await deposit({ channelCode: 'NAGAD', amountMinor: 30_000 });
    const no = await decide(answer.deposit.providerRef, 'decline');
    expect(no.statusCode).toBe(303);
    await followBack(no.headers.location as string);
    expect(await statusOf(token, answer.deposit.id)).toBe('failed');
    const page = await partners.inject({ url: pagePath(answer) });
    expect(page.body).toContain('This payment was declined.');
    expect(await balanceOf(t.app, token)).toBe(0);
  });

  it('keeps a decision the product was not told of, offers to send it again, and the product finds it anyway', async () => {
    const { token, answer } = await deposit();
    const ref = answer.deposit.providerRef;
    dropNotices = true;
    try {
      const lost = await decide(ref, 'approve');
      expect(lost.statusCode).toBe(502);
      expect(lost.body).toContain('The shop could not be told about your choice.');
      expect(lost.body).toContain('This payment is complete.');
      expect(lost.body).toMatch(/<button[^>]*value="approve"[^>]*>Try again<\/button>/);
      expect(await statusOf(token, answer.deposit.id)).toBe('pending');
    } finally {
      dropNotices = false;
    }
    // The product's reconciliation asks the sandbox and credits it.
    const pass = await new PaymentReconciler({
      gateways: t.app.paymentGateways,
      deposits: t.app.services.deposits,
      log: t.app.log,
      intervalMs: 60_000,
      afterMs: 0,
    }).runOnce();
    expect(pass.creditedLate).toBe(1);
    expect(await statusOf(token, answer.deposit.id)).toBe('paid');
    // Sent again (whichever button): the recorded outcome, accepted, credited no second time.
    const again = await decide(ref, 'decline');
    expect(again.statusCode).toBe(303);
    expect(JSON.parse(notices.at(-1)!.body)).toEqual({
      ref,
      status: 'paid',
      amountMinor: 100_000,
      currency: 'BDT',
    });
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it('expires an open payment after 30 minutes: no decision, and the API says so', async () => {
    const { token, answer } = await deposit();
    const ref = answer.deposit.providerRef;
    await database.db.execute(
      sql`update sandbox_payments set created_at = now() - interval '31 minutes' where ref = ${ref}`,
    );
    const page = await partners.inject({ url: pagePath(answer) });
    expect(page.body).toContain('This payment has expired.');
    expect(page.body).not.toContain('value="approve"');
    const late = await decide(ref, 'approve');
    expect(late.statusCode).toBe(409);
    expect((await api('GET', `/sandbox/api/payments/${ref}`)).json()).toMatchObject({
      state: 'expired',
    });
    expect(await statusOf(token, answer.deposit.id)).toBe('pending');
  });
});
