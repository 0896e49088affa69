/**
 * The game vendor registry as an operator runs it: a vendor added by configuration (its code, its
 * secret, its game page) calls the wallet and its games launch; disabled, its calls are refused
 * and its games do not open; a rotated secret replaces the old one at once, in every process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rowsOf } from '../../db/client';
import type { DatabaseHandle } from '../../db/client';
import type { CacheStore } from '../../providers/cache/cache-store';
import { withToken } from '../../../test/factories';
import { freshCache, freshDatabase, opsHeaders, testConfig } from '../../../test/test-app';
import { fundedMember, gameOf, openGameSession, vendorCall } from './game-wallet.test-kit';

/** Two server processes on one database and one cache store, as in production. */
let a: FastifyInstance;
let b: FastifyInstance;
let database: DatabaseHandle;
let cache: CacheStore;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'khela-vendors-'));
  const config = testConfig({ dataDir });
  ({ database, drop } = await freshDatabase(config));
  cache = freshCache();
  a = await buildApp(config, { database, cache });
  b = await buildApp(config, { database, cache });
  await Promise.all([a.ready(), b.ready()]);
}, 60_000);

afterAll(async () => {
  await a.close();
  await b.close();
  await cache.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

const VENDORS = '/ops/api/game/vendors';
const ACME_SECRET = 'acme-shared-secret-0123456789abcdefghij';

const ops = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: opsHeaders(), ...(payload ? { payload } : {}) });

const launch = (app: FastifyInstance, token: string, nodeId: bigint) =>
  app.inject({
    url: `/wps/game/launchGame?nodeId=${nodeId}&language=EN`,
    headers: withToken(token),
  });

/** A player with a game session opened for vendor `provider` (as its launch would open it). */
async function playerOf(app: FastifyInstance, provider: string) {
  const member = await fundedMember(app, 100_00);
  const { token } = await openGameSession(app, member.memberId, { provider });
  return { ...member, gameToken: token };
}

