import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('audit trail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
