/**
 * The sandbox payment gateway, as a hosted-checkout gateway works (play money only), knowing its
 * merchant by the secret they share and the addresses the merchant gives:
 *
 *   POST /sandbox/api/payments         (signed) the merchant opens a payment; answers its payUrl
 *   GET  /sandbox/api/payments/<ref>   (signed) the payment's state, for the merchant's checks
 *   GET  /sandbox-pay/<ref>            the pay page: Approve or Decline, or the outcome
 *   POST /sandbox-pay/<ref>/decision   records the decision, POSTs the signed notice to the
 *                                      merchant's notifyUrl and sends the player to its returnUrl
 *   POST /sandbox/api/payouts          (signed) pays a payee out; the same ref is the same payout
 *   GET  /sandbox/api/payouts/<ref>    (signed) a payout's state
 *
 * Payments live in the partners' database (payment-table.ts), named by the merchant's reference;
 * opening one again with the same terms is the same payment. A decision is final: a second one
 * sends the first one's notice again (while the merchant has not accepted it) or shows the
 * outcome. An open payment expires after SANDBOX_PAYMENT_TTL_MS, as the merchant's deposit does.
 * A payout is accepted at once, paid `payoutDelayMs` after it arrived, and failed when its account
 * ends in SANDBOX_FAILING_ACCOUNT_SUFFIX, so the demo shows both ends.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  SANDBOX_API_PAYMENTS_PATH,
  SANDBOX_API_PAYOUTS_PATH,
  SANDBOX_FAILING_ACCOUNT_SUFFIX,
  SANDBOX_PAY_PREFIX,
  SANDBOX_PAYMENT_TTL_MS,
  SandboxOpenPaymentSchema,
  SandboxPayoutRequestSchema,
  type SandboxNotice,
  type SandboxPaymentStatus,
  type SandboxPayoutStatus,
} from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import type { JournalDb } from '../journal-db';
import { NO_PAGE_FONT, type PageFont } from '../page-font';
import { notFoundCard, payPage, paymentCard, type PaymentView } from './pay-page';
import {
  sandboxPayments,
  sandboxPayouts,
  type SandboxPaymentRow,
  type SandboxPayoutRow,
} from './payment-table';
import { signedBy, signHeaders } from './signature';

export interface SandboxGatewayOptions {
  db: JournalDb;
  /** The secret shared with the merchant; read at each use. */
  secret: () => string;
  /** Our public address, where players open the pay page (no trailing slash). */
  publicUrl: string;
  font?: PageFont;
  /** Tests: the network the notices go over, and the clock of expiry. */
  fetch?: typeof fetch;
  now?: () => number;
  /** How long the merchant's notify route may take to answer. */
  deliveryTimeoutMs?: number;
  /** How long after it arrived a payout reads as paid (5 s). */
  payoutDelayMs?: number;
}

const REF = /^[A-Za-z0-9]{1,64}$/;

const languageOf = (value: unknown, fallback: string): Language => {
  const wanted = typeof value === 'string' ? value.toUpperCase() : fallback;
  return wanted === 'EN' ? 'EN' : 'BN';
};

/** The merchant's return address with our reference added, as gateways add theirs. */
const backUrl = (row: SandboxPaymentRow) => {
  const url = new URL(row.returnUrl);
  url.searchParams.set('ref', row.ref);
  return url.toString();
};

