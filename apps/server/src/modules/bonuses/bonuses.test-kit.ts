/**
 * Helpers for the bonus suites: campaigns made straight in the table (the operator's campaign
 * calls are campaign-admin's), a member's bonus balance, their bonuses, a paid deposit with an
 * opt-in, and a settled round played under a bonus.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WAGERING_WEIGHTS, type MemberBonus, type MyBonuses } from '@khela/contract/bonus';
import { CreateDepositAnswerSchema } from '@khela/contract/cashier';
import { rowsOf } from '../../db/client';
import { bonusCampaigns } from '../../db/schema/bonuses';
import { deliver, startDeposit } from '../cashier/deposits.test-kit';
import { openGameSession, vendorCall } from '../game-wallet/game-wallet.test-kit';

type CampaignInsert = typeof bonusCampaigns.$inferInsert;
type MinorField =
  'amountMinor' | 'capMinor' | 'minDepositMinor' | 'maxStakeMinor' | 'maxConversionMinor';
/** A campaign's columns, amounts as plain numbers (minor units) or null. */
export type CampaignFields = Partial<Omit<CampaignInsert, MinorField>> &
  Partial<Record<MinorField, number | bigint | null>>;

/** A running campaign: 70 % match up to ৳7,000, 10× the bonus, 72 hours, unless told. */
export async function makeCampaign(app: FastifyInstance, fields: CampaignFields = {}) {
  const { amountMinor, capMinor, minDepositMinor, maxStakeMinor, maxConversionMinor, ...rest } =
    fields;
  const minor = (value: number | bigint | null | undefined, fallback: bigint | null) =>
    value === undefined ? fallback : value === null ? null : BigInt(value);
  const [row] = await app.database.db
    .insert(bonusCampaigns)
    .values({
      kind: 'first_deposit',
      nameEn: 'Welcome 70%',
      nameBn: 'স্বাগতম ৭০%',
      termsEn: 'Wager the bonus 10 times within 72 hours.',
      termsBn: 'বোনাসটি ৭২ ঘণ্টার মধ্যে ১০ বার বাজি ধরুন।',
      percentBp: 7000,
      wageringMultiplier: 10,
      weights: DEFAULT_WAGERING_WEIGHTS,
      validHours: 72,
      createdBy: 'test',
      ...rest,
      amountMinor: minor(amountMinor, null),
      capMinor: minor(capMinor, 7_000_00n),
      minDepositMinor: minor(minDepositMinor, 500_00n),
      maxStakeMinor: minor(maxStakeMinor, null),
      maxConversionMinor: minor(maxConversionMinor, null),
    })
    .returning();
  return row!;
}

export async function bonusBalance(app: FastifyInstance, memberId: bigint) {
  return Number(
    await app.services.ledger.balance(
      app.database.db,
      { kind: 'bonus_balance', ownerId: memberId },
      'BDT',
    ),
  );
}

export async function cashBalance(app: FastifyInstance, memberId: bigint) {
  return Number(
    await app.services.ledger.balance(app.database.db, { kind: 'cash', ownerId: memberId }, 'BDT'),
  );
}

export async function mine(app: FastifyInstance, token: string): Promise<MyBonuses> {
  const res = await app.inject({ url: '/wps/bonus/mine?language=EN', headers: { token } });
  if (res.statusCode !== 200) throw new Error(`mine failed: ${res.body}`);
  return res.json<{ value: MyBonuses }>().value;
}

/** Starts a deposit with the given opt-in and (unless `pay` is false) pays it. */
export async function deposit(
  app: FastifyInstance,
  token: string,
  amountMinor: number,
  optIn: { bonusCampaignId?: string; promoCode?: string } = {},
  options: { deviceId?: string; pay?: boolean } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/wps/wallet/deposits?language=EN',
    headers: {
      token,
      'idempotency-key': randomUUID(),
      ...(options.deviceId ? { 'x-device-id': options.deviceId } : {}),
    },
    payload: { channelCode: 'BKASH', amountMinor, ...optIn },
  });
  if (res.statusCode !== 200) return { res, deposit: undefined };
  const { deposit } = CreateDepositAnswerSchema.parse(res.json<{ value: unknown }>().value);
  if (options.pay !== false) await payDeposit(app, deposit);
  return { res, deposit };
}

export async function payDeposit(
  app: FastifyInstance,
  deposit: { providerRef: string; amountMinor: number; currency: string },
) {
  const paid = await deliver(app, {
    ref: deposit.providerRef,
    status: 'paid',
    amountMinor: deposit.amountMinor,
    currency: deposit.currency,
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return paid;
}

export { startDeposit };

/** The first game of a vendor of this category. */
export async function gameOfCategory(app: FastifyInstance, category: string) {
  const rows = rowsOf<{ code: string }>(
    await app.database.db.execute(sql`
      select v.code from vendors v where v.category = ${category}
      and exists (select 1 from games g where g.vendor_code = v.code and not g.hidden)
      order by v.code limit 1`),
  );
  return rows[0]!.code;
}

/**
 * A round bet and won through the vendor wallet (`winMinor` null: the round stays open, its win
 * yet to come), checking that the wallet recorded it under `bonus`.
 */
export async function playRound(
  app: FastifyInstance,
  memberId: bigint,
  bonus: Pick<MemberBonus, 'id'> | null,
  stakeMinor: number,
  winMinor: number | null,
  vendorCode = 'JILI',
) {
  const { token } = await openGameSession(app, memberId, { vendorCode });
  const roundId = `r-${randomUUID()}`;
  const bet = await vendorCall(app, 'bet', {
    token,
    txId: `b-${randomUUID()}`,
    roundId,
    amount: stakeMinor,
    currency: 'BDT',
  });
  if (bet.statusCode !== 200) throw new Error(`bet failed: ${bet.body}`);
  if (winMinor !== null) {
    const win = await vendorCall(app, 'win', {
      token,
      txId: `w-${randomUUID()}`,
      roundId,
      amount: winMinor,
      currency: 'BDT',
    });
    if (win.statusCode !== 200) throw new Error(`win failed: ${win.body}`);
  }
  // The wallet records the bonus active at the round's first bet; the caller says which it expects.
  const [round] = rowsOf<{ member_bonus_id: string | number | null }>(
    await app.database.db.execute(
      sql`select member_bonus_id from game_rounds where round_ref = ${roundId}`,
    ),
  );
  const recorded = round?.member_bonus_id == null ? null : String(round.member_bonus_id);
  if (recorded !== (bonus?.id ?? null)) {
    throw new Error(`round recorded bonus ${recorded}, expected ${bonus?.id ?? null}`);
  }
  return roundId;
}
