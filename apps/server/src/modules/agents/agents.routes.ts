/**
 * Upline transfer, referral and agent calls: /wps/member/transfer-upline (GET the page's data,
 * POST a transfer with an Idempotency-Key), /wps/member/referral, /wps/agent/home and
 * /wps/agent/contracts/:kind. Members only: a trial account gets 403 member.trialForbidden.
 * Amounts are integer minor units.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgentContractParamsSchema,
  AgentContractSchema,
  AgentHomeQuerySchema,
  AgentHomeSchema,
  ReferralInfoSchema,
  UplineTransferAnswerSchema,
  UplineTransferBodySchema,
  UplineTransferInfoSchema,
} from '@khela/contract/rewards';
import { LanguageSchema } from '@khela/contract/language';
import { LanguageQuerySchema } from '@khela/contract/system';
import { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from '@khela/contract/withdrawals';
import { ok, okSchema } from '../../lib/envelope';

const security = [{ token: [] }];

export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { agents } = app.services;

  app.get(
    '/wps/member/transfer-upline',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['wallet'],
        security,
        summary:
          "The upline transfer page: whether the member may, the upline's name, balance, limits",
        description:
          '`reason` says why not: `disabled` (AGETRANSFERUP3 off), `memberType` (type 2), `noUpline`.',
        querystring: LanguageQuerySchema,
        response: okSchema(UplineTransferInfoSchema),
      },
    },
    async (request) => ok(await agents.uplineInfo(request.auth!.memberId)),
  );

  app.post(
    '/wps/member/transfer-upline',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['wallet'],
        security,
        summary: "Send balance to the member's upline agent (one ledger movement, cash to cash)",
        description:
          'Needs an `Idempotency-Key` header (400 idempotency.keyRequired): the same key and body again answer the first transfer with `replayed: true`; the same key with another amount is 422 idempotency.mismatch. 403 feature.disabled while AGETRANSFERUP3 is off; 403 upline.typeForbidden for member type 2; 409 upline.none without an (active) upline; 400 wallet.amountOutOfRange outside the `uplineTransferLimits` setting (`data.minMinor`, `data.maxMinor`); with a payment password set, 403 wallet.paymentPasswordWrong (5 tries per 15 minutes, then 429); 409 wallet.insufficientFunds.',
        headers: IdempotencyHeadersSchema,
        querystring: LanguageQuerySchema,
        body: UplineTransferBodySchema,
        response: okSchema(UplineTransferAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await agents.transferToUpline(
          request.auth!.memberId,
          request.headers[IDEMPOTENCY_HEADER],
          request.body,
        ),
      ),
  );

  app.get(
    '/wps/member/referral',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['member'],
        security,
        summary: "The member's invitation code and registration link path, and their upline",
        querystring: LanguageQuerySchema,
        response: okSchema(ReferralInfoSchema),
      },
    },
    async (request) => ok(await agents.referral(request.auth!.memberId)),
  );

  app.get(
    '/wps/agent/home',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['agent'],
        security,
        summary: "Agent home: the direct downline's count, deposits and turnover for a period",
        description:
          'Agents only (any member type but 0, 4, 40): others get 403 agent.only. `from` and `to` are Asia/Dhaka days, inclusive (default the last 7 days; at most 366 days: 400 records.rangeTooLong; from after to: 400 records.badRange). Team members are listed newest first (100) with masked usernames.',
        querystring: AgentHomeQuerySchema.extend({ language: LanguageSchema.optional() }),
        response: okSchema(AgentHomeSchema),
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return ok(await agents.home(request.auth!.memberId, { from, to }));
    },
  );

  app.get(
    '/wps/agent/contracts/:kind',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['agent'],
        security,
        summary: 'A contract (salary, dividend, hourly): its terms and the agent’s requests',
        description:
          "Terms are the operator's `agentContractTerms` setting (read-only); requests newest first (50). Agents only: 403 agent.only.",
        params: AgentContractParamsSchema,
        querystring: LanguageQuerySchema,
        response: okSchema(AgentContractSchema),
      },
    },
    async (request) => ok(await agents.contract(request.auth!.memberId, request.params.kind)),
  );
};
