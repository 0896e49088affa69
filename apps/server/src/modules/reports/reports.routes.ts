/**
 * The back office's figures under /ops/api: the dashboard, the reports (JSON, or CSV with
 * `?format=csv`) and the live queue counters (Server-Sent Events).
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CashflowQuerySchema,
  CashflowReportSchema,
  DashboardSchema,
  GgrQuerySchema,
  GgrReportSchema,
  LIVE_COUNTERS_EVENT,
  REPORT_MAX_DAYS,
  REPORT_PATHS,
  RegistrationMembersQuerySchema,
  RegistrationMembersSchema,
  RegistrationsQuerySchema,
  RegistrationsReportSchema,
  type QueueCounts,
} from '@khela/contract/backoffice/reports';
import { ok, okSchema } from '../../lib/envelope';
import { operatorGuard } from '../ops/operator-guard';
import type { CsvFile } from './reports.service';
import type { LiveCounters } from './live-counters';

const sendCsv = (reply: FastifyReply, file: CsvFile) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(typeof file.csv === 'string' ? file.csv : Readable.from(file.csv));

const RANGE = `\`from\` and \`to\` are days (YYYY-MM-DD) on the site's clock (Asia/Dhaka), both included; default the last 30 days; \`from\` after \`to\` is 400 reports.rangeReversed, more than ${REPORT_MAX_DAYS} days 400 reports.rangeTooLong. \`format=csv\` answers a CSV download (text/csv, UTF-8 with a BOM) instead of JSON.`;

export const reportsRoutes: FastifyPluginAsyncZod<{
  opsToken: string;
  live: LiveCounters;
}> = async (app, { opsToken, live }) => {
  const { reports } = app.services;
  app.addHook('onRequest', operatorGuard(opsToken));
  const tags = ['operator', 'reports'];
  const security = [{ operator: [] }];

  app.get(
    REPORT_PATHS.dashboard,
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        security,
        summary: "The dashboard's figures: periods, the last 48 hours and 30 days, the queues",
        description:
          'From the summary tables, a few seconds behind the money (`dataUpTo`). Deposits and withdrawals are the paid ones, by the day they were asked for.',
        response: okSchema(DashboardSchema),
      },
    },
    async () => ok(await reports.dashboard()),
  );

  app.get(
    REPORT_PATHS.ggr,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary: 'GGR (bets − wins) by day, game vendor or category',
        description: RANGE,
        querystring: GgrQuerySchema,
        response: okSchema(GgrReportSchema),
      },
    },
    async (request, reply) => {
      const report = await reports.ggr(request.query);
      return request.query.format === 'csv' ? sendCsv(reply, reports.ggrCsv(report)) : ok(report);
    },
  );

  app.get(
    REPORT_PATHS.cashflow,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary: 'Deposits and withdrawals asked for in the range, by channel and state now',
        description: RANGE,
        querystring: CashflowQuerySchema,
        response: okSchema(CashflowReportSchema),
      },
    },
    async (request, reply) => {
      const report = await reports.cashflow(request.query);
      return request.query.format === 'csv'
        ? sendCsv(reply, reports.cashflowCsv(report))
        : ok(report);
    },
  );

  app.get(
    REPORT_PATHS.registrations,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary: 'Members by registration day, and how many of them have made a first deposit',
        description: RANGE,
        querystring: RegistrationsQuerySchema,
        response: okSchema(RegistrationsReportSchema),
      },
    },
    async (request, reply) => {
      const report = await reports.registrations(request.query);
      return request.query.format === 'csv'
        ? sendCsv(reply, reports.registrationsCsv(report))
        : ok(report);
    },
  );

  app.get(
    REPORT_PATHS.registrationMembers,
    {
      config: { permission: 'reports.read' },
      schema: {
        tags,
        security,
        summary:
          'The players who registered in the range: username, when, how, and their first deposit',
        description: `${RANGE} Newest first, \`limit\` (1–200, default 50) a page, \`before\` the previous page's \`nextBefore\`; the CSV has every player in the range (no paging). Trial and guest accounts are left out.`,
        querystring: RegistrationMembersQuerySchema,
        response: okSchema(RegistrationMembersSchema),
      },
    },
    async (request, reply) =>
      request.query.format === 'csv'
        ? sendCsv(reply, reports.registrationMembersCsv(request.query))
        : ok(await reports.registrationMembers(request.query)),
  );

  // Open streams, ended before the server closes (otherwise close would wait for them).
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    REPORT_PATHS.live,
    {
      config: { permission: 'dashboard.read' },
      schema: {
        tags,
        security,
        summary: 'Live queue counters (Server-Sent Events)',
        description:
          '`text/event-stream`: `event: counters` with the queue counts as JSON, at once, whenever a queue changes on any server process, and at least every 15 s.',
      },
    },
    async (request, reply) => {
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let ended = false;
      const send = (counts: QueueCounts) => {
        if (!ended) raw.write(`event: ${LIVE_COUNTERS_EVENT}\ndata: ${JSON.stringify(counts)}\n\n`);
      };
      const stopListening = live.listen(send);
      const end = () => {
        if (ended) return;
        ended = true;
        stopListening();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      request.raw.on('close', end);
      raw.on('close', end);
      // Tell the browser how soon to come back after a drop.
      raw.write('retry: 3000\n\n');
      try {
        send(await live.current());
      } catch (error) {
        request.log.warn({ err: error }, 'live counters unavailable');
      }
    },
  );
};
