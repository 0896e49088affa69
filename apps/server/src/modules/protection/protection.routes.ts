/**
 * Player protection calls under /wps/protection (members only; a trial account gets 403). Amounts
 * are integer minor units (paisa). The excluded player's restricted session may use all of them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DepositLimitsBodySchema,
  ExclusionAnswerSchema,
  LossLimitsBodySchema,
  ProtectionQuerySchema,
  ProtectionSchema,
  RealityCheckBodySchema,
  SelfExclusionBodySchema,
  TimeoutBodySchema,
} from '@khela/contract/protection';
import { ok, okSchema } from '../../lib/envelope';

const tags = ['protection'];
const member = [{ token: [] }];

export const protectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { protection } = app.services;

  app.get(
    '/wps/protection',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary:
          'Deposit and loss limits (in force, pending, used, left), the running break, reality check',
        description:
          'Loss limits show the net loss of each window as `usedMinor` (negative while the player is ahead) and `lossRemaining` the lowest allowance left. Also this session: when it started, whether it is restricted (an excluded player logged in to withdraw) and the net result of play since it started (minor units).',
        querystring: ProtectionQuerySchema,
        response: okSchema(ProtectionSchema),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await protection.overview(request.auth!));
    },
  );

  app.put(
    '/wps/protection/deposit-limits',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Sets deposit limits per rolling 24 h, 7 days and 30 days (minor units)',
        description:
          'Per period: an amount, `null` for no limit, absent to keep it. A cut or a first limit applies at once; a raise or a removal applies 24 h later (`pending.from`); a later cut replaces a pending raise. The lowest remaining allowance across the periods applies to a deposit; paid and pending deposits count.',
        querystring: ProtectionQuerySchema,
        body: DepositLimitsBodySchema,
        response: okSchema(ProtectionSchema),
      },
    },
    async (request) => ok(await protection.setDepositLimits(request.auth!, request.body)),
  );

  app.put(
    '/wps/protection/loss-limits',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Sets loss limits per rolling 24 h, 7 days and 30 days (minor units)',
        description:
          'As deposit limits: per period an amount, `null` for no limit, absent to keep it; a cut or a first limit applies at once, a raise or a removal 24 h later. The net loss of a window is bets − wins − rollbacks on the cash account; a bet that would take any window past its limit is refused by the game wallet with 409 `wallet.lossLimitReached` and `data: { remainingMinor, period }` (the lowest allowance left). The next bet sees a change.',
        querystring: ProtectionQuerySchema,
        body: LossLimitsBodySchema,
        response: okSchema(ProtectionSchema),
      },
    },
    async (request) => ok(await protection.setLossLimits(request.auth!, request.body)),
  );

  app.post(
    '/wps/protection/timeout',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Takes a time-out (1 day, 7 days, 30 days or 3 months), confirmed by the password',
        description:
          'Ends every session of the member at once (this one too). Until it ends, login answers 403 `session.excluded` with `data: { kind, until, restrictedLogin }`, deposits and game launches 403 `wallet.excluded`. It cannot be shortened or lifted; a longer one extends it, a shorter one answers 409 `protection.cannotShorten`. Wrong password: 400 with `data.fields.password`.',
        querystring: ProtectionQuerySchema,
        body: TimeoutBodySchema,
        response: okSchema(ExclusionAnswerSchema),
      },
    },
    async (request) =>
      ok({
        exclusion: await protection.takeBreak(
          request.auth!,
          'timeout',
          request.body.duration,
          request.body.password,
          { ip: request.ip, language: request.language },
        ),
      }),
  );

  app.post(
    '/wps/protection/self-exclusion',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Self-excludes for 6 months, 1 year or 5 years, confirmed by the password',
        description:
          'As the time-out. The player can still log in with `restricted: true` to withdraw their balance and read their records.',
        querystring: ProtectionQuerySchema,
        body: SelfExclusionBodySchema,
        response: okSchema(ExclusionAnswerSchema),
      },
    },
    async (request) =>
      ok({
        exclusion: await protection.takeBreak(
          request.auth!,
          'self_exclusion',
          request.body.duration,
          request.body.password,
          { ip: request.ip, language: request.language },
        ),
      }),
  );

  app.put(
    '/wps/protection/reality-check',
    {
      onRequest: app.requireMember,
      schema: {
        tags,
        security: member,
        summary: 'Reality check every 15, 30, 45, 60, 90 or 120 minutes of session time; null: off',
        querystring: ProtectionQuerySchema,
        body: RealityCheckBodySchema,
        response: okSchema(ProtectionSchema),
      },
    },
    async (request) => ok(await protection.setRealityCheck(request.auth!, request.body.minutes)),
  );
};
