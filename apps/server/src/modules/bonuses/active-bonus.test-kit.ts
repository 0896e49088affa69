/**
 * Helpers for tests that play with a bonus: give a member an active bonus (a campaign, the
 * member_bonuses row and the `bonus.grant` movement through the Ledger), and end it as the bonus
 * engine does (status first, then the movement, in one transaction; docs/bonuses.md).
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_WAGERING_WEIGHTS } from '@khela/contract/bonus';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type DbOrTx } from '../../db/client';
import { bonusCampaigns, memberBonuses } from '../../db/schema/bonuses';

export interface TestBonusOptions {
  amountMinor?: number;
  maxStakeMinor?: number | null;
  maxConversionMinor?: number | null;
}

/** Gives the member an active bonus of `amountMinor` on their bonus balance; answers its id. */
export async function giveActiveBonus(
  app: FastifyInstance,
  memberId: bigint,
  options: TestBonusOptions = {},
): Promise<bigint> {
  const amountMinor = options.amountMinor ?? 100_00;
  const db = app.database.db;
  const terms = {
    kind: 'manual' as const,
    percentBp: null,
    amountMinor,
    capMinor: null,
    minDepositMinor: null,
    wageringMultiplier: 10,
    wageringBase: 'bonus' as const,
    weights: DEFAULT_WAGERING_WEIGHTS,
    maxStakeMinor: options.maxStakeMinor ?? null,
    maxConversionMinor: options.maxConversionMinor ?? null,
    validHours: 72,
  };
  const id = await db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(bonusCampaigns)
      .values({
        kind: 'manual',
        nameEn: 'Test bonus',
        nameBn: 'পরীক্ষার বোনাস',
        termsEn: 'Test terms',
        termsBn: 'পরীক্ষার শর্ত',
        amountMinor: BigInt(amountMinor),
        wageringMultiplier: terms.wageringMultiplier,
        weights: terms.weights,
        maxStakeMinor: terms.maxStakeMinor === null ? null : BigInt(terms.maxStakeMinor),
        maxConversionMinor:
          terms.maxConversionMinor === null ? null : BigInt(terms.maxConversionMinor),
        validHours: terms.validHours,
        createdBy: 'test',
      })
      .returning({ id: bonusCampaigns.id });
    const now = new Date();
    const [bonus] = await tx
      .insert(memberBonuses)
      .values({
        memberId,
        campaignId: campaign!.id,
        kind: 'manual',
        status: 'active',
        claimKey: randomUUID(),
        amountMinor: BigInt(amountMinor),
        currency: 'BDT',
        terms,
        requiredMinor: BigInt(amountMinor * terms.wageringMultiplier),
        activatedAt: now,
        expiresAt: new Date(now.getTime() + terms.validHours * 3_600_000),
      })
      .returning({ id: memberBonuses.id });
    await app.services.ledger.post(tx, {
      kind: 'bonus.grant',
      source: 'bonus',
      key: `grant:${bonus!.id}`,
      request: { memberBonusId: String(bonus!.id), amountMinor },
      currency: 'BDT',
      memberId,
      reference: { memberBonus: String(bonus!.id) },
      legs: [
        { account: { kind: 'bonus' }, amountMinor: -BigInt(amountMinor) },
        { account: { kind: 'bonus_balance', ownerId: memberId }, amountMinor: BigInt(amountMinor) },
      ],
    });
    return bonus!.id;
  });
  await Promise.all([
    app.services.activeBonuses.changed(memberId),
    app.services.balances.changed(memberId),
  ]);
  return id;
}

/** The member's bonus balance in minor units, read from the ledger. */
export async function bonusBalanceOf(app: FastifyInstance, memberId: bigint): Promise<number> {
  return Number(
    await app.services.ledger.balance(
      app.database.db,
      { kind: 'bonus_balance', ownerId: memberId },
      'BDT',
    ),
  );
}

/**
 * Ends the bonus in `tx` as the engine does: the member_bonuses row first (its lock is what a
 * win's FOR SHARE waits on), then the movement: `convert` moves the bonus balance to cash (up to
 * `maxConversionMinor`, the rest to the house), `forfeit`/`expire` to the house.
 */
export async function endBonusIn(
  app: FastifyInstance,
  tx: DbOrTx,
  memberId: bigint,
  memberBonusId: bigint,
  how: 'convert' | 'forfeit' | 'expire',
  maxConversionMinor: number | null = null,
) {
  const status = { convert: 'converted', forfeit: 'forfeited', expire: 'expired' }[how];
  await tx
    .update(memberBonuses)
    .set({ status, endedAt: new Date() })
    .where(eq(memberBonuses.id, memberBonusId));
  // The balance as it stands under lock: the member's accounts in id order, as every movement.
  const rows = rowsOf<{ kind: string; balance: string }>(
    await tx.execute(sql`
      select kind, balance_minor as balance from ledger_accounts
      where owner_id = ${memberId} and kind in ('cash', 'bonus_balance') order by id for update`),
  );
  const balance = BigInt(rows.find((row) => row.kind === 'bonus_balance')?.balance ?? 0);
  if (balance === 0n) return;
  const toCash =
    how === 'convert'
      ? maxConversionMinor === null || BigInt(maxConversionMinor) > balance
        ? balance
        : BigInt(maxConversionMinor)
      : 0n;
  await app.services.ledger.post(tx, {
    kind: `bonus.${how}`,
    source: 'bonus',
    key: `${how}:${memberBonusId}`,
    request: { memberBonusId: String(memberBonusId), balance: String(balance) },
    currency: 'BDT',
    memberId,
    reference: { memberBonus: String(memberBonusId) },
    legs: [
      { account: { kind: 'bonus_balance', ownerId: memberId }, amountMinor: -balance },
      { account: { kind: 'cash', ownerId: memberId }, amountMinor: toCash },
      { account: { kind: 'bonus' }, amountMinor: balance - toCash },
    ],
  });
}

/** Ends the bonus on its own transaction and tells every process. */
export async function endBonus(
  app: FastifyInstance,
  memberId: bigint,
  memberBonusId: bigint,
  how: 'convert' | 'forfeit' | 'expire',
  maxConversionMinor: number | null = null,
) {
  await app.database.db.transaction((tx) =>
    endBonusIn(app, tx, memberId, memberBonusId, how, maxConversionMinor),
  );
  await Promise.all([
    app.services.activeBonuses.changed(memberId),
    app.services.balances.changed(memberId),
  ]);
}
