/**
 * The operator's Prometheus metrics: every answer timed by route pattern and status, game
 * vendors' wallet calls and rate-limit refusals counted, and the process's instruments
 * (lib/metrics.ts) served with the site's stored figures (site-figures.ts).
 *
 * Served on a listener of their own (METRICS_HOST:METRICS_PORT, loopback by default), never on the
 * public port: a scrape reads the database and names routes and volumes a player has no business
 * seeing. /ops/metrics serves the same text behind the operator token (metrics-ops.routes.ts) for
 * a site whose Prometheus can only reach the public address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { VENDOR_PROVIDER_HEADER } from '@khela/contract/vendor-wallet';
import type { DatabaseHandle } from '../db/client';
import {
  httpRequestDuration,
  processMetrics,
  rateLimitRefusals,
  vendorWalletCalls,
} from '../lib/metrics';
import { addSiteFigures, SiteFigures } from './site-figures';

/** The route label of a request no route matched: never its path, which a client chose. */
const UNMATCHED = '(unmatched)';
const VENDOR_ROUTES = '/wps/vendor/';
/**
 * Answers given before the vendor's signature was checked (a bad signature, an unreadable body):
 * their provider header is whatever the caller wrote, so it is not a label.
 */
const BEFORE_SIGNATURE = new Set([400, 401, 413, 415]);
const PROVIDER_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export interface MetricsText {
  contentType: string;
  text: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a module adds figures read at scrape time (see site-figures.ts). */
    siteFigures: SiteFigures;
    /** The metrics text a scrape answers. */
    metricsText(): Promise<MetricsText>;
    /** The metrics listener's address once listening (METRICS_PORT set), else undefined. */
    metricsAddress(): AddressInfo | undefined;
  }
}

function vendorOf(request: FastifyRequest, status: number): string {
  const code = request.headers[VENDOR_PROVIDER_HEADER];
  if (BEFORE_SIGNATURE.has(status) || typeof code !== 'string' || !PROVIDER_CODE.test(code)) {
    return 'unverified';
  }
  // Signed with a registered provider's secret: one of a short list of codes.
  return code;
}

export const metricsPlugin = fp<{
  database: DatabaseHandle;
  /** Where the metrics listener listens; none without a port. */
  listen: { host: string; port: number | undefined };
}>(async (app, { database, listen }) => {
  const figures = new SiteFigures(app.log);
  addSiteFigures(figures, database);
  app.decorate('siteFigures', figures);
  app.decorate('metricsText', async () => {
    const merged = Registry.merge([processMetrics, figures.registry]);
    return { contentType: merged.contentType, text: await merged.metrics() };
  });

  app.addHook(
    'onResponse',
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const status = reply.statusCode;
      httpRequestDuration.observe(
        { method: request.method, route, status },
        reply.elapsedTime / 1000,
      );
      if (status === 429) rateLimitRefusals.inc({ route });
      if (route.startsWith(VENDOR_ROUTES)) {
        vendorWalletCalls.inc({
          vendor: vendorOf(request, status),
          operation: route.slice(VENDOR_ROUTES.length),
          status,
        });
      }
      done();
    },
  );

  let server: Server | undefined;
  const port = listen.port;
  if (port !== undefined) {
    app.addHook('onReady', async () => {
      server = await serveMetrics(() => app.metricsText(), listen.host, port);
      const { address, port: bound } = server.address() as AddressInfo;
      app.log.info({ address, port: bound }, 'metrics listening at /metrics');
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    });
  }
  app.decorate('metricsAddress', () => server?.address() as AddressInfo | undefined);
});

/** A plain HTTP listener answering GET /metrics and nothing else. */
async function serveMetrics(
  read: () => Promise<MetricsText>,
  host: string,
  port: number,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    read().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
