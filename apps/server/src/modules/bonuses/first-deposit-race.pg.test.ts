/**
 * Two deposits racing for one first-deposit bonus, on a real Postgres (PGlite runs one query at a
 * time, so it cannot race): paid at the same moment, they give the bonus once, and the other
 * deposit is credited without it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { expectSoundLedger } from '../../../test/ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_SECRET, memberWithId } from '../cashier/deposits.test-kit';
import { bonusBalance, cashBalance, deposit, makeCampaign, payDeposit } from './bonuses.test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paymentSandboxSecret: SANDBOX_SECRET });
});
afterAll(() => t.close());

async function statuses(memberIds: bigint[]) {
  const rows = rowsOf<{ status: string }>(
    await t.database.db.execute(sql`
      select status from member_bonuses where member_id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )}) order by status`),
  );
  return rows.map((row) => row.status);
}

describe('two deposits racing for the first-deposit bonus', () => {
  it('one member, two deposits paid at once: one bonus', async () => {
    const campaign = await makeCampaign(t.app);
    for (let round = 0; round < 5; round += 1) {
      const m = await memberWithId(t.app);
      const optIn = { bonusCampaignId: String(campaign.id) };
      const a = await deposit(t.app, m.token, 1_000_00, optIn, { pay: false });
      const b = await deposit(t.app, m.token, 1_000_00, optIn, { pay: false });
      await Promise.all([payDeposit(t.app, a.deposit!), payDeposit(t.app, b.deposit!)]);
      expect(await cashBalance(t.app, m.memberId)).toBe(2_000_00);
      expect(await bonusBalance(t.app, m.memberId)).toBe(700_00);
      expect(await statuses([m.memberId])).toEqual(['active', 'refused']);
    }
    await expectSoundLedger(t.database.db);
  });

  it('two accounts on one device, paid at once: one bonus', async () => {
    const campaign = await makeCampaign(t.app);
    for (let round = 0; round < 5; round += 1) {
      const deviceId = `race-${randomUUID()}`;
      const [x, y] = [await memberWithId(t.app), await memberWithId(t.app)];
      const optIn = { bonusCampaignId: String(campaign.id) };
      // Both opt in before either is paid: the check before paying finds no claim yet.
      const a = await deposit(t.app, x.token, 1_000_00, optIn, { deviceId, pay: false });
      const b = await deposit(t.app, y.token, 1_000_00, optIn, { deviceId, pay: false });
      await Promise.all([payDeposit(t.app, a.deposit!), payDeposit(t.app, b.deposit!)]);
      expect(await cashBalance(t.app, x.memberId)).toBe(1_000_00);
      expect(await cashBalance(t.app, y.memberId)).toBe(1_000_00);
      expect(
        (await bonusBalance(t.app, x.memberId)) + (await bonusBalance(t.app, y.memberId)),
      ).toBe(700_00);
      expect(await statuses([x.memberId, y.memberId])).toEqual(['active', 'refused']);
    }
    await expectSoundLedger(t.database.db);
  });
});
