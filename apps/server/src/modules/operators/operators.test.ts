import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CSRF_HEADER,
  OPS_AUTH_PATHS,
  OPERATOR_LOCKOUT,
  type OperatorCredentials,
} from '@khela/contract/backoffice/operators';
import { rowsOf } from '../../db/client';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import {
  createOperator,
  loginOperator,
  sessionCookieFrom,
  signInOperator,
  TEST_OPERATOR_PASSWORD,
} from './operators.test-kit';
import { OWNER_CREDENTIALS_FILE } from './operators.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operator console sign-in', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const fakeDate = (at: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  };

  const me = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: OPS_AUTH_PATHS.me, headers });

  it('first start makes an owner whose credentials only the server user can read', async () => {
    const file = path.join(t.config.dataDir, OWNER_CREDENTIALS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const owner = JSON.parse(await readFile(file, 'utf8')) as OperatorCredentials;
    expect(owner).toMatchObject({
      username: 'owner',
      otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    const res = await loginOperator(t.app, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      operator: { username: 'owner', role: 'owner' },
      mustChangePassword: true,
    });
  });

  it('signs in with password and TOTP, sets a strict HttpOnly cookie, and asks for a new password first', async () => {
    const credentials = await createOperator(t.app, 'finance', 'farida');
    expect(credentials).toMatchObject({
      username: 'farida',
      totpSecret: expect.stringMatching(/^[A-Z2-7]+$/),
    });
    const login = await loginOperator(t.app, credentials);
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/^khela_ops=[\w-]+; Path=\/ops; HttpOnly; SameSite=Strict$/);
    const session = login.json().value;
    expect(session).toMatchObject({
      operator: {
        username: 'farida',
        role: 'finance',
        permissions: expect.arrayContaining(['money.decide']),
      },
      mustChangePassword: true,
      csrfToken: expect.any(String),
    });
    const headers = {
      cookie: sessionCookieFrom(login.headers['set-cookie']),
      [CSRF_HEADER]: session.csrfToken,
    };

    const meAnswer = await me(headers);
    expect(meAnswer.json().value).toEqual(session);
    // Until the one-time password is changed, only the auth routes answer.
    const early = await t.app.inject({
      method: 'GET',
      url: '/ops/api/wallet/withdrawals',
      headers,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().errorCode).toBe('ops.passwordChangeRequired');

    const weak = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_PATHS.password,
      headers,
      payload: { current: credentials.password, next: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_PATHS.password,
      headers,
      payload: { current: 'not-it-at-all', next: TEST_OPERATOR_PASSWORD },
    });
    expect(wrong.json().errorCode).toBe('ops.passwordWrong');
    const changed = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_PATHS.password,
      headers,
      payload: { current: credentials.password, next: TEST_OPERATOR_PASSWORD },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().value.mustChangePassword).toBe(false);
    const list = await t.app.inject({ method: 'GET', url: '/ops/api/wallet/withdrawals', headers });
    expect(list.statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: OPS_AUTH_PATHS.logout, headers });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^khela_ops=; Max-Age=0;/);
    expect((await me(headers)).statusCode).toBe(401);
  });

  it('refuses a wrong password, a wrong code and a code already used, without saying which', async () => {
    const credentials = await createOperator(t.app, 'support');
    const now = Date.now();
    const wrongPassword = await loginOperator(
      t.app,
      { ...credentials, password: 'nope-nope-nope' },
      now,
    );
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().errorCode).toBe('ops.loginFailed');
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_PATHS.login,
      payload: { username: credentials.username, password: credentials.password, totp: '123456' },
    });
    expect(wrongCode.json().errorCode).toBe('ops.loginFailed');
    const unknown = await loginOperator(t.app, { ...credentials, username: 'nobody-here' }, now);
    expect(unknown.json().errorCode).toBe('ops.loginFailed');

    expect((await loginOperator(t.app, credentials, now)).statusCode).toBe(200);
    const replayed = await loginOperator(t.app, credentials, now);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errorCode).toBe('ops.loginFailed');

    const rows = await t.database.db.execute(
      sql`select outcome, detail from operator_logins where username = ${credentials.username} order by id`,
    );
    expect(rowsOf(rows)).toEqual([
      { outcome: 'failed', detail: 'password' },
      { outcome: 'failed', detail: 'totp' },
      { outcome: 'ok', detail: null },
      { outcome: 'failed', detail: 'replay' },
    ]);
  });

  it('locks an operator out after repeated failures, for a while', async () => {
    const credentials = await createOperator(t.app, 'content');
    const start = Date.now();
    fakeDate(start);
    for (let i = 1; i < OPERATOR_LOCKOUT.failures; i += 1) {
      const res = await loginOperator(t.app, { ...credentials, password: `wrong-${i}-password` });
      expect(res.json().errorCode).toBe('ops.loginFailed');
    }
    const last = await loginOperator(t.app, { ...credentials, password: 'wrong-again-password' });
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({
      errorCode: 'ops.lockedOut',
      data: { retryAfterSeconds: OPERATOR_LOCKOUT.minutes * 60 },
    });
    // Even the right password and code wait.
    const right = await loginOperator(t.app, credentials);
    expect(right.json().errorCode).toBe('ops.lockedOut');
    const list = await t.app.inject({
      method: 'GET',
      url: '/ops/api/operators',
      headers: opsHeaders(),
    });
    expect(
      list.json().value.find((o: { username: string }) => o.username === credentials.username),
    ).toMatchObject({
      lockedOutUntil: new Date(start + OPERATOR_LOCKOUT.minutes * 60_000).toISOString(),
    });

    vi.setSystemTime(start + OPERATOR_LOCKOUT.minutes * 60_000 + 1000);
    expect((await loginOperator(t.app, credentials)).statusCode).toBe(200);
    const rows = await t.database.db.execute(
      sql`select outcome from operator_logins where username = ${credentials.username} and outcome <> 'failed' order by id`,
    );
    expect(rowsOf(rows)).toEqual([
      { outcome: 'lockedOut' },
      { outcome: 'refusedLockedOut' },
      { outcome: 'ok' },
    ]);
  });

  it('ends a session after the idle time (a setting), not while it is used', async () => {
    const start = Date.now();
    fakeDate(start);
    const op = await signInOperator(t.app, 'viewer');
    vi.setSystemTime(start + 29 * 60_000);
    expect((await me(op.headers)).statusCode).toBe(200);
    vi.setSystemTime(start + 58 * 60_000);
    expect((await me(op.headers)).statusCode).toBe(200);
    vi.setSystemTime(start + 89 * 60_000);
    const expired = await me(op.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().errorCode).toBe('ops.sessionExpired');

    // A shorter idle time set by an operator applies at once.
    const set = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/opsSessionIdleMinutes',
      headers: opsHeaders(),
      payload: { value: 5 },
    });
    expect(set.statusCode).toBe(200);
    vi.setSystemTime(start + 100 * 60_000);
    const other = await signInOperator(t.app, 'viewer');
    vi.setSystemTime(start + 106 * 60_000);
    expect((await me(other.headers)).json().errorCode).toBe('ops.sessionExpired');
    await t.app.inject({
      method: 'PUT',
      url: '/ops/api/settings/opsSessionIdleMinutes',
      headers: opsHeaders(),
      payload: { value: 30 },
    });
  });

  it("ends the operator's other sessions when the password changes", async () => {
    const start = Date.now();
    fakeDate(start);
    const op = await signInOperator(t.app, 'support');
    vi.setSystemTime(start + 31_000);
    const second = await loginOperator(t.app, op);
    expect(second.statusCode).toBe(200);
    const secondHeaders = {
      cookie: sessionCookieFrom(second.headers['set-cookie']),
      [CSRF_HEADER]: second.json().value.csrfToken,
    };
    const changed = await t.app.inject({
      method: 'POST',
      url: OPS_AUTH_PATHS.password,
      headers: secondHeaders,
      payload: { current: op.password, next: 'another-console-phrase-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(secondHeaders)).statusCode).toBe(200);
    const first = await me(op.headers);
    expect(first.statusCode).toBe(401);
    expect(first.json().errorCode).toBe('ops.sessionExpired');
  });

  it('refuses a change made with the cookie but without the CSRF token; the bearer token needs none', async () => {
    const op = await signInOperator(t.app, 'admin');
    const body = { enabled: true };
    const without = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/CBS3',
      headers: { cookie: op.cookie },
      payload: body,
    });
    expect(without.statusCode).toBe(403);
    expect(without.json().errorCode).toBe('ops.csrf');
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/CBS3',
      headers: { cookie: op.cookie, [CSRF_HEADER]: 'x'.repeat(43) },
      payload: body,
    });
    expect(wrong.json().errorCode).toBe('ops.csrf');
    const withToken = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/CBS3',
      headers: op.headers,
      payload: body,
    });
    expect(withToken.statusCode).toBe(200);
    // Reads need no token.
    const read = await t.app.inject({
      method: 'GET',
      url: '/ops/api/flags',
      headers: { cookie: op.cookie },
    });
    expect(read.statusCode).toBe(200);
    const bearer = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/CBS3',
      headers: opsHeaders(),
      payload: body,
    });
    expect(bearer.statusCode).toBe(200);
    const noSession = await t.app.inject({ method: 'GET', url: '/ops/api/flags' });
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().errorCode).toBe('ops.unauthorized');
  });
});

