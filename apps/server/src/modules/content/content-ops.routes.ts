/**
 * The operator's content API under /ops/api/content: list, create and change (hide with
 * `{ hidden: true }`) notices, banners, popups, promotions and categories; list and decide
 * promotion applications. Same operator token as the rest of /ops/api.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OpsApplicationListSchema,
  OpsApplicationPatchSchema,
  OpsApplicationSchema,
  OpsApplicationsQuerySchema,
  OpsBannerBodySchema,
  OpsBannerPatchSchema,
  OpsBannerSchema,
  OpsCategoryBodySchema,
  OpsCategoryPatchSchema,
  OpsCategorySchema,
  OpsIdParamsSchema,
  OpsNoticeBodySchema,
  OpsNoticePatchSchema,
  OpsNoticeSchema,
  OpsPopupBodySchema,
  OpsPopupPatchSchema,
  OpsPopupSchema,
  OpsPromotionBodySchema,
  OpsPromotionPatchSchema,
  OpsPromotionSchema,
} from '@khela/contract/content';
import { OPS_PREFIX } from '@khela/contract/ops';
import { auditTrailOf } from '../audit/audit.service';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';
import type { ContentTable } from './content-ops.service';
import type { BodyOf } from './content-ops.service';

const BASE = `${OPS_PREFIX}/content`;

export const contentOpsRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { contentOps } = app.services;

  app.addHook('onRequest', operatorGuard(opsToken));

  const tags = ['operator'];

  function resource<T extends ContentTable>(
    table: T,
    what: string,
    schemas: { body: z.ZodType; patch: z.ZodType; row: z.ZodType },
  ) {
    app.get(
      `${BASE}/${table}`,
      {
        config: { permission: 'content.read' },
        schema: {
          tags,
          summary: `All ${what}, hidden ones too`,
          response: okSchema(z.array(schemas.row)),
        },
      },
      async () => ok(await contentOps.list(table)),
    );
    app.post(
      `${BASE}/${table}`,
      {
        config: { permission: 'content.write' },
        schema: {
          tags,
          summary: `Create one of the ${what} (HTML is sanitised on write); served at once everywhere`,
          body: schemas.body,
          response: okSchema(schemas.row),
        },
      },
      async (request) =>
        ok(await contentOps.create(table, request.body as BodyOf[T], auditTrailOf(request))),
    );
    app.patch(
      `${BASE}/${table}/:id`,
      {
        config: { permission: 'content.write' },
        schema: {
          tags,
          summary: `Change one of the ${what}: only the fields given; { hidden: true } hides it`,
          params: OpsIdParamsSchema,
          body: schemas.patch,
          response: okSchema(schemas.row),
        },
      },
      async (request) =>
        ok(
          await contentOps.update(
            table,
            request.params.id,
            request.body as Partial<BodyOf[T]>,
            auditTrailOf(request),
          ),
        ),
    );
  }

  resource('notices', 'notices (kind A announcements, PL player notices)', {
    body: OpsNoticeBodySchema,
    patch: OpsNoticePatchSchema,
    row: OpsNoticeSchema,
  });
  resource('banners', 'banners', {
    body: OpsBannerBodySchema,
    patch: OpsBannerPatchSchema,
    row: OpsBannerSchema,
  });
  resource('popups', 'popups (execution A logged in, B logged out)', {
    body: OpsPopupBodySchema,
    patch: OpsPopupPatchSchema,
    row: OpsPopupSchema,
  });
  resource('promotions', 'promotions', {
    body: OpsPromotionBodySchema,
    patch: OpsPromotionPatchSchema,
    row: OpsPromotionSchema,
  });
  resource('categories', 'promotion categories', {
    body: OpsCategoryBodySchema,
    patch: OpsCategoryPatchSchema,
    row: OpsCategorySchema,
  });

  app.get(
    `${BASE}/promotion-applications`,
    {
      config: { permission: 'content.read' },
      schema: {
        tags,
        summary: 'Promotion applications, newest first (by promotion and status when given)',
        querystring: OpsApplicationsQuerySchema,
        response: okSchema(OpsApplicationListSchema),
      },
    },
    async (request) => ok(await contentOps.applications(request.query)),
  );

  app.patch(
    `${BASE}/promotion-applications/:id`,
    {
      config: { permission: 'content.write' },
      schema: {
        tags,
        summary: 'Approve or reject a promotion application',
        params: OpsIdParamsSchema,
        body: OpsApplicationPatchSchema,
        response: okSchema(OpsApplicationSchema),
      },
    },
    async (request) =>
      ok(
        await contentOps.setApplicationStatus(
          request.params.id,
          request.body.status,
          auditTrailOf(request),
        ),
      ),
  );
};
