/**
 * The operator's calls on members' bonuses (docs/bonuses.md): a member's bonuses (bonuses.read),
 * a manual bonus, a forfeit and a new end time (bonuses.grant), each change in the audit trail with the member's
 * username as its target. Campaigns themselves are campaign-admin's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BonusParamsSchema,
  ManualBonusBodySchema,
  MemberBonusAnswerSchema,
  MemberBonusListSchema,
  OpsBonusExpiryBodySchema,
  OpsForfeitBodySchema,
} from '@khela/contract/bonus';
import { MemberParamsSchema } from '@khela/contract/backoffice/members';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditTrailOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const bonusesOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { bonuses } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  const tags = ['operator', 'bonuses'];
  const security = [{ operator: [] }];

  app.get(
    `${OPS_PREFIX}/members/:username/bonuses`,
    {
      config: { permission: 'bonuses.read' },
      schema: {
        tags,
        security,
        summary: "A member's bonuses, newest first (active, queued, ended, refused)",
        params: MemberParamsSchema,
        response: okSchema(MemberBonusListSchema),
      },
    },
    async (request) => ok(await bonuses.ofMember(request.params.username, 'EN')),
  );

  app.post(
    `${OPS_PREFIX}/members/:username/bonuses`,
    {
      config: { permission: 'bonuses.grant' },
      schema: {
        tags,
        security,
        summary: 'Give a member a manual bonus on a campaign’s terms',
        description:
          "Any campaign (its window, pause and audience do not apply to an operator's bonus; its total cap does: 409 bonus.notEligible or bonus.promoExhausted when reached). `amountMinor` replaces the campaign's amount. The same `key` again answers the bonus it gave. Starts at once when the member has no active bonus, else queued. Audited as `bonus.grant` on the member.",
        params: MemberParamsSchema,
        body: ManualBonusBodySchema,
        response: okSchema(MemberBonusAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await bonuses.grantManual(
          request.params.username,
          request.body,
          auditTrailOf(request),
          'EN',
        ),
      ),
  );

  app.post(
    `${OPS_PREFIX}/bonuses/:id/forfeit`,
    {
      config: { permission: 'bonuses.grant' },
      schema: {
        tags,
        security,
        summary: "Remove a member's bonus (active: its bonus balance; queued: dropped)",
        description:
          'Never touches cash. An ended bonus → 409 bonus.notActive. Audited as `bonus.forfeit` on the member.',
        params: BonusParamsSchema,
        body: OpsForfeitBodySchema,
        response: okSchema(MemberBonusAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await bonuses.forfeitByOperator(
          BigInt(request.params.id),
          request.body.reason,
          auditTrailOf(request),
        ),
      ),
  );

  app.put(
    `${OPS_PREFIX}/bonuses/:id/expiry`,
    {
      config: { permission: 'bonuses.grant' },
      schema: {
        tags,
        security,
        summary: "Move when a member's active bonus ends",
        description:
          'Later (goodwill) or sooner. A time already past expires the bonus at once, as the wagering pass does when its time is up: its remaining bonus balance is removed (never cash) and the next queued bonus starts. A queued or ended bonus → 409 bonus.notActive; unknown → 404 bonus.notFound. Audited as `bonus.expiry` on the member.',
        params: BonusParamsSchema,
        body: OpsBonusExpiryBodySchema,
        response: okSchema(MemberBonusAnswerSchema),
      },
    },
    async (request) =>
      ok(
        await bonuses.setExpiryByOperator(
          BigInt(request.params.id),
          request.body,
          auditTrailOf(request),
        ),
      ),
  );
};
