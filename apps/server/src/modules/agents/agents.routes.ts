/**
 * Upline transfer, referral and agent calls: /wps/member/transfer-upline (GET the page's data,
 * POST a transfer with an Idempotency-Key), /wps/member/referral, /wps/agent/home,
 * /wps/agent/contracts/:kind (terms and requests, a period's quote, a payment request) and
 * /wps/agent/contract-check. Members only: a trial account gets 403 member.trialForbidden. The
 * agent login is POST /wps/agent/login (accounts.routes.ts). Amounts are integer minor units.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AgentContractCheckSchema,
  AgentContractParamsSchema,
  AgentContractPeriodSchema,
  AgentContractQuoteSchema,
  AgentContractRequestAnswerSchema,
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

  app.get(
    '/wps/agent/contracts/:kind/quote',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['agent'],
        security,
        summary: 'What a contract pays for a period, from the team’s turnover and deposits',
        description:
          'Periods: salary a Dhaka day (`periodStart`), hourly an hour of it (`periodHour` 0–23, default 0), dividend the Dhaka month of `periodStart`. The team is the direct downline; turnover is bets less rollbacks, net loss bets less wins and rollbacks, on their cash accounts. The tier is the highest whose `turnoverMinor` and `depositsMinor` the team reached; salary and hourly pay its amount, dividend its `shareBp` of a positive net loss. `state`: open (not ended), nothingDue, requested (`request` set), requestable. Agents only: 403 agent.only.',
        params: AgentContractParamsSchema,
        querystring: AgentContractPeriodSchema.extend({ language: LanguageSchema.optional() }),
        response: okSchema(AgentContractQuoteSchema),
      },
    },
    async (request) => {
      const { periodStart, periodHour } = request.query;
      return ok(
        await agents.quote(request.auth!.memberId, request.params.kind, {
          periodStart,
          ...(periodHour !== undefined && { periodHour }),
        }),
      );
    },
  );

  app.post(
    '/wps/agent/contracts/:kind/requests',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['agent'],
        security,
        summary: 'Ask for a period’s contract payment (the amount is computed by the server)',
        description:
          'Body: the period only (an amount is refused: 400). One request per agent, contract and period: asking again answers the first request with `replayed: true`, whatever its status. 409 agent.contractPeriodOpen before the period ends; 409 agent.contractNothingDue when the team reached no tier. The request waits (pending) for an operator (POST /ops/api/agents/contract-requests/:id/approve or …/reject). Agents only: 403 agent.only.',
        params: AgentContractParamsSchema,
        querystring: LanguageQuerySchema,
        body: AgentContractPeriodSchema,
        response: okSchema(AgentContractRequestAnswerSchema),
      },
    },
    async (request) =>
      ok(await agents.requestPayment(request.auth!.memberId, request.params.kind, request.body)),
  );

  app.get(
    '/wps/agent/contract-check',
    {
      onRequest: app.requireMember,
      schema: {
        tags: ['agent'],
        security,
        summary: 'The contract-request check: payments the agent may ask for now and has not',
        description:
          "Yesterday's salary, last month's dividend and the last full hour's pay, when each is above zero and not yet asked for. Member types 4, 40, 41 and 42 skip the check (accounts spec §6): `skipped: true`, nothing listed. Other non-agents: 403 agent.only.",
        querystring: LanguageQuerySchema,
        response: okSchema(AgentContractCheckSchema),
      },
    },
    async (request) => ok(await agents.contractCheck(request.auth!.memberId)),
  );
};
