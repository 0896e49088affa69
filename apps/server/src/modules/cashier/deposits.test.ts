/**
 * Deposits through the API: starting one (session, trial accounts, Idempotency-Key, channel and
 * range rules, the guard), the sandbox's signed notices (bad signatures change nothing, a notice
 * credits once however often it comes), the sandbox gateway (its local stand-in: opening a
 * payment there, the player's choice, the way back, reconciliation), and the records. The
 * sandbox's own pages: apps/partners/src/sandbox-gateway.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateDepositAnswerSchema,
  DepositListSchema,
  type CreateDepositAnswer,
  type Deposit,
} from '@khela/contract/cashier';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { AppError } from '../../errors';
import { PaymentGateways } from '../../providers/payments/gateways';
import { SandboxGateway } from '../../providers/payments/sandbox-gateway';
import {
  SANDBOX_SECRET,
  balanceOf,
  deliver,
  memberWithId,
  sandboxDecision,
  signedNotice,
  startDeposit,
} from './deposits.test-kit';
import { DepositsService } from './deposits.service';
import { PaymentReconciler } from './reconciliation';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ paymentSandboxSecret: SANDBOX_SECRET });
});
afterAll(() => t.close());

async function started(token: string, body?: Record<string, unknown>) {
  const res = await startDeposit(t.app, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return CreateDepositAnswerSchema.parse(res.json().value);
}

const paidNotice = (answer: CreateDepositAnswer) => ({
  ref: answer.deposit.providerRef,
  status: 'paid' as const,
  amountMinor: answer.deposit.amountMinor,
  currency: answer.deposit.currency,
});

async function depositOf(token: string, id: string): Promise<Deposit> {
  const res = await t.app.inject({ url: `/wps/wallet/deposits/${id}`, headers: { token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Deposit;
}

describe('POST /wps/wallet/deposits', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/deposits',
      headers: { 'idempotency-key': randomUUID() },
      payload: { channelCode: 'BKASH', amountMinor: 100_000 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('session.notLoggedIn');
  });

  it('refuses a trial account', async () => {
    const trial = await t.app.inject({ url: '/wps/member/trialuser' });
    const res = await startDeposit(t.app, trial.json().value.token as string);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('needs an Idempotency-Key', async () => {
    const { token } = await memberWithId(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/deposits?language=EN',
      headers: { token },
      payload: { channelCode: 'BKASH', amountMinor: 100_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'idempotency.keyRequired',
      message: 'This request needs an Idempotency-Key header',
    });
  });

  it('answers 400 naming the field for a bad amount', async () => {
    const { token } = await memberWithId(t.app);
    const res = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor: 12.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('validation.invalid');
    expect(res.json().data.fields).toHaveProperty('amountMinor');
  });

  it("makes a pending deposit, opens its payment at the sandbox and answers the sandbox's pay page", async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token, { channelCode: 'NAGAD', amountMinor: 50_000 });
    expect(answer.deposit).toMatchObject({
      channelCode: 'NAGAD',
      channelName: 'Nagad',
      amountMinor: 50_000,
      currency: 'BDT',
      status: 'pending',
      settledAt: null,
    });
    const ref = answer.deposit.providerRef;
    expect(answer.payUrl).toBe(`${t.sandbox.baseUrl}/sandbox-pay/${ref}?language=EN`);
    // What the sandbox was told, by a signed call: the payment, and where to answer.
    expect(t.sandbox.payment(ref)).toEqual({
      ref,
      amountMinor: 50_000,
      currency: 'BDT',
      channelName: { EN: 'Nagad', BN: 'নগদ' },
      language: 'EN',
      notifyUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/payments\/sandbox\/notify$/),
      returnUrl: expect.stringMatching(new RegExp(`/payments/sandbox/return/${ref}$`)),
      state: 'open',
    });
    expect(Date.parse(answer.deposit.expiresAt) - Date.parse(answer.deposit.createdAt)).toBe(
      30 * 60_000,
    );
  });

  it('answers the same deposit for the same key, and 422 for the same key with another body', async () => {
    const { token } = await memberWithId(t.app);
    const key = randomUUID();
    const body = { channelCode: 'BKASH', amountMinor: 200_000 };
    const first = await startDeposit(t.app, token, body, key);
    const again = await startDeposit(
      t.app,
      token,
      { amountMinor: 200_000, channelCode: 'BKASH' },
      key,
    );
    expect(again.statusCode).toBe(200);
    const [one, two] = [first, again].map((res) =>
      CreateDepositAnswerSchema.parse(res.json().value),
    );
    expect(two!.deposit).toEqual(one!.deposit);
    // No second payment at the sandbox; the retry is shown the deposit page (as other gateways').
    expect(two!.payUrl).toBe(`/m/voucherCenter?deposit=${one!.deposit.id}`);
    const opened = t.sandbox.requests.filter(
      (r) => r.method === 'POST' && r.body.includes(one!.deposit.providerRef),
    );
    expect(opened).toHaveLength(1);

    const other = await startDeposit(t.app, token, { ...body, amountMinor: 300_000 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().errorCode).toBe('idempotency.mismatch');

    const records = await t.app.inject({ url: '/wps/wallet/deposits', headers: { token } });
    expect(records.json().value.list).toHaveLength(1);
  });

  it('refuses an amount outside the channel range with the range in data', async () => {
    const { token } = await memberWithId(t.app);
    for (const amountMinor of [19_999, 2_500_001]) {
      const res = await startDeposit(t.app, token, { channelCode: 'BKASH', amountMinor });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'wallet.amountOutOfRange',
        data: { minMinor: 20_000, maxMinor: 2_500_000, currency: 'BDT' },
      });
    }
    const records = await t.app.inject({ url: '/wps/wallet/deposits', headers: { token } });
    expect(records.json().value.list).toHaveLength(0);
  });

  it('refuses a disabled or unknown channel', async () => {
    const { token } = await memberWithId(t.app);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/ops/api/wallet/channels/ROCKET',
      headers: opsHeaders(),
      payload: { depositEnabled: false },
    });
    expect(off.statusCode).toBe(200);
    try {
      const res = await startDeposit(t.app, token, { channelCode: 'ROCKET', amountMinor: 100_000 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'wallet.channelUnavailable',
        message: 'This payment method is not available now',
      });
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: '/ops/api/wallet/channels/ROCKET',
        headers: opsHeaders(),
        payload: { depositEnabled: true },
      });
    }
    const unknown = await startDeposit(t.app, token, {
      channelCode: 'PAYPAL',
      amountMinor: 100_000,
    });
    expect(unknown.json().errorCode).toBe('wallet.channelUnavailable');
  });

  it('asks the deposit guard, which may refuse', async () => {
    const { memberId } = await memberWithId(t.app);
    const asked: Array<[bigint, bigint]> = [];
    const { ledger, balances, channels } = t.app.services;
    const service = new DepositsService({
      db: t.database.db,
      ledger,
      balances,
      channels,
      gateways: new PaymentGateways([
        new SandboxGateway({ secret: SANDBOX_SECRET, baseUrl: t.sandbox.baseUrl }),
      ]),
      siteUrl: () => 'http://127.0.0.1',
      depositGuard: {
        assertMayDeposit: (id, amount) => {
          asked.push([id, amount]);
          return Promise.reject(new AppError('wallet.depositLimitReached'));
        },
      },
    });
    await expect(
      service.create(memberId, randomUUID(), { channelCode: 'BKASH', amountMinor: 70_000 }, 'EN'),
    ).rejects.toMatchObject({ errorCode: 'wallet.depositLimitReached' });
    expect(asked).toEqual([[memberId, 70_000n]]);
  });
});

describe('POST /payments/sandbox/notify', () => {
  it('refuses a missing, wrong or stale signature and changes nothing', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    const notice = paidNotice(answer);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/notify',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(notice),
    });
    const wrongSecret = await deliver(t.app, notice, 'another-secret-0123456789');
    const stale = signedNotice(notice, SANDBOX_SECRET, Math.floor(Date.now() / 1000) - 3600);
    const replayed = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/notify',
      headers: stale.headers,
      payload: stale.body,
    });
    const good = signedNotice(notice);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/notify',
      headers: good.headers,
      payload: good.body.replace('100000', '2000000'),
    });
    for (const res of [unsigned, wrongSecret, replayed, tampered]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('payment.signatureInvalid');
    }
    expect((await depositOf(token, answer.deposit.id)).status).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
  });

  it('credits a paid deposit once, however often the notice comes', async () => {
    const { token, memberId } = await memberWithId(t.app);
    const answer = await started(token, { channelCode: 'BKASH', amountMinor: 123_450 });
    const first = await deliver(t.app, paidNotice(answer));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({
      depositId: answer.deposit.id,
      status: 'paid',
      applied: true,
    });
    expect(await balanceOf(t.app, token)).toBe(1234.5);

    const second = await deliver(t.app, paidNotice(answer));
    expect(second.statusCode).toBe(200);
    expect(second.json().value).toMatchObject({ status: 'paid', applied: false });
    expect(await balanceOf(t.app, token)).toBe(1234.5);

    const deposit = await depositOf(token, answer.deposit.id);
    expect(deposit.status).toBe('paid');
    expect(deposit.settledAt).not.toBeNull();
    const movements = await t.database.db.execute<{ entries: number }>(sql`
      select count(e.id)::int as entries from ledger_transactions tx
      join ledger_entries e on e.transaction_id = tx.id
      where tx.member_id = ${memberId} and tx.kind = 'deposit' and tx.source = 'payment:sandbox'
        and tx.idempotency_key = ${answer.deposit.providerRef}`);
    const rows = (movements as { rows?: { entries: number }[] }).rows ?? movements;
    expect((rows as { entries: number }[])[0]?.entries).toBe(2);
    await expectSoundLedger(t.database.db);
    // One inbox notice for the one credit, in the reader's language.
    const inbox = await t.app.inject({ url: '/wps/inbox?language=EN', headers: { token } });
    const notices = (inbox.json().value.list as { title: string; body: string }[]).filter(
      (m) => m.title === 'Deposit received',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toBe('Your deposit of ৳1,234.50 has been credited to your balance.');
    // In Bengali the amount is in Bengali digits, as every other amount on the site.
    const bn = await t.app.inject({ url: '/wps/inbox?language=BN', headers: { token } });
    const bnNotice = (bn.json().value.list as { title: string; body: string }[]).find(
      (m) => m.title === 'জমা পাওয়া গেছে',
    );
    expect(bnNotice?.body).toBe('আপনার ৳১,২৩৪.৫০ জমা আপনার ব্যালেন্সে যোগ হয়েছে।');
  });

  it('marks a declined deposit failed; a later confirmed payment is still credited, once', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    const failed = await deliver(t.app, { ...paidNotice(answer), status: 'failed' });
    expect(failed.json().value).toMatchObject({ status: 'failed', applied: true });
    expect(await balanceOf(t.app, token)).toBe(0);
    // The gateway's word that the money was taken outranks an earlier failure.
    const late = await deliver(t.app, paidNotice(answer));
    expect(late.json().value).toMatchObject({ status: 'paid', applied: true });
    const again = await deliver(t.app, paidNotice(answer));
    expect(again.json().value).toMatchObject({ status: 'paid', applied: false });
    const declinedAgain = await deliver(t.app, { ...paidNotice(answer), status: 'failed' });
    expect(declinedAgain.json().value).toMatchObject({ status: 'paid', applied: false });
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it('refuses a notice for another amount or an unknown payment', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    const wrong = await deliver(t.app, { ...paidNotice(answer), amountMinor: 9_999_999 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().errorCode).toBe('payment.amountMismatch');
    const unknown = await deliver(t.app, { ...paidNotice(answer), ref: 'SBXNOSUCHPAYMENT' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('payment.unknownPayment');
    expect((await depositOf(token, answer.deposit.id)).status).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
  });
});

describe('the sandbox gateway', () => {
  it("credits or fails a deposit on the player's choice at the sandbox, and never changes its outcome", async () => {
    const { token } = await memberWithId(t.app);
    const approved = await started(token, { channelCode: 'BKASH', amountMinor: 100_000 });
    const declined = await started(token, { channelCode: 'NAGAD', amountMinor: 30_000 });

    const yes = await sandboxDecision(t, approved.deposit.providerRef, 'approve');
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json().value).toMatchObject({ status: 'paid', applied: true });
    expect((await depositOf(token, approved.deposit.id)).status).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1000);

    const no = await sandboxDecision(t, declined.deposit.providerRef, 'decline');
    expect(no.json().value).toMatchObject({ status: 'failed', applied: true });
    expect((await depositOf(token, declined.deposit.id)).status).toBe('failed');

    // A second choice is answered with the first one's notice: nothing more moves.
    const again = await sandboxDecision(t, approved.deposit.providerRef, 'decline');
    expect(again.json().value).toMatchObject({ status: 'paid', applied: false });
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it('credits nothing when the sandbox reports another amount, and says so', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    // The sandbox took 20.00 for a deposit of 1,000.00: its notice and its status API say so.
    t.sandbox.payment(answer.deposit.providerRef).amountMinor = 2_000;
    const res = await sandboxDecision(t, answer.deposit.providerRef, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('payment.amountMismatch');
    expect((await depositOf(token, answer.deposit.id)).status).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(0);
  });

  it('asks the sandbox when the player comes back: a payment whose notice was lost is credited', async () => {
    const { token } = await memberWithId(t.app);
    const paid = await started(token);
    const open = await started(token);
    const back = (answer: CreateDepositAnswer) =>
      t.app.inject({
        url: `/payments/sandbox/return/${answer.deposit.providerRef}?ref=${answer.deposit.providerRef}`,
      });
    // Paid at the sandbox; its notice never arrived.
    t.sandbox.decide(paid.deposit.providerRef, 'paid');
    const home = await back(paid);
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe(`/m/voucherCenter?deposit=${paid.deposit.id}`);
    expect((await depositOf(token, paid.deposit.id)).status).toBe('paid');
    // A player back from a payment still open at the sandbox changes nothing.
    const early = await back(open);
    expect(early.headers.location).toBe(`/m/voucherCenter?deposit=${open.deposit.id}`);
    expect((await depositOf(token, open.deposit.id)).status).toBe('pending');
    expect(await balanceOf(t.app, token)).toBe(1000);
  });

  it('credits a payment whose notice and return never came, once, when reconciliation asks the sandbox', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    t.sandbox.decide(answer.deposit.providerRef, 'paid');
    const pass = () =>
      new PaymentReconciler({
        gateways: t.app.paymentGateways,
        deposits: t.app.services.deposits,
        log: t.app.log,
        intervalMs: 60_000,
        afterMs: 0,
      }).runOnce();
    const [one, two] = await Promise.all([pass(), pass()]);
    expect(one.creditedLate + two.creditedLate).toBe(1);
    expect((await depositOf(token, answer.deposit.id)).status).toBe('paid');
    expect(await balanceOf(t.app, token)).toBe(1000);
    await expectSoundLedger(t.database.db);
  });

  it('answers 503 and makes no deposit when the sandbox does not answer', async () => {
    const { token } = await memberWithId(t.app);
    t.sandbox.trouble(3);
    const res = await startDeposit(t.app, token);
    expect(res.statusCode).toBe(503);
    expect(res.json().errorCode).toBe('payment.gatewayUnavailable');
    const records = await t.app.inject({ url: '/wps/wallet/deposits', headers: { token } });
    expect(records.json().value.list).toHaveLength(0);
    // Once it answers again, deposits open.
    expect((await startDeposit(t.app, token)).statusCode).toBe(200);
  });
});

describe('deposit records', () => {
  it('pages newest first by cursor and filters by status and date', async () => {
    const { token } = await memberWithId(t.app);
    const made: CreateDepositAnswer[] = [];
    for (const amountMinor of [20_000, 30_000, 40_000, 50_000, 60_000]) {
      made.push(await started(token, { channelCode: 'BKASH', amountMinor }));
    }
    await deliver(t.app, paidNotice(made[1]!));
    await deliver(t.app, { ...paidNotice(made[3]!), status: 'failed' });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/wps/wallet/deposits?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.app.inject({ url, headers: { token } });
      expect(res.statusCode, res.body).toBe(200);
      const page = DepositListSchema.parse(res.json().value);
      seen.push(...page.list.map((d) => d.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(made.map((m) => m.deposit.id).reverse());

    const list = async (query: string) =>
      DepositListSchema.parse(
        (await t.app.inject({ url: `/wps/wallet/deposits?${query}`, headers: { token } })).json()
          .value,
      ).list.map((d) => d.id);
    expect(await list('status=paid')).toEqual([made[1]!.deposit.id]);
    expect(await list('status=failed')).toEqual([made[3]!.deposit.id]);
    expect(await list('status=pending')).toHaveLength(3);
    const hourAgo = encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString());
    const hourAhead = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    expect(await list(`from=${hourAgo}&to=${hourAhead}`)).toHaveLength(5);
    expect(await list(`from=${hourAhead}`)).toEqual([]);
    expect(await list(`to=${hourAgo}`)).toEqual([]);

    const bad = await t.app.inject({
      url: '/wps/wallet/deposits?from=yesterday',
      headers: { token },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('from');
  });

  it('shows each member only their own deposits', async () => {
    const a = await memberWithId(t.app);
    const b = await memberWithId(t.app);
    const mine = await started(a.token);
    const theirs = await t.app.inject({ url: '/wps/wallet/deposits', headers: { token: b.token } });
    expect(theirs.json().value).toEqual({ list: [], nextCursor: null });
    const peek = await t.app.inject({
      url: `/wps/wallet/deposits/${mine.deposit.id}`,
      headers: { token: b.token },
    });
    expect(peek.statusCode).toBe(404);
    const none = await t.app.inject({ url: '/wps/wallet/deposits' });
    expect(none.statusCode).toBe(401);
  });

  it('shows a deposit pending for over 30 minutes as expired', async () => {
    const { token } = await memberWithId(t.app);
    const answer = await started(token);
    await t.database.db.execute(
      sql`update deposits set created_at = now() - interval '31 minutes' where id = ${BigInt(answer.deposit.id)}`,
    );
    expect((await depositOf(token, answer.deposit.id)).status).toBe('expired');
    const expired = await t.app.inject({
      url: '/wps/wallet/deposits?status=expired',
      headers: { token },
    });
    expect(expired.json().value.list.map((d: Deposit) => d.id)).toEqual([answer.deposit.id]);
    const pending = await t.app.inject({
      url: '/wps/wallet/deposits?status=pending',
      headers: { token },
    });
    expect(pending.json().value.list).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the deposit calls, the channels and the webhook contract', async () => {
    const doc = (await t.app.inject({ url: '/wps/docs/json' })).json<{
      paths: Record<string, Record<string, { summary?: string; description?: string } | undefined>>;
    }>();
    for (const [path, method] of [
      ['/wps/wallet/channels', 'get'],
      ['/wps/wallet/deposits', 'post'],
      ['/wps/wallet/deposits', 'get'],
      ['/wps/wallet/deposits/{id}', 'get'],
      ['/payments/sandbox/notify', 'post'],
      ['/payments/sandbox/return', 'get'],
      ['/ops/api/wallet/channels', 'get'],
      ['/ops/api/wallet/channels/{code}', 'patch'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
    // The sandbox's pages are the partners app's, not ours.
    expect(Object.keys(doc.paths).filter((path) => path.includes('sandbox-pay'))).toEqual([]);
    const webhook = doc.paths['/payments/sandbox/notify']?.post?.description ?? '';
    expect(webhook).toContain('HMAC-SHA256');
    expect(webhook).toContain('x-sandbox-signature: sha256=<hex>');
    expect(webhook).toContain('x-sandbox-timestamp');
    expect(doc.paths['/wps/wallet/deposits']?.post?.description).toContain('Idempotency-Key');
  });
});

describe('an app shell on another origin', () => {
  it('may send the Idempotency-Key header when the operator allows its origin', async () => {
    const other = await createTestApp({ corsOrigins: ['https://app.example.com'] });
    try {
      const preflight = await other.app.inject({
        method: 'OPTIONS',
        url: '/wps/wallet/deposits',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,token,idempotency-key',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toContain('idempotency-key');
    } finally {
      await other.close();
    }
  });
});
