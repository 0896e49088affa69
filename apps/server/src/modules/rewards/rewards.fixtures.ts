/**
 * Test fixtures for the rewards and agents suites: members with ids, money put on a balance, and
 * bets posted straight through the ledger the way game rounds will post them (kind `bet`,
 * `reference.category`), dated some days back. Used by tests only.
 */
import { addDays, siteDay } from '@khela/contract/date';
import type { FastifyInstance } from 'fastify';
import { backdateMovement } from '../ledger/demo-history';
import { createMember, withToken } from '../../../test/factories';
import { memberReads } from '../accounts/member-reads';

export interface Player {
  username: string;
  password: string;
  token: string;
  id: bigint;
  headers: Record<string, string>;
}

export async function player(app: FastifyInstance, fields: Record<string, unknown> = {}) {
  const made = await createMember(app, fields);
  const row = await memberReads.byUsername(app.database.db, made.username);
  return { ...made, id: row!.id, headers: withToken(made.token) } satisfies Player;
}

let serial = 0;
const nextKey = (id: bigint) => `${id}:${(serial += 1)}:${Date.now()}`;

/** Moves the movement `daysAgo` days into the past (through the ledger's test kit). */
async function backdate(app: FastifyInstance, transactionId: bigint, daysAgo: number) {
  if (daysAgo === 0) return;
  await backdateMovement(
    app.database.db,
    transactionId,
    new Date(Date.now() - daysAgo * 86_400_000),
  );
}

/** Puts money on a member's cash balance, as a settled deposit would (`daysAgo` back). */
export async function fund(app: FastifyInstance, id: bigint, amountMinor: number, daysAgo = 0) {
  const amount = BigInt(amountMinor);
  const posted = await app.services.ledger.move({
    kind: 'deposit',
    source: 'test:fund',
    key: nextKey(id),
    request: { id: String(id), amount: String(amount), serial },
    currency: 'BDT',
    memberId: id,
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: amount },
      { account: { kind: 'deposits_clearing' }, amountMinor: -amount },
    ],
  });
  await backdate(app, posted.transactionId, daysAgo);
  await app.services.balances.changed(id);
}

/**
 * A bet (or, with `rollback`, a voided bet's refund) as issue 6's rounds post it: the member's
 * cash to the house, `reference.category` the game category.
 */
export async function bet(
  app: FastifyInstance,
  id: bigint,
  category: string,
  amountMinor: number,
  daysAgo = 0,
  rollback = false,
) {
  const amount = BigInt(amountMinor) * (rollback ? -1n : 1n);
  const posted = await app.services.ledger.move({
    kind: rollback ? 'rollback' : 'bet',
    source: 'test:game',
    key: nextKey(id),
    request: { id: String(id), amount: String(amount), serial },
    currency: 'BDT',
    memberId: id,
    reference: { category, roundId: `r${serial}` },
    legs: [
      { account: { kind: 'cash', ownerId: id }, amountMinor: -amount },
      { account: { kind: 'house' }, amountMinor: amount },
    ],
  });
  await backdate(app, posted.transactionId, daysAgo);
  await app.services.balances.changed(id);
}

/** The Dhaka calendar day `daysAgo` days back, YYYY-MM-DD. */
export const dhakaDaysAgo = (daysAgo: number) => addDays(siteDay(), -daysAgo);
