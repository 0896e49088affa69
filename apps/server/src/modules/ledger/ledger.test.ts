/**
 * The ledger against a model: random sequences of deposits, holds, withdrawals, bets, wins,
 * rebates and reversals, posted through the real Ledger on a real database, must keep every
 * transaction netting to zero, every stored balance equal to the sum of its entries and to the
 * model's figure, and no member account below zero.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectSoundLedger } from '../../../test/ledger';
import { AppError } from '../../errors';
import { type AccountRef, type Leg, ledgerInvariants, type Ledger } from './ledger';

const CURRENCY = 'BDT';
let t: TestApp;
let ledger: Ledger;
const memberIds: bigint[] = [];

async function memberId(token: string) {
  const session = await t.app.services.sessions.resolve(token);
  if (!session || session === 'expired') throw new Error('no session');
  return session.memberId;
}

beforeAll(async () => {
  t = await createTestApp();
  ledger = t.app.services.ledger;
  for (let i = 0; i < 3; i += 1) memberIds.push(await memberId((await createMember(t.app)).token));
});
afterAll(() => t.close());

type Op =
  | { type: 'deposit' | 'bet' | 'win' | 'rebate' | 'hold'; member: number; amount: number }
  | { type: 'release' | 'payout'; member: number; amount: number }
  | { type: 'reverse'; pick: number }
  | { type: 'retry'; pick: number };

const cash = (id: bigint): AccountRef => ({ kind: 'cash', ownerId: id });
const hold = (id: bigint): AccountRef => ({ kind: 'withdrawal_hold', ownerId: id });

/** The legs an operation would post, for the real ledger and the model alike. */
function legsOf(op: Exclude<Op, { type: 'reverse' | 'retry' }>): Leg[] {
  const id = memberIds[op.member]!;
  const amount = BigInt(op.amount);
  const pair = (to: AccountRef, from: AccountRef): Leg[] => [
    { account: to, amountMinor: amount },
    { account: from, amountMinor: -amount },
  ];
  switch (op.type) {
    case 'deposit':
      return pair(cash(id), { kind: 'deposits_clearing' });
    case 'bet':
      return pair({ kind: 'house' }, cash(id));
    case 'win':
      return pair(cash(id), { kind: 'house' });
    case 'rebate':
      return pair(cash(id), { kind: 'bonus' });
    case 'hold':
      return pair(hold(id), cash(id));
    case 'release':
      return pair(cash(id), hold(id));
    case 'payout':
      return pair({ kind: 'payouts' }, hold(id));
  }
}

const keyOf = (ref: AccountRef) => `${ref.kind}:${ref.ownerId ?? ''}`;

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      'deposit' as const,
      'bet' as const,
      'win' as const,
      'rebate' as const,
      'hold' as const,
      'release' as const,
      'payout' as const,
    ),
    member: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('retry' as const), pick: fc.nat() }),
);

let run = 0;