describe('game vendor registry: operator API', () => {
  it('needs the operator token', async () => {
    const anonymous = await a.inject({ url: VENDORS });
    expect(anonymous.statusCode).toBe(401);
    const added = await a.inject({
      method: 'POST',
      url: VENDORS,
      payload: { code: 'NOPE', name: 'Nope', launchUrl: 'https://games.example/play' },
    });
    expect(added.statusCode).toBe(401);
    const list = (await ops(a, 'GET', VENDORS)).json().value.list;
    expect(list.map((v: { code: string }) => v.code)).not.toContain('NOPE');
  });

  it('adds a vendor, lists it without its secret, and refuses a taken code or a bad page', async () => {
    const added = await ops(a, 'POST', VENDORS, {
      code: 'ACME',
      name: 'Acme Games',
      launchUrl: 'https://games.acme.example/lobby/play',
      secret: ACME_SECRET,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().value).toMatchObject({
      code: 'ACME',
      walletProtocol: 'seamless-v1',
      enabled: true,
      secret: ACME_SECRET,
    });

    const listed = (await ops(b, 'GET', VENDORS)).json().value.list;
    const acme = listed.find((v: { code: string }) => v.code === 'ACME');
    expect(acme).toMatchObject({
      name: 'Acme Games',
      launchUrl: 'https://games.acme.example/lobby/play',
    });
    expect(acme).not.toHaveProperty('secret');
    // Our own pages, made at first start; the demo vendor, put in by the demo seed.
    expect(listed.map((v: { code: string }) => v.code)).toEqual(
      expect.arrayContaining(['BGS', 'LOTTERY', 'DEMO']),
    );

    const again = await ops(a, 'POST', VENDORS, {
      code: 'ACME',
      name: 'Acme again',
      launchUrl: 'https://other.example/play',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('game.vendorExists');

    const badPage = await ops(a, 'POST', VENDORS, {
      code: 'BADPAGE',
      name: 'Bad page',
      launchUrl: 'javascript:alert(1)',
    });
    expect(badPage.statusCode).toBe(400);
    const shortSecret = await ops(a, 'POST', VENDORS, {
      code: 'SHORT',
      name: 'Short secret',
      launchUrl: 'https://short.example/play',
      secret: 'guessable',
    });
    expect(shortSecret.statusCode).toBe(400);
    const codes = (await ops(a, 'GET', VENDORS))
      .json()
      .value.list.map((v: { code: string }) => v.code);
    expect(codes).not.toContain('BADPAGE');
    expect(codes).not.toContain('SHORT');

    const unknown = await ops(a, 'PATCH', `${VENDORS}/NOBODY`, { enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('game.vendorNotFound');
  });

  it('makes a secret when none is given, answered once', async () => {
    const added = (
      await ops(a, 'POST', VENDORS, {
        code: 'MADE',
        name: 'Made secret',
        launchUrl: 'https://made.example/play',
      })
    ).json().value;
    expect(added.secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const p = await playerOf(b, 'MADE');
    const call = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'MADE', secret: added.secret },
    );
    expect(call.statusCode).toBe(200);
  });
});

describe('game vendor registry: the wallet and the launch follow it', () => {
  it('lets a vendor added by configuration call the wallet with its own secret, in every process', async () => {
    // ACME was added through process A; process B verifies its calls.
    const p = await playerOf(b, 'ACME');
    const balance = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(balance.statusCode).toBe(200);
    expect(balance.json().value.balance).toBe(100_00);
    const bet = await vendorCall(
      b,
      'bet',
      {
        token: p.gameToken,
        txId: 'acme-tx-1',
        roundId: 'acme-r-1',
        amount: 10_00,
        currency: 'BDT',
      },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(bet.statusCode).toBe(200);
    expect(bet.json().value.balance).toBe(90_00);

    // Another vendor's secret does not sign for ACME.
    const forged = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: 'test-demo-vendor-secret-0123456789abcdef' },
    );
    expect(forged.statusCode).toBe(401);
  });

  it("opens the games of a catalogue vendor it serves on the vendor's page", async () => {
    await database.db.execute(
      sql`update vendors set served_by = 'ACME', updated_at = now() where code = 'FC'`,
    );
    await Promise.all([a.services.games.reload(true), b.services.games.reload(true)]);
    const member = await fundedMember(b, 10_00);
    const game = await gameOf(b, 'FC');
    const res = await launch(b, member.token, game.id);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    const url = new URL(value.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://games.acme.example/lobby/play');
    expect(url.searchParams.get('token')).toBe(value.token);
    expect(url.searchParams.get('game')).toBe(game.gameCode);
    // The session it opened is ACME's: ACME's secret reads the balance.
    const balance = await vendorCall(
      b,
      'balance',
      { token: value.token },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(balance.json().value.balance).toBe(10_00);

    // The site may frame the vendor's page (and no page of a vendor it does not know).
    const home = await b.inject({ url: '/m/' });
    const csp = String(home.headers['content-security-policy']);
    expect(csp).toMatch(/frame-src 'self'[^;]* https:\/\/games\.acme\.example/);
  });

  it("refuses a disabled vendor's calls and does not open its games, in every process at once", async () => {
    const p = await playerOf(b, 'ACME');
    const member = await fundedMember(b, 10_00);
    const game = await gameOf(b, 'FC');
    const sessionsBefore = await sessionCount();

    const disabled = await ops(a, 'PATCH', `${VENDORS}/ACME`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().value.enabled).toBe(false);

    const call = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(call.statusCode).toBe(401);
    expect(call.json().errorCode).toBe('vendor.badSignature');
    const refused = await launch(b, member.token, game.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('game.launchUnavailable');
    // No session was opened for a game that did not open.
    expect(await sessionCount()).toBe(sessionsBefore);
    const csp = String((await b.inject({ url: '/m/' })).headers['content-security-policy']);
    expect(csp).not.toContain('games.acme.example');

    const enabled = await ops(a, 'PATCH', `${VENDORS}/ACME`, { enabled: true });
    expect(enabled.json().value.enabled).toBe(true);
    const back = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(back.statusCode).toBe(200);
    expect((await launch(b, member.token, game.id)).statusCode).toBe(200);
  });

  it('changes a vendor\u2019s page: the next launch opens the new one', async () => {
    const changed = await ops(a, 'PATCH', `${VENDORS}/ACME`, {
      launchUrl: 'https://play.acme.example/v2',
      name: 'Acme Games v2',
    });
    expect(changed.json().value).toMatchObject({
      name: 'Acme Games v2',
      launchUrl: 'https://play.acme.example/v2',
    });
    const member = await fundedMember(b, 10_00);
    const value = (await launch(b, member.token, (await gameOf(b, 'FC')).id)).json().value;
    expect(new URL(value.url).origin).toBe('https://play.acme.example');
  });

  it('rotates a secret: the old one stops verifying at once in every process, the new one works', async () => {
    const p = await playerOf(b, 'ACME');
    const given = 'acme-rotated-secret-abcdefghij0123456789';
    const rotated = await ops(a, 'POST', `${VENDORS}/ACME/secret`, { secret: given });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().value.secret).toBe(given);

    const old = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: ACME_SECRET },
    );
    expect(old.statusCode).toBe(401);
    const fresh = await vendorCall(
      b,
      'balance',
      { token: p.gameToken },
      { provider: 'ACME', secret: given },
    );
    expect(fresh.statusCode).toBe(200);

    // Without a secret given, a new random one.
    const made = (await ops(a, 'POST', `${VENDORS}/ACME/secret`, {})).json().value.secret;
    expect(made).not.toBe(given);
    expect(
      (await vendorCall(b, 'balance', { token: p.gameToken }, { provider: 'ACME', secret: given }))
        .statusCode,
    ).toBe(401);
    expect(
      (await vendorCall(b, 'balance', { token: p.gameToken }, { provider: 'ACME', secret: made }))
        .statusCode,
    ).toBe(200);
  });
});

async function sessionCount() {
  const result = await database.db.execute(sql`select count(*)::int as n from game_sessions`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}