export const sandboxGatewayRoutes: FastifyPluginAsync<SandboxGatewayOptions> = async (
  app,
  options,
) => {
  const { db, font = NO_PAGE_FONT } = options;
  const now = options.now ?? Date.now;
  const send = options.fetch ?? globalThis.fetch;

  // The merchant's calls are checked over their bytes as sent; the pay page's buttons post a form.
  const rawBodies = new WeakMap<object, string>();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, null);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  const find = async (ref: string) =>
    REF.test(ref)
      ? (await db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref)))[0]
      : undefined;

  const stateOf = (row: SandboxPaymentRow): PaymentView['state'] =>
    row.state === 'open' && row.createdAt.getTime() + SANDBOX_PAYMENT_TTL_MS <= now()
      ? 'expired'
      : (row.state as PaymentView['state']);

  const viewOf = (row: SandboxPaymentRow): PaymentView => ({
    ref: row.ref,
    amountMinor: row.amountMinor,
    currency: row.currency,
    channelName: { EN: row.channelEn, BN: row.channelBn },
    state: stateOf(row),
    notified: row.notifiedAt !== null,
    backUrl: backUrl(row),
  });

  const unsigned = (reply: FastifyReply) => reply.code(401).send({ error: 'signature' });

  // ── The merchant's API ─────────────────────────────────────────────────────────────────────

  app.post(SANDBOX_API_PAYMENTS_PATH, async (request, reply) => {
    if (!signedBy(options.secret(), rawBodies.get(request) ?? '', request.headers)) {
      return unsigned(reply);
    }
    const parsed = SandboxOpenPaymentSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
    const payment = parsed.data;
    await db
      .insert(sandboxPayments)
      .values({
        ref: payment.ref,
        amountMinor: BigInt(payment.amountMinor),
        currency: payment.currency,
        channelEn: payment.channelName.EN,
        channelBn: payment.channelName.BN,
        notifyUrl: payment.notifyUrl,
        returnUrl: payment.returnUrl,
        language: payment.language,
      })
      .onConflictDoNothing();
    const row = (await find(payment.ref))!;
    // The same reference for other terms is not the same payment.
    if (row.amountMinor !== BigInt(payment.amountMinor) || row.currency !== payment.currency) {
      return reply.code(409).send({ error: 'conflict' });
    }
    return {
      payUrl: `${options.publicUrl}${SANDBOX_PAY_PREFIX}/${row.ref}?language=${payment.language}`,
    };
  });

  app.get<{ Params: { ref: string } }>(
    `${SANDBOX_API_PAYMENTS_PATH}/:ref`,
    async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (!signedBy(options.secret(), path, request.headers)) return unsigned(reply);
      const row = await find(request.params.ref);
      if (!row) return reply.code(404).send({ error: 'unknown' });
      const status: SandboxPaymentStatus = {
        ref: row.ref,
        state: stateOf(row),
        amountMinor: Number(row.amountMinor),
        currency: row.currency,
      };
      return status;
    },
  );

  // ── Payouts ────────────────────────────────────────────────────────────────────────────────

  const payoutStatus = (row: SandboxPayoutRow): SandboxPayoutStatus => {
    if (row.account.endsWith(SANDBOX_FAILING_ACCOUNT_SUFFIX)) {
      return { ref: row.ref, state: 'failed', reason: 'no such wallet account' };
    }
    const paid = row.createdAt.getTime() + (options.payoutDelayMs ?? 5_000) <= now();
    return { ref: row.ref, state: paid ? 'paid' : 'processing', reason: null };
  };
  const findPayout = async (ref: string) =>
    REF.test(ref)
      ? (await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.ref, ref)))[0]
      : undefined;

  app.post(SANDBOX_API_PAYOUTS_PATH, async (request, reply) => {
    if (!signedBy(options.secret(), rawBodies.get(request) ?? '', request.headers)) {
      return unsigned(reply);
    }
    const parsed = SandboxPayoutRequestSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'invalid' });
    const payout = parsed.data;
    await db
      .insert(sandboxPayouts)
      .values({
        ref: payout.ref,
        amountMinor: BigInt(payout.amountMinor),
        currency: payout.currency,
        account: payout.account,
        accountName: payout.accountName,
        createdAt: new Date(now()),
      })
      .onConflictDoNothing();
    const row = (await findPayout(payout.ref))!;
    if (row.amountMinor !== BigInt(payout.amountMinor) || row.account !== payout.account) {
      return reply.code(409).send({ error: 'conflict' });
    }
    return payoutStatus(row);
  });

  app.get<{ Params: { ref: string } }>(
    `${SANDBOX_API_PAYOUTS_PATH}/:ref`,
    async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (!signedBy(options.secret(), path, request.headers)) return unsigned(reply);
      const row = await findPayout(request.params.ref);
      if (!row) return reply.code(404).send({ error: 'unknown' });
      return payoutStatus(row);
    },
  );

  // ── The pay page ───────────────────────────────────────────────────────────────────────────

  const html = (
    reply: FastifyReply,
    status: number,
    language: Language,
    card: string,
    row?: SandboxPaymentRow,
  ) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      // No script at all; its form goes to us, and its answer on to the merchant's return.
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'${row ? ` ${new URL(row.returnUrl).origin}` : ''}`,
      )
      .type('text/html; charset=utf-8')
      .send(payPage(language, card, font));

  const decisionUrl = (ref: string, language: Language) =>
    `${SANDBOX_PAY_PREFIX}/${encodeURIComponent(ref)}/decision?language=${language}`;

  const pageLanguage = (request: FastifyRequest, row?: SandboxPaymentRow) =>
    languageOf((request.query as { language?: unknown }).language, row?.language ?? 'BN');

  app.get<{ Params: { ref: string } }>(`${SANDBOX_PAY_PREFIX}/:ref`, async (request, reply) => {
    const row = await find(request.params.ref);
    const language = pageLanguage(request, row);
    if (!row) return html(reply, 404, language, notFoundCard(language));
    const card = paymentCard(language, viewOf(row), decisionUrl(row.ref, language));
    return html(reply, 200, language, card, row);
  });

  /** Tells the merchant, over HTTP, signed; true once its notify route accepted the notice. */
  const notify = async (row: SandboxPaymentRow): Promise<boolean> => {
    const notice: SandboxNotice = {
      ref: row.ref,
      status: row.state === 'paid' ? 'paid' : 'failed',
      amountMinor: Number(row.amountMinor),
      currency: row.currency,
    };
    const body = JSON.stringify(notice);
    try {
      const res = await send(row.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signHeaders(options.secret(), body) },
        body,
        signal: AbortSignal.timeout(options.deliveryTimeoutMs ?? 10_000),
      });
      await res.arrayBuffer();
      if (!res.ok) app.log.warn({ ref: row.ref, status: res.status }, 'notice not accepted');
      return res.ok;
    } catch (error) {
      app.log.warn({ ref: row.ref, err: error }, 'notice not delivered');
      return false;
    }
  };

  app.post<{ Params: { ref: string }; Body: { decision?: string } }>(
    `${SANDBOX_PAY_PREFIX}/:ref/decision`,
    async (request, reply) => {
      let row = await find(request.params.ref);
      const language = pageLanguage(request, row);
      if (!row) return html(reply, 404, language, notFoundCard(language));
      const decision = request.body?.decision;
      if (decision !== 'approve' && decision !== 'decline') {
        return reply.code(400).send({ error: 'invalid' });
      }
      const outcome = () =>
        html(
          reply,
          409,
          language,
          paymentCard(language, viewOf(row!), decisionUrl(row!.ref, language)),
          row,
        );
      if (stateOf(row) === 'expired') return outcome();
      if (row.state === 'open') {
        // The first decision wins, also against one made at the same moment.
        await db
          .update(sandboxPayments)
          .set({ state: decision === 'approve' ? 'paid' : 'failed', decidedAt: new Date(now()) })
          .where(and(eq(sandboxPayments.ref, row.ref), eq(sandboxPayments.state, 'open')));
        row = (await find(row.ref))!;
      }
      // Decided and told: a second decision changes nothing.
      if (row.notifiedAt) return outcome();
      // The decision stands as recorded, whichever button sent it again.
      if (!(await notify(row))) {
        const card = paymentCard(
          language,
          viewOf(row),
          decisionUrl(row.ref, language),
          'deliveryFailed',
        );
        return html(reply, 502, language, card, row);
      }
      await db
        .update(sandboxPayments)
        .set({ notifiedAt: new Date(now()) })
        .where(eq(sandboxPayments.ref, row.ref));
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', backUrl(row))
        .send();
    },
  );
};