describe('ledger', () => {
  it('keeps every movement balanced, every balance equal to its entries and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 40 }), async (ops) => {
        run += 1;
        const model = new Map<string, bigint>();
        for (const id of memberIds) {
          model.set(keyOf(cash(id)), await ledger.balance(t.app.database.db, cash(id), CURRENCY));
          model.set(keyOf(hold(id)), await ledger.balance(t.app.database.db, hold(id), CURRENCY));
        }
        const posted: { key: string; request: unknown; legs: Leg[] }[] = [];
        for (const [index, op] of ops.entries()) {
          let legs: Leg[];
          let key = `run${run}-op${index}`;
          let request: unknown;
          if (op.type === 'retry') {
            // A retried request moves nothing and answers the first movement.
            const first = posted[op.pick % Math.max(posted.length, 1)];
            if (!first) continue;
            const before = new Map(model);
            const again = await ledger.move({
              kind: 'retry',
              source: 'property',
              key: first.key,
              request: first.request,
              currency: CURRENCY,
              legs: first.legs,
            });
            expect(again.replayed).toBe(true);
            expect(model).toEqual(before);
            continue;
          }
          if (op.type === 'reverse') {
            // A reversal posts the opposite legs of an earlier movement under its own key.
            const original = posted[op.pick % Math.max(posted.length, 1)];
            if (!original) continue;
            legs = original.legs.map((leg) => ({ ...leg, amountMinor: -leg.amountMinor }));
            key = `${original.key}:reversal`;
            request = { reverses: original.key };
            if (posted.some((p) => p.key === key)) {
              // Reversing the same movement twice is a retry of the first reversal.
              const again = await ledger.move({
                kind: 'reverse',
                source: 'property',
                key,
                request,
                currency: CURRENCY,
                legs,
              });
              expect(again.replayed).toBe(true);
              continue;
            }
          } else {
            legs = legsOf(op);
            request = op;
          }
          const wouldGoNegative = legs.some(
            (leg) =>
              leg.account.ownerId !== undefined &&
              (model.get(keyOf(leg.account)) ?? 0n) + leg.amountMinor < 0n,
          );
          try {
            await ledger.move({
              kind: op.type,
              source: 'property',
              key,
              request,
              currency: CURRENCY,
              legs,
            });
          } catch (error) {
            // Refused movements are exactly the ones that would overdraw a member's account.
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).errorCode).toBe('wallet.insufficientFunds');
            expect(wouldGoNegative).toBe(true);
            continue;
          }
          expect(wouldGoNegative).toBe(false);
          for (const leg of legs) {
            if (leg.account.ownerId === undefined) continue;
            const k = keyOf(leg.account);
            model.set(k, (model.get(k) ?? 0n) + leg.amountMinor);
          }
          posted.push({ key, request, legs });
        }
        for (const id of memberIds) {
          expect(await ledger.balance(t.app.database.db, cash(id), CURRENCY)).toBe(
            model.get(keyOf(cash(id))),
          );
          expect(await ledger.balance(t.app.database.db, hold(id), CURRENCY)).toBe(
            model.get(keyOf(hold(id))),
          );
        }
        await expectSoundLedger(t.app.database.db);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses the same key with a different request and moves nothing', async () => {
    const id = memberIds[0]!;
    const before = await ledger.balance(t.app.database.db, cash(id), CURRENCY);
    const movement = {
      kind: 'deposit',
      source: 'property',
      key: 'mismatch-1',
      request: { amount: 100 },
      currency: CURRENCY,
      legs: legsOf({ type: 'deposit', member: 0, amount: 100 }),
    };
    const first = await ledger.move(movement);
    expect(first.replayed).toBe(false);
    await expect(
      ledger.move({
        ...movement,
        request: { amount: 200 },
        legs: legsOf({ type: 'deposit', member: 0, amount: 200 }),
      }),
    ).rejects.toMatchObject({ errorCode: 'idempotency.mismatch', statusCode: 422 });
    expect(await ledger.balance(t.app.database.db, cash(id), CURRENCY)).toBe(before + 100n);
  });

  it('refuses a movement that does not net to zero before touching anything', async () => {
    await expect(
      ledger.move({
        kind: 'broken',
        source: 'property',
        key: 'unbalanced-1',
        request: {},
        currency: CURRENCY,
        legs: [
          { account: cash(memberIds[1]!), amountMinor: 5n },
          { account: { kind: 'house' }, amountMinor: -4n },
        ],
      }),
    ).rejects.toThrow(/net to zero/);
    expect(await ledgerInvariants(t.app.database.db)).toMatchObject({ unbalancedTransactions: [] });
  });

  it('the database itself refuses a negative member balance', async () => {
    const id = memberIds[2]!;
    // Bypasses the ledger on purpose: the check constraint is the last line of defence.
    const failure = await t.app.database.db
      .execute(
        `update ledger_accounts set balance_minor = -1 where owner_id = ${id} and kind = 'cash'`,
      )
      .then(
        () => undefined,
        (error: Error) => error,
      );
    const cause = failure?.cause instanceof Error ? failure.cause : failure;
    expect(cause?.message).toMatch(/ledger_accounts_not_negative/);
  });

  it('gives a trial account its play money through the ledger, apart from real money', async () => {
    const trial = await t.app.inject({ url: '/wps/member/trialuser' });
    const token = trial.json().value.token as string;
    const id = await memberId(token);
    const play = await ledger.balance(t.app.database.db, { kind: 'play', ownerId: id }, CURRENCY);
    expect(play).toBeGreaterThan(0n);
    expect(await ledger.balance(t.app.database.db, cash(id), CURRENCY)).toBe(0n);
    const wallet = await t.app.inject({ url: '/wps/member/wallet', headers: { token } });
    expect(wallet.json().value.sumBalance).toBe(Number(play) / 100);
  });
});
