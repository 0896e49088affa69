/**
 * The player's deposit calls under /wps/wallet (real members only: trial accounts get 403
 * member.trialForbidden). The gateways' own routes are in payments.routes.ts.
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
} from '@khela/contract/cashier';
import { LanguageQuerySchema } from '@khela/contract/system';
import { AppError } from '../../errors';
import { ok, okSchema } from '../../lib/envelope';
import { DEVICE_ID_HEADER, sentDeviceId } from '../accounts/login-device';

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
        description: `Needs an \`Idempotency-Key\` header (1–${CASHIER_LIMITS.idempotencyKeyMax} printable characters; the web app sends a UUID made once per submit and reused on retry): missing → 400 idempotency.keyRequired. The same key again answers the same deposit (as it is now) and pay page, and opens no second payment; the same key with another body → 422 idempotency.mismatch. \`amountMinor\` is in minor units (paisa). A disabled or unknown channel, or one whose payment gateway this server does not have (PAYMENT_PROVIDERS), → 400 wallet.channelUnavailable; a gateway that does not answer → 503 payment.gatewayUnavailable (nothing is made); an amount outside the channel's range → 400 wallet.amountOutOfRange with \`data: { minMinor, maxMinor, currency }\`; player protection may refuse (409 wallet.depositLimitReached, 403 wallet.excluded). Open \`payUrl\` in the same tab (the gateway's page; on a retry whose gateway page cannot be shown again, the deposit page); the gateway sends the player back through /payments/<gateway>/return to /m/voucherCenter?deposit=<id>. The deposit is credited once the gateway confirms the payment (its return, its notice on /payments/<gateway>/notify, or the reconciliation pass asking it). A bonus opted into with \`bonusCampaignId\` (an offer of GET /wps/bonus/offers?context=deposit) or \`promoCode\` is checked before anything is made: refusals answer bonus.notFound, bonus.promoUnknown (404), bonus.notEligible, bonus.alreadyClaimed (first deposit: once per person — mobile, payee account, name with birthday, and the device of the \`X-Device-Id\` header), bonus.promoUsed, bonus.promoExhausted (409) or bonus.depositTooSmall (400, \`data.minDepositMinor\`). The bonus is given when the deposit is paid; if it can no longer be given then (taken meanwhile), the deposit is credited without it, the player's bonus list shows it refused with the reason, and an inbox message says so.`,
        headers: z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() }),
        querystring: LanguageQuerySchema,
        body: CreateDepositBodySchema,
        response: okSchema(CreateDepositAnswerSchema),
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key === '') throw new AppError('idempotency.keyRequired');
      return ok(
        await deposits.create(
          request.auth!.memberId,
          key,
          request.body,
          request.language,
          sentDeviceId(request.headers[DEVICE_ID_HEADER]),
        ),
      );
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
