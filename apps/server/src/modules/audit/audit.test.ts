import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@khela/contract/backoffice/operators';
import { rowsOf } from '../../db/client';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { signInOperator, type SignedInOperator } from '../operators/operators.test-kit';
import {
  addTestChannels,
  fund,
  GOOD_NUMBER,
  memberId,
  TEST_CHANNEL,
} from '../withdrawals/withdrawals.fixtures';
import { csvCell } from './audit-csv';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('audit trail', () => {
  it('keeps who did what, from where, before and after', async () => {
    await t.app.services.audit.record(
      t.database.db,
      {
        actor: { kind: 'operator', id: '7', username: 'farida', role: 'finance' },
        ip: '203.0.113.9',
        requestId: 'r-1',
      },
      {
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: '42',
        before: { state: 'pending' },
        after: { state: 'approved' },
      },
    );
    const rows = await t.database.db.execute(
      sql`select actor_kind, operator_id::text as operator_id, actor_name, ip, action, target_id, before, after from audit_events`,
    );
    expect(rowsOf(rows)).toEqual([
      {
        actor_kind: 'operator',
        operator_id: '7',
        actor_name: 'farida',
        ip: '203.0.113.9',
        action: 'withdrawal.approve',
        target_id: '42',
        before: { state: 'pending' },
        after: { state: 'approved' },
      },
    ]);
  });

  it('refuses to change or delete a row, even to the database user', async () => {
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(
      t.database.db.execute(sql`update audit_events set actor_name = 'someone'`),
    ).rejects.toMatchObject(refused);
    await expect(t.database.db.execute(sql`delete from audit_events`)).rejects.toMatchObject(
      refused,
    );
    const rows = await t.database.db.execute(sql`select actor_name from audit_events`);
    expect(rowsOf(rows)).toEqual([{ actor_name: 'farida' }]);
  });
});