describe('operators management', () => {
  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => t.app.inject({ method, url, headers, payload: payload as object });

  it('lets only an owner make or change an owner, and never leaves no owner', async () => {
    const admin = await signInOperator(t.app, 'admin');
    const owner = await signInOperator(t.app, 'owner');
    const ownerOnly = await call('POST', '/ops/api/operators', admin.headers, {
      username: 'second-owner',
      role: 'owner',
    });
    expect(ownerOnly.statusCode).toBe(403);
    expect(ownerOnly.json().errorCode).toBe('operator.ownerOnly');
    expect(
      (
        await call('PATCH', `/ops/api/operators/${owner.id}`, admin.headers, { role: 'viewer' })
      ).json().errorCode,
    ).toBe('operator.ownerOnly');
    const duplicate = await call('POST', '/ops/api/operators', admin.headers, {
      username: admin.username,
      role: 'viewer',
    });
    expect(duplicate.json().errorCode).toBe('operator.exists');

    // Two owners: the first-start owner and this one. Lock the first-start one, then the last
    // owner cannot step down or be locked.
    const list = await call('GET', '/ops/api/operators', owner.headers);
    const firstOwner = list.json().value.find((o: { username: string }) => o.username === 'owner');
    expect(
      (await call('PATCH', `/ops/api/operators/${firstOwner.id}`, owner.headers, { locked: true }))
        .statusCode,
    ).toBe(200);
    const self = await call('PATCH', `/ops/api/operators/${owner.id}`, owner.headers, {
      locked: true,
    });
    expect(self.json().errorCode).toBe('operator.self');
    const demote = await call('PATCH', `/ops/api/operators/${owner.id}`, owner.headers, {
      role: 'admin',
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().errorCode).toBe('operator.lastOwner');
    const viaToken = await call('PATCH', `/ops/api/operators/${owner.id}`, opsHeaders(), {
      locked: true,
    });
    expect(viaToken.json().errorCode).toBe('operator.lastOwner');
  });

  it('locks an operator (their sessions end) and resets one with new credentials', async () => {
    const admin = await signInOperator(t.app, 'admin');
    const support = await signInOperator(t.app, 'support');
    const locked = await call('PATCH', `/ops/api/operators/${support.id}`, admin.headers, {
      locked: true,
    });
    expect(locked.json().value).toMatchObject({ username: support.username, locked: true });
    expect((await call('GET', OPS_AUTH_PATHS.me, support.headers)).statusCode).toBe(401);
    await call('PATCH', `/ops/api/operators/${support.id}`, admin.headers, { locked: false });

    const reset = await call('POST', `/ops/api/operators/${support.id}/reset`, admin.headers);
    const credentials = reset.json().value as OperatorCredentials;
    expect(credentials.totpSecret).not.toBe(support.totpSecret);
    expect((await loginOperator(t.app, { ...support })).json().errorCode).toBe('ops.loginFailed');
    const login = await loginOperator(t.app, credentials);
    expect(login.json().value.mustChangePassword).toBe(true);

    const audit = await call(
      'GET',
      `/ops/api/audit?targetType=operator&targetId=${support.id}`,
      admin.headers,
    );
    expect(
      audit
        .json()
        .value.items.map((e: { action: string; actorName: string }) => [e.action, e.actorName]),
    ).toEqual([
      ['operator.reset', admin.username],
      ['operator.update', admin.username],
      ['operator.update', admin.username],
      ['operator.passwordChange', support.username],
      ['operator.create', 'automation'],
    ]);
    expect(audit.json().value.items[2]).toMatchObject({
      before: { locked: false },
      after: { locked: true },
    });
  });
});
