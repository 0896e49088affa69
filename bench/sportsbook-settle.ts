/**
 * `npm run bench:sportsbook`: 1,000 open bets on one match settled when it ends, end to end
 * through the sportsbook partner's settlement path (its bet store on Postgres, its settler's
 * pass) and the product's signed seamless-wallet API (/wps/vendor/wins, the batch of wins, on the
 * built server, on Postgres). Budget: ≤ 2 s from the match's end to the last bet settled.
 *
 * Makes two scratch databases on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432): the product's (seeded with the demo data, so the
 * SPORTSBOOK vendor and its Cricket Line game are registered) and the partner's own journal, as
 * an outside vendor keeps its own. Starts the built server (apps/server/dist; `npm run build`
 * first), makes BENCH_SB_PLAYERS funded members with a Cricket Line game session each, and
 * places BENCH_SB_BETS match-winner bets on one T20 through the partner's own placement (a
 * signed `bet` each) before the start, both sides taken. Then the partner's clock moves past the
 * match's end and the settler's pass (`settleDue`) is timed: every bet claimed, its return
 * decided and sent as a final win in the partner's batches, and marked settled. A second pass
 * and the same settlement ids sent again (every bet's in batches, 20 of them alone) must move
 * nothing. Then the ledger's invariants, the wallet's rounds against
 * the bets, BENCH_SB_RUNS times on fresh bets (the fixture after, and so on); writes
 * bench/SPORTSBOOK.md (keeping its `## History` section) and drops both databases.
 *
 * Env: BENCH_DATABASE_URL, BENCH_SB_BETS (default 1000), BENCH_SB_PLAYERS (default 250),
 * BENCH_SB_RUNS (default 3), BENCH_SB_CONCURRENCY and BENCH_SB_BATCH (the partner's
 * settleConcurrency and settleBatchSize; default: the partner's own), BENCH_DB_PREFIX (the
 * scratch databases' names start with it; default khela_bench), BENCH_PORT (the server's port;
 * default: a free one).
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { VENDOR_WINS_MAX_ITEMS } from '@khela/contract/vendor-wallet';
import { WalletClient } from '../apps/partners/src/wallet-client';
import { openJournalDb } from '../apps/partners/src/journal-db';
import { SportsbookService } from '../apps/partners/src/sportsbook/bet-service';
import { BetStore } from '../apps/partners/src/sportsbook/bet-store';
import { fixtureAt } from '../apps/partners/src/sportsbook/domain/fixtures';
import {
  finalIndex,
  offerOf,
  outcomeAt,
  simulate,
  timeOfIndex,
} from '../apps/partners/src/sportsbook/domain/markets';
import { sportsbookSettings } from '../apps/partners/src/sportsbook/settings';
import { describeMachine, measureMachine } from './lib/machine';
import { freePort, startService, stopAll, waitUntilReady } from './lib/processes';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(BENCH_DIR, '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const BUDGET_MS = 2_000;
const FUNDS_MINOR = 10_000_000;
const STAKE_MINOR = 100_00;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const betCount = Number(process.env.BENCH_SB_BETS ?? 1_000);
const playerCount = Number(process.env.BENCH_SB_PLAYERS ?? 250);
const runs = Number(process.env.BENCH_SB_RUNS ?? 3);
const concurrency = process.env.BENCH_SB_CONCURRENCY
  ? Number(process.env.BENCH_SB_CONCURRENCY)
  : undefined;
const batchSize = process.env.BENCH_SB_BATCH ? Number(process.env.BENCH_SB_BATCH) : undefined;
const dbPrefix = process.env.BENCH_DB_PREFIX ?? 'khela_bench';
const REPORT = path.join(BENCH_DIR, 'SPORTSBOOK.md');

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const scratchUrl = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Funded members (the operator's adjustment call: real ledger movements) with a session each. */
async function players(db: pg.Pool, baseUrl: string, opsToken: string): Promise<string[]> {
  await db.query(
    `insert into members (username, password_hash, invite_code)
     select 'sbbench' || g, 'x', 'SBBENCH' || g from generate_series(1, $1) g`,
    [playerCount],
  );
  await db.query(
    `insert into wallets (member_id, currency)
     select id, 'BDT' from members where username like 'sbbench%'`,
  );
  const { rows: members } = await db.query<{ id: string; username: string }>(
    `select id, username from members where username like 'sbbench%' order by id`,
  );
  const ops = (method: string, opsPath: string, body: object) =>
    fetch(`${baseUrl}/ops/api${opsPath}`, {
      method,
      headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`ops ${opsPath}: ${res.status} ${await res.text()}`);
    });
  // The scratch site pays the funds at once: no second operator to approve them.
  await ops('PUT', '/settings/adjustmentApprovalThreshold', { value: FUNDS_MINOR });
  for (const member of members) {
    await ops('POST', '/wallet/adjustments', {
      username: member.username,
      amountMinor: FUNDS_MINOR,
      reason: 'bench funds',
      key: `fund-${member.id}`,
    });
  }
  const {
    rows: [game],
  } = await db.query<{ id: string }>(
    `select id from games where vendor_code = 'CRICKETLINE' order by id limit 1`,
  );
  return Promise.all(
    members.map(async (member) => {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `insert into game_sessions (token_hash, provider_code, member_id, game_id, account_kind,
                                    currency, language, expires_at)
         values ($1, 'SPORTSBOOK', $2, $3, 'cash', 'BDT', 'EN', now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), member.id, game!.id],
      );
      return token;
    }),
  );
}

/** Runs `work` over `items`, `width` at once. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface RunFigures {
  fixtureId: string;
  placeMs: number;
  settleMs: number;
  settled: number;
  failed: number;
  won: number;
  paidMinor: bigint;
  walletWinMinor: bigint;
  secondPassSettled: number;
  replayMoved: boolean;
}

async function main() {
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  const suffix = randomBytes(4).toString('hex');
  const productName = `${dbPrefix}_sb_${suffix}`;
  const journalName = `${dbPrefix}_sbj_${suffix}`;
  await admin(`create database ${productName}`);
  await admin(`create database ${journalName}`);
  const opsToken = randomBytes(24).toString('base64url');
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const dataDir = path.join(os.tmpdir(), productName);
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/seed-demo.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: scratchUrl(productName) },
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
  const service = startService({
    name: 'app',
    port,
    command: process.execPath,
    args: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), SERVER_ENTRY],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratchUrl(productName),
      LOG_LEVEL: 'warn',
      OPS_TOKEN: opsToken,
      RATE_LIMIT_MAX: '100000000',
      NODE_ENV: 'production',
    },
    cwd: ROOT,
  });
  const db = new pg.Pool({ connectionString: scratchUrl(productName), max: 4 });
  const journal = await openJournalDb({
    databaseUrl: scratchUrl(journalName),
    dataDir: undefined,
  });
  try {
    await waitUntilReady(service, '/readyz', 120_000);
    const machine = await measureMachine(scratchUrl(productName));
    const tokens = await players(db, service.baseUrl, opsToken);
    const {
      rows: [vendor],
    } = await db.query<{ secret: string }>(
      `select secret from game_vendors where code = 'SPORTSBOOK'`,
    );
    const settings = sportsbookSettings({
      code: 'SPORTSBOOK',
      secret: vendor!.secret,
      seed: 'khela',
      speed: 1,
      marginBp: 500,
      minStakeMinor: 10_00,
      maxStakeMinor: 50_000_00,
      maxPayoutMinor: 1_000_000_00,
      cashOutFeeBp: 300,
    });
    if (concurrency !== undefined) settings.settleConcurrency = concurrency;
    if (batchSize !== undefined) settings.settleBatchSize = batchSize;
    let now = Date.now();
    const wallet = new WalletClient({
      baseUrl: () => service.baseUrl,
      provider: 'SPORTSBOOK',
      secret: () => vendor!.secret,
    });
    const sportsbook = new SportsbookService({
      store: new BetStore(journal.db),
      wallet,
      settings,
      now: () => now,
    });

    // T20s with a winner (not abandoned, not tied), from slot 1000 on: the same every run.
    const fixtures = [];
    for (let k = 1_000; fixtures.length < runs; k += 1) {
      const fixture = fixtureAt(settings.schedule, k);
      if (fixture.format !== 'T20') continue;
      const match = simulate(fixture);
      const end = outcomeAt(match, finalIndex(match), 'match_winner', 'home');
      if (end?.kind === 'win' || end?.kind === 'lose') fixtures.push(match);
    }

    const figures: RunFigures[] = [];
    for (const match of fixtures) {
      const fixtureId = match.fixture.id;
      // Before the start: the market open, its odds fixed.
      now = match.fixture.startAt - 60_000;
      const offer = offerOf(match, 0, 'match_winner', settings.pricing)!;
      const bets = Array.from({ length: betCount }, (_, i) => i);
      const placeStart = performance.now();
      await inParallel(bets, 32, async (i) => {
        const selection = offer.selections[i % 2]!;
        await sportsbook.place({
          token: tokens[i % tokens.length]!,
          language: 'EN',
          stakeMinor: STAKE_MINOR,
          acceptance: 'ask',
          legs: [
            {
              fixtureId,
              marketId: 'match_winner',
              selectionId: selection.id,
              odds: selection.odds,
            },
          ],
        });
      });
      const placeMs = performance.now() - placeStart;

      // The match ends: the settler's pass, timed.
      now = timeOfIndex(match, finalIndex(match), settings.stepMs.cricket) + 1_000;
      const settleStart = performance.now();
      const pass = await sportsbook.settleDue();
      const settleMs = performance.now() - settleStart;

      // A second pass moves nothing; the same settlement ids sent again (every bet's in batches,
      // and 20 alone) pay nothing more.
      const second = await sportsbook.settleDue();
      const settledBets = await sportsbook.store.ofFixture(fixtureId, ['settled']);
      const settlementOf = (bet: (typeof settledBets)[number]) => ({
        token: bet.token,
        txId: `${bet.betId}:settle`,
        roundId: bet.betId,
        amount: Number(bet.paidMinor),
        currency: bet.currency,
        final: true,
      });
      const moneyMoved = async () => {
        const { rows } = await db.query<{ sum: string }>(
          `select coalesce(sum(balance_minor), 0)::text as sum from ledger_accounts
           where owner_id in (select id from members where username like 'sbbench%')`,
        );
        return rows[0]!.sum;
      };
      const before = await moneyMoved();
      let replayedItems = 0;
      for (let i = 0; i < settledBets.length; i += VENDOR_WINS_MAX_ITEMS) {
        const answers = await wallet.wins(
          settledBets.slice(i, i + VENDOR_WINS_MAX_ITEMS).map(settlementOf),
          'EN',
        );
        replayedItems += answers.filter((a) => a.success && a.value.replayed).length;
      }
      for (const bet of settledBets.slice(0, 20)) {
        if ((await wallet.win(settlementOf(bet), 'EN')).replayed) replayedItems += 1;
      }
      const after = await moneyMoved();
      const rounds = await db.query<{ sum: string; closed: string }>(
        `select coalesce(sum(win_minor), 0)::text as sum,
                count(*) filter (where status <> 'open')::text as closed
         from game_rounds where round_ref = any($1)`,
        [settledBets.map((b) => b.betId)],
      );
      figures.push({
        fixtureId,
        placeMs,
        settleMs,
        settled: pass.settled,
        failed: pass.failed,
        won: settledBets.filter((b) => b.result === 'won').length,
        paidMinor: settledBets.reduce((sum, b) => sum + b.paidMinor, 0n),
        walletWinMinor: BigInt(rounds.rows[0]!.sum),
        secondPassSettled: second.settled,
        replayMoved: before !== after || replayedItems !== settledBets.length + 20,
      });
      if (Number(rounds.rows[0]!.closed) !== betCount) {
        throw new Error(`${fixtureId}: ${rounds.rows[0]!.closed} of ${betCount} rounds closed`);
      }
    }

    const {
      rows: [check],
    } = await db.query<{ unbalanced: string; drifted: string; negative: string }>(`
      select
        (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                               having sum(amount_minor) <> 0) u) as unbalanced,
        (select count(*) from ledger_accounts a
           where a.balance_minor <> coalesce((select sum(e.amount_minor) from ledger_entries e
                                              where e.account_id = a.id), 0)) as drifted,
        (select count(*) from ledger_accounts where not may_go_negative and balance_minor < 0) as negative`);
    const invariantsHold =
      Number(check!.unbalanced) === 0 &&
      Number(check!.drifted) === 0 &&
      Number(check!.negative) === 0;
    const agree = figures.every(
      (f) =>
        f.settled === betCount &&
        f.failed === 0 &&
        f.paidMinor === f.walletWinMinor &&
        f.secondPassSettled === 0 &&
        !f.replayMoved,
    );
    const worst = Math.max(...figures.map((f) => f.settleMs));
    const withinBudget = worst <= BUDGET_MS;
    const money = (minor: bigint) => (Number(minor) / 100).toFixed(2);
    const lines = [
      '# Sportsbook settlement benchmark',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); ` +
        `the built server, the partner's settlement path (in this process) and Postgres ` +
        `(${new URL(serverUrl).host}) on one machine. ${betCount} match-winner bets of ` +
        `${money(BigInt(STAKE_MINOR))} from ${playerCount} players on one T20, both sides, placed ` +
        `through the wallet's signed \`bet\` before the start; then the match ends and the ` +
        `settler's pass is timed: claim, decide, signed final wins (0 for a lost bet) through ` +
        `\`POST /wps/vendor/wins\` in batches of ${settings.settleBatchSize}, mark settled; ` +
        `settleConcurrency ${settings.settleConcurrency}. Load average (1 min) at the start ` +
        `${loadAtStart}, at the end ${os.loadavg()[0]!.toFixed(1)}.`,
      '',
      describeMachine(machine),
      '',
      '| Match | placing (ms) | settling (ms) | settled / failed | won | paid (bets) | won (wallet rounds) | second pass / replayed ids |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...figures.map(
        (f) =>
          `| ${f.fixtureId} | ${f.placeMs.toFixed(0)} | **${f.settleMs.toFixed(0)}** | ${f.settled} / ${f.failed} | ${f.won} | ${money(f.paidMinor)} | ${money(f.walletWinMinor)} | ${f.secondPassSettled} settled / ${f.replayMoved ? 'MOVED MONEY' : 'nothing moved'} |`,
      ),
      '',
      `- Budget ≤ ${BUDGET_MS} ms from the match's end to the last of ${betCount} bets settled: ${withinBudget ? 'PASS' : 'FAIL'} (slowest run ${worst.toFixed(0)} ms).`,
      `- Bets and wallet agree (every bet settled once, the partner's paid total equal to the wallet rounds' wins, a second pass and the same ids sent again move nothing): ${agree ? 'yes' : 'NO'}.`,
      `- Ledger after the runs: ${invariantsHold ? 'every transaction nets to zero, every balance equals its entries, none negative' : `BROKEN ${JSON.stringify(check)}`}.`,
      '',
      'Command: `npm run build && npm run bench:sportsbook -w @khela/bench` (env BENCH_DATABASE_URL, BENCH_SB_BETS, BENCH_SB_PLAYERS, BENCH_SB_RUNS, BENCH_SB_CONCURRENCY, BENCH_SB_BATCH, BENCH_DB_PREFIX, BENCH_PORT).',
      '',
    ];
    // Earlier runs' notes stay, under their heading.
    const previous = existsSync(REPORT) ? readFileSync(REPORT, 'utf8') : '';
    const history = previous.indexOf('\n## History');
    if (history >= 0) lines.push(previous.slice(history + 1).trimEnd(), '');
    console.log(lines.join('\n'));
    writeFileSync(REPORT, lines.join('\n'));
    if (!invariantsHold || !agree || !withinBudget) process.exitCode = 1;
  } finally {
    await journal.close();
    await db.end();
    await stopAll();
    await admin(`drop database if exists ${productName} with (force)`);
    await admin(`drop database if exists ${journalName} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
