/** Searching the audit trail and exporting it as CSV (audit.read). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditCsvQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
} from '@khela/contract/backoffice/operators';
import { OPS_PREFIX } from '@khela/contract/ops';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';
import { auditCsv } from './audit-csv';

export const auditRoutes: FastifyPluginAsyncZod<{ opsToken: string }> = async (
  app,
  { opsToken },
) => {
  const { audit } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  const tags = ['operator'];

  app.get(
    `${OPS_PREFIX}/audit`,
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'The audit trail, newest first; `before` pages to older events',
        querystring: AuditQuerySchema,
        response: okSchema(AuditPageSchema),
      },
    },
    async (request) => ok(await audit.search(request.query)),
  );

  app.get(
    `${OPS_PREFIX}/audit.csv`,
    {
      config: { permission: 'audit.read' },
      schema: {
        tags,
        summary: 'The audit trail as CSV (same filters, newest first, up to 10,000 rows)',
        querystring: AuditCsvQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = auditCsv(await audit.export(request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(csv);
    },
  );
};
