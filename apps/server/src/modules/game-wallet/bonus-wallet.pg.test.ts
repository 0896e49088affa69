/**
 * The bonus wallet's race on a real Postgres (PGlite serialises every query, so it cannot happen
 * there): wins of bonus-funded rounds arriving while the bonus converts. Each win's bonus share
 * goes to the bonus balance before the conversion (and is converted with it) or to cash after
 * it; never both, never neither (docs/bonuses.md, game_wallet_post's locking).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { rowsOf } from '../../db/client';
import { bonusBalanceOf, endBonusIn, giveActiveBonus } from '../bonuses/active-bonus.test-kit';
import { balanceOf, fundedMember, openGameSession } from './game-wallet.test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

describe('bonus wallet races (Postgres)', () => {
  it('20 wins of bonus-funded rounds racing the conversion: every win paid once, all of it cash at the end', async () => {
    const wallet = t.app.services.gameWallet;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const member = await fundedMember(t.app, 0);
      const memberBonusId = await giveActiveBonus(t.app, member.memberId, {
        amountMinor: 1_000_00,
      });
      const { token } = await openGameSession(t.app, member.memberId);
      const rounds = Array.from({ length: 20 }, () => randomUUID());
      for (const roundId of rounds) {
        await wallet.bet('DEMO', {
          token,
          txId: `${roundId}:bet`,
          roundId,
          amount: 10_00,
          currency: 'BDT',
        });
      }
      expect(await bonusBalanceOf(t.app, member.memberId)).toBe(800_00);

      // The conversion holds the bonus's row a while between its status and its movement; the
      // wins start around it, some before and some after.
      const wins = rounds.map((roundId, index) =>
        new Promise((resolve) => setTimeout(resolve, index * 3)).then(() =>
          wallet.win('DEMO', {
            token,
            txId: `${roundId}:win`,
            roundId,
            amount: 15_00,
            currency: 'BDT',
          }),
        ),
      );
      const conversion = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        t.app.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`select status from member_bonuses where id = ${memberBonusId} for update`,
          );
          await tx.execute(sql`select pg_sleep(0.03)`);
          await endBonusIn(t.app, tx, member.memberId, memberBonusId, 'convert');
        }),
      );
      await Promise.all([...wins, conversion]);

      // 800.00 left of the bonus plus 20 wins of 15.00: all cash now, none of it twice.
      expect(await bonusBalanceOf(t.app, member.memberId)).toBe(0);
      expect(await balanceOf(t.app, member.memberId)).toBe(800_00 + 20 * 15_00);
      const [paid] = rowsOf<{ to_bonus: string; to_cash: string }>(
        await t.app.database.db.execute(sql`
          select count(*) filter (where lt.reference->>'bonusTo' = 'bonus')::text as to_bonus,
                 count(*) filter (where lt.reference->>'bonusTo' = 'cash')::text as to_cash
          from game_transactions gt join ledger_transactions lt on lt.id = gt.ledger_transaction_id
          where gt.member_id = ${member.memberId} and gt.kind = 'win'`),
      );
      expect(Number(paid!.to_bonus) + Number(paid!.to_cash)).toBe(20);
    }
    await expectSoundLedger(t.app.database.db);
  }, 120_000);
});
