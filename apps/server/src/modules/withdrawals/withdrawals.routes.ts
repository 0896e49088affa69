/**
 * The player's withdraw calls under /wps/wallet: payee accounts (bound and removed with the login
 * password again), the withdraw page's data, requests (Idempotency-Key), records and cancel.
 * Members only: a trial account gets 403 member.trialForbidden. Amounts are integer minor units.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LanguageQuerySchema } from '@khela/contract/system';
import {
  BindPayeeBodySchema,
  CreateWithdrawalAnswerSchema,
  CreateWithdrawalBodySchema,
  IDEMPOTENCY_HEADER,
  IdempotencyHeadersSchema,
  PayeeAccountSchema,
  PayeeListSchema,
  PayeeParamsSchema,
  UnbindPayeeBodySchema,
  WITHDRAW_LIMITS,
  WithdrawalListQuerySchema,
  WithdrawalPageSchema,
  WithdrawalParamsSchema,
  WithdrawalSchema,
  WithdrawOptionsSchema,
} from '@khela/contract/withdrawals';
import { z } from 'zod';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['wallet'];
const security = [{ token: [] }];
const tries = `At most ${WITHDRAW_LIMITS.passwordTries} wrong passwords in ${WITHDRAW_LIMITS.passwordWindowMinutes} minutes, then 429 rate.limited until the window ends.`;

export const withdrawalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { withdrawals } = app.services;

  app.get(
    '/wps/wallet/payees',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's bound payee accounts (numbers masked) and the channels to bind",
        querystring: LanguageQuerySchema,
        response: okSchema(PayeeListSchema),
      },
    },
    async (request) => ok(await withdrawals.payees(request.auth!.memberId, request.language)),
  );

  app.post(
    '/wps/wallet/payees',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Bind a payee account (needs the login password again)',
        description: `The account number (spaces and dashes dropped) must match the channel's \`accountPattern\` (400 with \`data.fields.accountNumber\`). Wrong password: 403 wallet.reauthFailed with \`data.triesLeft\`. ${tries} At most ${WITHDRAW_LIMITS.maxPayees} active accounts (409 wallet.payeeLimit); the same channel and number twice: 409 wallet.payeeDuplicate. Writes an inbox notice (topic payee.bound, params channel, channelEn, channelBn, last4).`,
        querystring: LanguageQuerySchema,
        body: BindPayeeBodySchema,
        response: okSchema(PayeeAccountSchema),
      },
    },
    async (request) =>
      ok(await withdrawals.bindPayee(request.auth!.memberId, request.body, request.language)),
  );

  app.delete(
    '/wps/wallet/payees/:id',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Remove a payee account (needs the login password again)',
        description: `Another member's or an already removed account: 404. Wrong password: 403 wallet.reauthFailed. ${tries} Writes an inbox notice (topic payee.removed). Past withdrawals keep showing the account.`,
        params: PayeeParamsSchema,
        querystring: LanguageQuerySchema,
        body: UnbindPayeeBodySchema,
        response: okSchema(z.object({ removed: z.literal(true) })),
      },
    },
    async (request) =>
      ok(
        await withdrawals.removePayee(
          request.auth!.memberId,
          BigInt(request.params.id),
          request.body.password,
        ),
      ),
  );

  app.get(
    '/wps/wallet/withdraw-options',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary:
          "The withdraw page's data: balance, channels with min and max, payee accounts, pending requests, whether a payment password is set",
        querystring: LanguageQuerySchema,
        response: okSchema(WithdrawOptionsSchema),
      },
    },
    async (request) => {
      return ok(await withdrawals.options(request.auth!.memberId, request.language));
    },
  );

  app.post(
    '/wps/wallet/withdrawals',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Request a withdrawal: the amount is held from the balance until it is decided',
        description: `Needs an \`Idempotency-Key\` header (400 idempotency.keyRequired): the same key and body again answer the same withdrawal with \`replayed: true\` and move nothing; the same key with another body is 422 idempotency.mismatch. The payee account must be the member's and bound (400 wallet.payeeRequired); its channel must take withdrawals (400 wallet.channelUnavailable) and the amount be within its min and max (400 wallet.amountOutOfRange with \`data.minMinor\`, \`data.maxMinor\`). With a payment password set, \`paymentPassword\` must match (403 wallet.paymentPasswordWrong; ${tries}). Not enough balance: 409 wallet.insufficientFunds and nothing is stored. Self-excluded and timed-out players may withdraw.`,
        headers: IdempotencyHeadersSchema,
        querystring: LanguageQuerySchema,
        body: CreateWithdrawalBodySchema,
        response: okSchema(CreateWithdrawalAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await withdrawals.request(
          request.auth!.memberId,
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
          request.language,
        ),
      ),
  );

  app.get(
    '/wps/wallet/withdrawals',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: "The member's withdraw records, newest first (cursor pagination)",
        description:
          'Filters: `status`, `from` (inclusive) and `to` (exclusive) as ISO 8601 instants. Pass `nextCursor` as `cursor` for the next page; null on the last.',
        querystring: WithdrawalListQuerySchema,
        response: okSchema(WithdrawalPageSchema),
      },
    },
    async (request) =>
      ok(await withdrawals.list(request.auth!.memberId, request.query, request.language)),
  );

  app.post(
    '/wps/wallet/withdrawals/:id/cancel',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending withdrawal: the held amount returns to the balance',
        description:
          "Once only: anything but a pending request of this member is 409 wallet.notCancellable (another member's: 404).",
        params: WithdrawalParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(WithdrawalSchema),
      },
    },
    async (request) =>
      ok(
        await withdrawals.cancel(
          request.auth!.memberId,
          BigInt(request.params.id),
          request.language,
        ),
      ),
  );
};
