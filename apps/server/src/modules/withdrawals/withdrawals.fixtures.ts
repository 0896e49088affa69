/**
 * Test fixtures for the withdrawal suites (API and Postgres race tests): channels of their own,
 * a member's id, money put on their balance through the ledger, a payment password. Used by tests
 * only; nothing here runs in the server.
 */
import type { FastifyInstance } from 'fastify';
import { createMember, withToken } from '../../../test/factories';
import { paymentChannels } from '../../db/schema/cashier';
import { testPasswordHasher } from '../../../test/test-app';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';

/** A wallet-style channel: 11-digit numbers, 100.00 to 25,000.00. */
export const TEST_CHANNEL = 'TWALLET';
/** A bank-style channel whose withdrawals are switched off. */
export const OFF_CHANNEL = 'TBANKOFF';
export const MIN_MINOR = 10_000;
export const MAX_MINOR = 2_500_000;
export const GOOD_NUMBER = '01712345678';

export async function addTestChannels(app: FastifyInstance) {
  const base = {
    currency: 'BDT',
    depositMinMinor: 10_000n,
    depositMaxMinor: 2_500_000n,
    presetsMinor: [],
  };
  await app.database.db
    .insert(paymentChannels)
    .values([
      {
        ...base,
        code: TEST_CHANNEL,
        nameEn: 'Test wallet',
        nameBn: 'টেস্ট ওয়ালেট',
        withdrawMinMinor: BigInt(MIN_MINOR),
        withdrawMaxMinor: BigInt(MAX_MINOR),
        accountPattern: '01[3-9][0-9]{8}',
        sortOrder: 90,
      },
      {
        ...base,
        code: OFF_CHANNEL,
        nameEn: 'Test bank',
        nameBn: 'টেস্ট ব্যাংক',
        withdrawEnabled: false,
        withdrawMinMinor: 10_000n,
        withdrawMaxMinor: 10_000_000n,
        accountPattern: '[0-9]{10,17}',
        sortOrder: 91,
      },
    ])
    .onConflictDoNothing();
  // The cashier holds its channels in memory: it reads them again at the next use.
  await app.services.channels.changed();
}

export async function memberId(app: FastifyInstance, username: string): Promise<bigint> {
  const row = await memberReads.byUsername(app.database.db, username);
  if (!row) throw new Error(`no member ${username}`);
  return row.id;
}

let funding = 0;
/** Puts money on a member's cash balance (as a settled deposit would). */
export async function fund(app: FastifyInstance, id: bigint, amountMinor: number) {
  funding += 1;
  const amount = BigInt(amountMinor);
  await app.services.ledger.move({
    kind: 'deposit',
    source: 'test:fund',
    key: `${id}:${funding}:${Date.now()}`,
    request: { id: String(id), amount: String(amount), funding },
    currency: 'BDT',
    memberId: id,
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: amount },
      { account: { kind: 'deposits_clearing' }, amountMinor: -amount },
    ],
  });
  await app.services.balances.changed(id);
}

export async function setPaymentPassword(app: FastifyInstance, id: bigint, password: string) {
  const hash = await testPasswordHasher.hash(password);
  await memberWrites.setPaymentPassword(app.database.db, id, hash);
}

export async function balances(app: FastifyInstance, id: bigint) {
  const { ledger } = app.services;
  const [cash, hold] = await Promise.all([
    ledger.balance(app.database.db, { kind: 'cash', ownerId: id }, 'BDT'),
    ledger.balance(app.database.db, { kind: 'withdrawal_hold', ownerId: id }, 'BDT'),
  ]);
  return { cash: Number(cash), hold: Number(hold) };
}

/**
 * A new member with `fundsMinor` on their balance and a payee account on the test channel: what
 * every withdrawal test starts from. Answers their id, their request headers and the payee's id.
 */
export async function memberWithPayee(
  app: FastifyInstance,
  { fundsMinor, accountNumber = GOOD_NUMBER }: { fundsMinor: number; accountNumber?: string },
) {
  const made = await createMember(app);
  const id = await memberId(app, made.username);
  await fund(app, id, fundsMinor);
  const headers = withToken(made.token);
  const bound = await app.inject({
    method: 'POST',
    url: '/wps/wallet/payees',
    headers,
    payload: {
      channelCode: TEST_CHANNEL,
      accountName: 'Karim Ahmed',
      accountNumber,
      password: made.password,
    },
  });
  if (bound.statusCode !== 200) throw new Error(`payee not bound: ${bound.body}`);
  const payee = bound.json<{ value: { id: string } }>().value;
  return { id, headers, payeeId: payee.id };
}
