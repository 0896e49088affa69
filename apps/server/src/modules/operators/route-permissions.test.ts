import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, roleMay, type OperatorRole } from '@khela/contract/operators';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { signInOperator, type SignedInOperator } from './operators.test-kit';
import { requireOperatorPermissions } from './route-permissions';

/** A path parameter's stand-in: ids and codes that exist nowhere. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_match, name: string) =>
    /id$/i.test(name) ? '999999' : 'no-such-thing',
  );

const STREAMS = new Set(['GET /ops/api/live']);
const REFUSALS = ['ops.forbidden', 'ops.unauthorized', 'ops.csrf', 'ops.passwordChangeRequired'];

describe('every operator route × every role', () => {
  let t: TestApp;
  const sessions = new Map<OperatorRole, SignedInOperator>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of OPERATOR_ROLES) sessions.set(role, await signInOperator(t.app, role));
  });
  afterAll(() => t.close());

  const call = (method: string, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });

  it('knows every operator route of every module, each with its permission', () => {
    const urls = t.app.operatorRoutes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'PUT /ops/api/flags/:name',
        'GET /ops/metrics',
        'POST /ops/api/wallet/withdrawals/:id/approve',
        'POST /ops/api/wallet/adjustments',
        'PATCH /ops/api/wallet/channels/:code',
        'GET /ops/api/wallet/payment-findings',
        'POST /ops/api/chat/conversations/:ref/messages',
        'POST /ops/api/inbox',
        'POST /ops/api/feedback/:id/answer',
        'PATCH /ops/api/games/:nodeId',
        'GET /ops/api/audit.csv',
        'POST /ops/api/operators',
      ]),
    );
    expect(urls.length).toBeGreaterThan(50);
  });

  it('refuses a role exactly the routes its permissions do not cover; the token is never refused', async () => {
    const mismatches: string[] = [];
    for (const route of t.app.operatorRoutes) {
      if (route.operatorAccess) continue;
      // An event stream answers an allowed caller for ever; reports.test.ts reads it over a real
      // connection (every role holds its permission, dashboard.read).
      if (STREAMS.has(`${route.method} ${route.url}`)) continue;
      const permission = route.permission!;
      const automation = await call(route.method, route.url, opsHeaders());
      // The token holds every permission; a rule of the route itself may still refuse it (the
      // token never gives an adjustment its second approval), but never the guard.
      const automationCode =
        automation.statusCode === 200 ? null : automation.json<{ errorCode?: string }>().errorCode;
      if (REFUSALS.includes(automationCode ?? '')) {
        mismatches.push(`automation ${route.method} ${route.url}: ${automation.statusCode}`);
      }
      for (const role of OPERATOR_ROLES) {
        const res = await call(route.method, route.url, sessions.get(role)!.headers);
        const code =
          res.statusCode === 200 ? null : (res.json<{ errorCode?: string }>().errorCode ?? null);
        const refused = res.statusCode === 403 && code === 'ops.forbidden';
        const allowed = roleMay(role, permission);
        if (allowed ? REFUSALS.includes(code ?? '') || res.statusCode === 401 : !refused) {
          mismatches.push(
            `${role} ${route.method} ${route.url} (${permission}): ${res.statusCode} ${code}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('an operator route without a permission', () => {
  it('stops the server from starting', async () => {
    const app = Fastify();
    requireOperatorPermissions(app);
    expect(() => app.get('/ops/api/forgotten', async () => 'open to all')).toThrow(
      /GET \/ops\/api\/forgotten declares no config\.permission/,
    );
    app.get('/wps/elsewhere', async () => 'not an operator route');
    app.get('/ops/api/declared', { config: { permission: 'dashboard.read' } }, async () => 'ok');
    expect(app.operatorRoutes.map((route) => route.url)).toEqual(['/ops/api/declared']);
    await app.close();
  });
});
