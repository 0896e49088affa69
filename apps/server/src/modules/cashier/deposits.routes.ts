/**
 * The player's deposit calls under /wps/wallet (real members only: trial accounts get 403
 * member.trialForbidden), and the payment provider's webhook, which sits outside the player API's
 * maintenance gate and rate limit (a gateway's notice must get through whatever the site shows).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CASHIER_LIMITS,
  CreateDepositAnswerSchema,
  CreateDepositBodySchema,
  DepositListQuerySchema,
  DepositListSchema,
  DepositParamsSchema,
  DepositSchema,
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  SANDBOX_NOTICE_TOLERANCE_S,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TIMESTAMP_HEADER,
  SandboxNoticeSchema,
  WebhookAnswerSchema,
} from '@khela/contract/cashier';
import { LanguageQuerySchema } from '@khela/contract/system';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { keepRawJsonBodies } from '../../lib/raw-body';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { SANDBOX_WEBHOOK_PATH } from '../../providers/payments/sandbox-provider';

const tags = ['wallet'];
const member = [{ token: [] }];

export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deposits } = app.services;

  app.post(
    '/wps/wallet/deposits',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Start a deposit: answers the pending deposit and the pay page to open',
        description: `Needs an \`Idempotency-Key\` header (1–${CASHIER_LIMITS.idempotencyKeyMax} printable characters; the web app sends a UUID made once per submit and reused on retry): missing → 400 idempotency.keyRequired. The same key again answers the same deposit (as it is now) and pay page, and opens no second payment; the same key with another body → 422 idempotency.mismatch. \`amountMinor\` is in minor units (paisa). A disabled or unknown channel → 400 wallet.channelUnavailable; an amount outside the channel's range → 400 wallet.amountOutOfRange with \`data: { minMinor, maxMinor, currency }\`; player protection may refuse (409 wallet.depositLimitReached, 403 wallet.excluded). Open \`payUrl\` in the same tab; the provider sends the player back to /m/voucherCenter?deposit=<id>. The deposit is credited when the provider's signed notice arrives (POST ${SANDBOX_WEBHOOK_PATH}).`,
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() }),
        querystring: LanguageQuerySchema,
        body: CreateDepositBodySchema,
        response: okSchema(CreateDepositAnswerSchema),
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key === '') throw new AppError('idempotency.keyRequired');
      return ok(await deposits.create(request.auth!.memberId, key, request.body, request.language));
    },
  );

  app.get(
    '/wps/wallet/deposits',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: "The member's deposit records, newest first (cursor paging)",
        description: `\`limit\` per page (default ${CASHIER_LIMITS.recordsPage}, at most ${CASHIER_LIMITS.recordsPageMax}); pass the answer's \`nextCursor\` as \`cursor\` for the next page (null: no more). \`from\` (inclusive) and \`to\` (exclusive) are ISO 8601 instants with an offset, on the time the deposit was made. \`status\`: pending, paid, failed or expired (pending for more than ${CASHIER_LIMITS.depositExpiresMs / 60_000} minutes).`,
        querystring: DepositListQuerySchema,
        response: okSchema(DepositListSchema),
      },
    },
    async (request) =>
      ok(await deposits.list(request.auth!.memberId, request.query, request.language)),
  );

  app.get(
    '/wps/wallet/deposits/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: "One of the member's deposits (the deposit page shows it when the player returns)",
        description: "Another member's deposit answers 404 resource.notFound.",
        params: DepositParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(DepositSchema),
      },
    },
    async (request) =>
      ok(await deposits.get(request.auth!.memberId, BigInt(request.params.id), request.language)),
  );
};

export const depositWebhookRoutes: FastifyPluginAsyncZod<{ provider: PaymentProvider }> = async (
  app,
  { provider },
) => {
  const { deposits } = app.services;
  const rawBody = keepRawJsonBodies(app);

  app.post(
    SANDBOX_WEBHOOK_PATH,
    {
      preValidation: async (request) => {
        // The signature first: an unsigned notice learns nothing about what a good body is.
        provider.verifyNotice(rawBody(request), request.headers);
      },
      schema: {
        tags: ['wallet', 'payment sandbox'],
        summary: "The sandbox payment provider's notice (webhook): a deposit paid or failed",
        description: `Sent by the provider, never by the app. Signed with HMAC-SHA256 under the sandbox secret (PAYMENT_SANDBOX_SECRET, else DATA_DIR/payment-sandbox-secret) over \`<timestamp>.<raw body>\`: headers \`${SANDBOX_TIMESTAMP_HEADER}: <unix seconds>\` and \`${SANDBOX_SIGNATURE_HEADER}: sha256=<hex>\`. A missing or wrong signature, or a timestamp more than ${SANDBOX_NOTICE_TOLERANCE_S} s away from now, answers 401 payment.signatureInvalid and changes nothing. \`ref\` names the deposit (its providerRef; unknown → 404 payment.unknownPayment). "paid" credits the deposit exactly once (amount and currency must match it: else 409 payment.amountMismatch); "failed" marks a pending deposit failed. A repeated or concurrent notice answers 200 with \`applied: false\` and moves no money. Any non-2xx answer tells the provider to try again.`,
        body: SandboxNoticeSchema,
        response: okSchema(WebhookAnswerSchema),
      },
    },
    async (request) => {
      const notice = provider.verifyNotice(rawBody(request), request.headers);
      return ok(await deposits.applyNotice(notice));
    },
  );
};