describe('operator changes in the audit trail', () => {
  let admin: SignedInOperator;
  let finance: SignedInOperator;
  beforeAll(async () => {
    admin = await signInOperator(t.app, 'admin', 'amina');
    finance = await signInOperator(t.app, 'finance', 'farhan');
    await addTestChannels(t.app);
  });

  const as = (
    op: SignedInOperator,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) => t.app.inject({ method, url, headers: op.headers, payload: payload as object });
  const trail = async (query: string, op = admin) => {
    const res = await as(op, 'GET', `/ops/api/audit?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().value as AuditPage;
  };

  it('records a flag change with who, from where, before and after', async () => {
    const was = t.app.services.settings.flagList().find((f) => f.name === 'CBS3')!.enabled;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/ops/api/flags/CBS3',
      headers: { ...admin.headers, 'x-forwarded-for': '198.51.100.7' },
      payload: { enabled: !was },
    });
    expect(res.statusCode).toBe(200);
    const { items } = await trail('action=flag.set&targetId=CBS3');
    expect(items[0]).toMatchObject({
      actorKind: 'operator',
      operatorId: admin.id,
      actorName: 'amina',
      ip: expect.any(String),
      action: 'flag.set',
      targetType: 'flag',
      targetId: 'CBS3',
      before: { enabled: was },
      after: { enabled: !was },
    });
  });

  it('names the operator who approved a withdrawal, in the withdrawal and in the trail', async () => {
    const made = await createMember(t.app);
    const id = await memberId(t.app, made.username);
    await fund(t.app, id, 100_000);
    const headers = withToken(made.token);
    const payee = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/payees?language=EN',
      headers,
      payload: {
        channelCode: TEST_CHANNEL,
        accountName: 'Rahim Uddin',
        accountNumber: GOOD_NUMBER,
        password: made.password,
      },
    });
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/wps/wallet/withdrawals?language=EN',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { payeeId: payee.json().value.id, amountMinor: 40_000 },
    });
    const withdrawalId = withdrawal.json().value.withdrawal.id as string;
    const approved = await as(
      finance,
      'POST',
      `/ops/api/wallet/withdrawals/${withdrawalId}/approve`,
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'paid', decidedBy: 'farhan' });
    const { items } = await trail(`targetType=withdrawal&targetId=${withdrawalId}`);
    expect(items).toMatchObject([
      {
        actorName: 'farhan',
        action: 'withdrawal.approve',
        before: { status: 'pending' },
        after: { status: 'paid', decidedBy: 'farhan' },
      },
    ]);
  });

  it('records an adjustment once, with its reason, however often it is retried', async () => {
    const made = await createMember(t.app);
    const body = {
      username: made.username,
      amountMinor: 2_500,
      reason: 'goodwill',
      key: randomUUID(),
    };
    for (let i = 0; i < 2; i += 1) {
      expect((await as(finance, 'POST', '/ops/api/wallet/adjustments', body)).statusCode).toBe(200);
    }
    const { items } = await trail(`action=member.adjust&targetId=${made.username}`);
    expect(items).toMatchObject([
      {
        actorName: 'farhan',
        targetType: 'member',
        after: { amountMinor: 2_500, state: 'approved' },
        reason: 'goodwill',
      },
    ]);
    // The token's changes are the automation actor's.
    await t.app.inject({
      method: 'POST',
      url: '/ops/api/wallet/adjustments',
      headers: opsHeaders(),
      payload: { ...body, key: randomUUID(), amountMinor: -500 },
    });
    const both = await trail(`action=member.&targetId=${made.username}`);
    expect(both.items.map((e) => [e.actorKind, e.actorName])).toEqual([
      ['automation', 'automation'],
      ['operator', 'farhan'],
    ]);
  });

  it('pages newest first, filters by actor and time, and refuses roles without audit.read', async () => {
    for (const name of ['REWCEN3', 'CBS3', 'REWCEN3']) {
      await t.app.inject({
        method: 'PUT',
        url: `/ops/api/flags/${name}`,
        headers: opsHeaders(),
        payload: { enabled: true },
      });
    }
    const first = await trail('actor=automation&action=flag.set&limit=2');
    expect(first.items.map((e) => e.targetId)).toEqual(['REWCEN3', 'CBS3']);
    expect(first.nextBefore).toBe(first.items[1]!.id);
    const second = await trail(
      `actor=automation&action=flag.set&limit=2&before=${first.nextBefore}`,
    );
    expect(second.items.map((e) => e.targetId)).toEqual(['REWCEN3']);
    expect(second.nextBefore).toBeNull();
    const future = await trail(
      `from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(future.items).toEqual([]);

    const viewer = await signInOperator(t.app, 'viewer');
    const refused = await as(viewer, 'GET', '/ops/api/audit');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('ops.forbidden');
    expect((await as(finance, 'GET', '/ops/api/audit.csv')).statusCode).toBe(200);
  });

  it('exports CSV that a spreadsheet reads as text, never as a formula', async () => {
    await as(admin, 'POST', '/ops/api/inbox', {
      username: (await createMember(t.app)).username,
      title: '=HYPERLINK("http://evil.example","click")',
      body: 'line one\nline "two", three',
    });
    const res = await as(admin, 'GET', '/ops/api/audit.csv?action=inbox.send');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit.csv"');
    const [header, row] = res.body.split('\r\n');
    expect(header).toBe(
      'id,at,actorKind,actorName,operatorId,ip,requestId,action,targetType,targetId,before,after,reason',
    );
    expect(row).toContain(',operator,amina,');
    // The after column is JSON in one quoted cell, its quotes doubled.
    expect(row).toContain(
      ',"{""body"":""line one\\nline \\""two\\"", three"",""title"":""=HYPERLINK(',
    );
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+31 6')).toBe("'+31 6");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('=a,"b"')).toBe('"\'=a,""b"""');
    expect(csvCell(null)).toBe('');
  });
});
