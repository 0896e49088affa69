/**
 * Responsible gaming on the operator side (/ops/api/rg): players under a break, one member's
 * limits and breaks, and making a break longer (never shorter; audited).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OpsBreakListQuerySchema,
  OpsBreakListSchema,
  OpsBreakSchema,
  OpsExtendBreakBodySchema,
  OpsRgMemberParamsSchema,
  OpsRgMemberSchema,
} from '@khela/contract/backoffice/rg';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { auditContextOf } from '../audit/audit.service';
import { operatorGuard } from '../ops/operator-guard';

export const protectionOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { protection } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator', 'responsible gaming'];
  const security = [{ operator: [] }];

  app.get(
    `${OPS_PREFIX}/rg/breaks`,
    {
      config: { permission: 'rg.read' },
      schema: {
        tags,
        security,
        summary:
          'Time-outs and self-exclusions: those in force now (active=true) or all, newest first',
        querystring: OpsBreakListQuerySchema,
        response: okSchema(OpsBreakListSchema),
      },
    },
    async (request) => ok(await protection.opsBreaks(request.query)),
  );

  app.get(
    `${OPS_PREFIX}/rg/members/:username`,
    {
      config: { permission: 'rg.read' },
      schema: {
        tags,
        security,
        summary:
          "A member's deposit and loss limits, reality check, the break in force and every break",
        params: OpsRgMemberParamsSchema,
        response: okSchema(OpsRgMemberSchema),
      },
    },
    async (request) => ok(await protection.opsMember(request.params.username)),
  );

  app.post(
    `${OPS_PREFIX}/rg/members/:username/extend`,
    {
      config: { permission: 'rg.write' },
      schema: {
        tags,
        security,
        summary: 'Make the break in force longer: `until` must be later than its end',
        description:
          'A break is never made shorter: an `until` not later than the current end is 409 rg.breakShorter (`data.until` is the current end); no break in force is 404 rg.noBreak. Audited (rg.extendBreak) with the reason.',
        params: OpsRgMemberParamsSchema,
        body: OpsExtendBreakBodySchema,
        response: okSchema(OpsBreakSchema),
      },
    },
    async (request) =>
      ok(
        await protection.extendBreak(
          request.params.username,
          request.body,
          auditContextOf(request),
        ),
      ),
  );
};
