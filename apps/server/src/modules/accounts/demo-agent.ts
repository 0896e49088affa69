/**
 * The demo's agent (`npm run seed:demo` only; the suites' template has none): `demoagent`, an
 * agent (type 1) with a team of three (`demoteam1`…`demoteam3`, their upline) who deposited and
 * played yesterday and the day before, so `npm start` shows the agent home's numbers and a daily
 * salary ready to request. One password for all four (README, demo section). Skipped when the
 * agent exists. The team's money moves through the ledger like any other (deposits, bets, a
 * win), dated back with the ledger's dating helper.
 */
import { randomUUID } from 'node:crypto';
import { addDays, siteDay, siteDayStart } from '@khela/contract/date';
import type { DbOrTx } from '../../db/client';
import type { Seeder } from '../../db/seed/seed';
import { Ledger } from '../ledger/ledger';
import { backdateMovement } from '../ledger/demo-history';
import { accountsRepository as repo } from './accounts.repository';
import { memberReads } from './member-reads';

export const DEMO_AGENT = 'demoagent';
export const DEMO_TEAM = ['demoteam1', 'demoteam2', 'demoteam3'] as const;
export const DEMO_AGENT_PASSWORD = 'Demo-agent-2026';

const HOUR = 3_600_000;

/** `passwordHash`: DEMO_AGENT_PASSWORD hashed with the site's cost (seed-demo.ts). */
export function demoAgentSeeder({
  passwordHash,
  currency = 'BDT',
  now = new Date(),
}: {
  passwordHash: string;
  currency?: string;
  now?: Date;
}): Seeder {
  return async (db: DbOrTx) => {
    if (await memberReads.byUsername(db, DEMO_AGENT)) return;
    const member = (username: string, type: number, uplineId?: bigint) =>
      repo.insertMember(
        db,
        {
          username,
          type,
          passwordHash,
          inviteCode: `DEMO${username.slice(-4).toUpperCase()}`,
          registerIp: '127.0.0.1',
          ...(uplineId !== undefined && { uplineId }),
        },
        currency,
      );
    const agent = await member(DEMO_AGENT, 1);
    if (!agent) return;
    const team = [];
    for (const name of DEMO_TEAM) team.push((await member(name, 0, agent.id))!);

    // The ledger is given the seed's transaction for every post.
    const ledger = new Ledger(db);
    const noonOf = (daysAgo: number) =>
      new Date(siteDayStart(addDays(siteDay(now), -daysAgo)).getTime() + 12 * HOUR);
    const move = async (
      kind: 'deposit' | 'bet' | 'win',
      memberId: bigint,
      amountMinor: number,
      at: Date,
    ) => {
      const amount = BigInt(kind === 'bet' ? -amountMinor : amountMinor);
      const posted = await ledger.post(db, {
        kind,
        source: 'demo:agent-team',
        key: randomUUID(),
        request: { demo: true },
        currency,
        memberId,
        ...(kind !== 'deposit' && { reference: { category: 'RNG', roundId: randomUUID() } }),
        legs: [
          { account: { kind: 'cash', ownerId: memberId }, amountMinor: amount },
          {
            account: { kind: kind === 'deposit' ? 'deposits_clearing' : 'house' },
            amountMinor: -amount,
          },
        ],
      });
      await backdateMovement(db, posted.transactionId, at);
    };
    const [first, second] = team as [(typeof team)[number], (typeof team)[number]];
    // Yesterday: 150,000.00 deposited, 120,000.00 turned over (the salary's first tier), a win.
    await move('deposit', first.id, 15_000_000, noonOf(1));
    await move('bet', first.id, 8_000_000, noonOf(1));
    await move('bet', first.id, 4_000_000, noonOf(1));
    await move('win', first.id, 3_000_000, noonOf(1));
    // The day before: a smaller player.
    await move('deposit', second.id, 2_000_000, noonOf(2));
    await move('bet', second.id, 500_000, noonOf(2));
  };
}
