import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ops = (method: 'GET' | 'PUT', url: string, payload?: unknown, headers = opsHeaders()) =>
  t.app.inject({ method, url: `/ops/api${url}`, headers, ...(payload ? { payload } : {}) });

describe('operator API authentication', () => {
  it('refuses calls without the operator token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ops/api/flags' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('ops.unauthorized');
  });

  it('refuses a wrong token and changes nothing', async () => {
    const res = await ops(
      'PUT',
      '/flags/CBS3',
      { enabled: false },
      { authorization: 'Bearer nope' },
    );
    expect(res.statusCode).toBe(401);
    expect(t.app.services.settings.flag('CBS3')).toBe(true);
  });
});

describe('flags', () => {
  it('lists every white-label flag with its state', async () => {
    const flags = (await ops('GET', '/flags')).json().value;
    expect(flags).toEqual(
      expect.arrayContaining([{ name: 'REWCEN3', enabled: true, about: 'Reward centre' }]),
    );
  });

  it('switches a flag and the status call shows it at once', async () => {
    expect((await ops('PUT', '/flags/REWCEN3', { enabled: false })).json().value.enabled).toBe(
      false,
    );
    const status = (await t.app.inject({ url: '/wps/system/status' })).json().value;
    expect(status.info.whitelabel.REWCEN3).toBe(false);
    await ops('PUT', '/flags/REWCEN3', { enabled: true });
  });

  it('rejects an unknown flag name and a non-boolean state', async () => {
    expect((await ops('PUT', '/flags/NOPE3', { enabled: true })).statusCode).toBe(400);
    const res = await ops('PUT', '/flags/CBS3', { enabled: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('enabled');
  });
});

describe('settings', () => {
  it('reads every setting with its default', async () => {
    const all = (await ops('GET', '/settings')).json().value;
    expect(all).toEqual(expect.arrayContaining([{ name: 'maintenance', value: false }]));
    expect((await ops('GET', '/settings/merchant')).json().value.value.currency).toBe('BDT');
  });

  it('refuses a value that breaks the setting schema and keeps the old one', async () => {
    const res = await ops('PUT', '/settings/merchant', { value: { code: 'X' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.fields)).toContain('value.currency');
    expect((await ops('GET', '/settings/merchant')).json().value.value.code).toBe('KHELA');
  });

  it('answers 404 for an unknown setting', async () => {
    expect((await ops('GET', '/settings/nothing')).statusCode).toBe(404);
    expect((await ops('PUT', '/settings/nothing', { value: 1 })).statusCode).toBe(404);
  });

  it('rejects a body with extra fields', async () => {
    const res = await ops('PUT', '/settings/maintenance', { value: true, extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('extra');
    expect(t.app.services.settings.get('maintenance')).toBe(false);
  });
});

describe('outbox', () => {
  it('is empty on a new site and lists messages newest first with their delivery, filtered by recipient and state', async () => {
    expect((await ops('GET', '/outbox')).json().value).toEqual([]);
    const { outbox } = t.app.services;
    await outbox.send({ channel: 'sms', to: '+8801711111111', text: 'Your code is 123456' });
    await outbox.send({
      channel: 'email',
      to: 'a@example.com',
      subject: 'Password reset',
      text: 'Reset link',
    });
    await outbox.kick();
    const all = (await ops('GET', '/outbox')).json().value;
    expect(all.map((m: { to: string }) => m.to)).toEqual(['a@example.com', '+8801711111111']);
    const one = (await ops('GET', '/outbox?to=%2B8801711111111')).json().value;
    expect(one).toHaveLength(1);
    // No provider configured: delivered by staying in the outbox.
    expect(one[0]).toMatchObject({
      channel: 'sms',
      body: 'Your code is 123456',
      state: 'sent',
      attempts: 1,
      provider: 'outbox',
      lastError: null,
    });
    expect((await ops('GET', '/outbox?state=queued')).json().value).toEqual([]);
    expect((await ops('GET', '/outbox?state=sent')).json().value).toHaveLength(2);
    expect((await ops('GET', '/outbox/stats')).json().value).toEqual({
      queued: 0,
      oldestQueuedSeconds: null,
      sentLastHour: 2,
      failedLastDay: 0,
    });
  });

  it('refuses an unknown state filter', async () => {
    expect((await ops('GET', '/outbox?state=lost')).statusCode).toBe(400);
  });
});
