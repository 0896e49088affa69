/**
 * `npm run bench:vendor`: bet-plus-win rounds per second through the seamless-wallet API
 * (/wps/vendor/bet then /wps/vendor/win, signed as the demo vendor signs them) on Postgres, with
 * the latency a vendor sees, then the ledger's invariants.
 *
 * Makes a scratch database on BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432), starts the built server on it (apps/server/dist; run `npm
 * run build` first), makes MEMBERS funded members with an open game session each, and drives
 * 100 connections, each playing rounds (a bet, then its win) for random members:
 *   1. flat out, for the most rounds per second the machine gives (budget ≥ 1,000/s);
 *   2. at the budget's rate, open loop (lib/open-loop.ts): 1,000 rounds start each second on a
 *      fixed schedule over 100 open connections, each round's win sent when its bet is answered,
 *      for the latency vendors see at that load (budget p99 ≤ 15 ms), and at a fifth of it.
 * Prints the figures, with how fast the machine was and the latency a bare hello-world gets under
 * the same open loop (lib/machine.ts), and writes bench/VENDOR.md;
 * the scratch database is dropped.
 *
 * Env: BENCH_DATABASE_URL, BENCH_VENDOR_DURATION (s per run, default 15), BENCH_VENDOR_MEMBERS
 * (default 500), BENCH_VENDOR_CONNECTIONS (default 100), BENCH_VENDOR_RATES (open-loop rates in
 * rounds/s, comma-separated, default 200,1000; the budget is read at 1000); GAME_WALLET_LANES is
 * handed to the server.
 */
import { spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { describeMachine, measureHttpFloor, measureMachine } from './lib/machine';
import { openLoop } from './lib/open-loop';
import {
  cpuSeconds,
  freePort,
  startService,
  stopAll,
  treeCpuSeconds,
  waitUntilReady,
} from './lib/processes';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.join(BENCH_DIR, '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const BUDGET_ROUNDS = 1_000;
const BUDGET_P99_MS = 15;
const FUNDS_MINOR = 100_000_000;

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSeconds = Number(process.env.BENCH_VENDOR_DURATION ?? 15);
const memberCount = Number(process.env.BENCH_VENDOR_MEMBERS ?? 500);
const connections = Number(process.env.BENCH_VENDOR_CONNECTIONS ?? 100);
/** A fifth of the budget's rate: the latency of a call on a machine mostly idle. */
const LIGHT_ROUNDS = 200;
const openLoopRates = (process.env.BENCH_VENDOR_RATES ?? `${LIGHT_ROUNDS},${BUDGET_ROUNDS}`)
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface Player {
  token: string;
}

/** Members, their funds and a game session each, straight into the tables. */
async function seed(db: pg.Pool, baseUrl: string, opsToken: string): Promise<Player[]> {
  await db.query(
    `insert into members (username, password_hash, invite_code)
     select 'vbench' || g, 'x', 'V' || g from generate_series(1, $1) g`,
    [memberCount],
  );
  await db.query(`insert into wallets (member_id, currency) select id, 'BDT' from members`);
  const { rows: members } = await db.query<{ id: string; username: string }>(
    `select id, username from members where username like 'vbench%' order by id`,
  );
  // Funds through the operator's adjustment call: real ledger movements. The bench's scratch
  // site pays them at once: no second operator to approve them (four eyes above the threshold).
  const threshold = await fetch(`${baseUrl}/ops/api/settings/adjustmentApprovalThreshold`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ value: FUNDS_MINOR }),
  });
  if (!threshold.ok) throw new Error(`threshold: ${threshold.status} ${await threshold.text()}`);
  for (const member of members) {
    const res = await fetch(`${baseUrl}/ops/api/wallet/adjustments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: member.username,
        amountMinor: FUNDS_MINOR,
        reason: 'bench funds',
        key: `fund-${member.id}`,
      }),
    });
    if (!res.ok) throw new Error(`funding: ${res.status} ${await res.text()}`);
  }
  const {
    rows: [game],
  } = await db.query<{ id: string }>(
    `select id from games where vendor_code = 'JILI' order by id limit 1`,
  );
  return Promise.all(
    members.map(async (member) => {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `insert into game_sessions (token_hash, provider_code, member_id, game_id, account_kind,
                                    currency, language, expires_at)
         values ($1, 'DEMO', $2, $3, 'cash', 'BDT', 'EN', now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), member.id, game!.id],
      );
      return { token };
    }),
  );
}

interface RunFigures {
  roundsPerSecond: number;
  callsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Calls answered while the CPU time was counted, when not calls/s × the duration. */
  callsCounted?: number;
  /** CPU time per call, in microseconds: the server, Postgres, this load generator. */
  cpuUs?: { server?: number; postgres?: number; generator: number };
}

interface SignedRequest {
  body: string;
  headers: Record<string, string>;
}

/** A round's two calls, signed as the vendor signs them. */
interface SignedRound {
  bet: SignedRequest;
  win: SignedRequest;
}

/**
 * Signs `count` rounds before a run: the signing is the vendor's work on the vendor's machines,
 * so it should not take the cores the server and Postgres share with the load generator here.
 */
function signedRounds(secret: string, players: Player[], count: number): SignedRound[] {
  const signed = (body: object): SignedRequest => {
    const raw = JSON.stringify(body);
    return {
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-provider': 'DEMO',
        'x-signature': createHmac('sha256', secret).update(raw).digest('hex'),
      },
    };
  };
  return Array.from({ length: count }, () => {
    const player = players[Math.floor(Math.random() * players.length)]!;
    const roundId = randomUUID();
    return {
      bet: signed({
        token: player.token,
        txId: `b-${roundId}`,
        roundId,
        amount: 100 + Math.floor(Math.random() * 900),
        currency: 'BDT',
      }),
      win: signed({
        token: player.token,
        txId: `w-${roundId}`,
        roundId,
        amount: Math.random() < 0.6 ? 0 : Math.floor(Math.random() * 2_000),
        currency: 'BDT',
      }),
    };
  });
}

/** Enough rounds for a run at up to this many rounds per second (the rest are signed on the fly). */
const PRESIGNED_ROUNDS_PER_SECOND = 2_500;

/** Plays signed rounds (signed before the run; see signedRounds) flat out for `seconds`. */
function play(
  baseUrl: string,
  secret: string,
  players: Player[],
  seconds: number,
  rounds: SignedRound[] = [],
): Promise<RunFigures> {
  let next = 0;
  const nextRound = () => rounds[next++] ?? signedRounds(secret, players, 1)[0]!;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        pipelining: 1,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/wps/vendor/bet',
            setupRequest: (req, context) => {
              const round = nextRound();
              Object.assign(context, { round });
              return { ...req, ...round.bet };
            },
          },
          {
            method: 'POST',
            path: '/wps/vendor/win',
            setupRequest: (req, context) => ({
              ...req,
              ...(context as { round: SignedRound }).round.win,
            }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const calls = result.requests.total;
        resolve({
          roundsPerSecond: calls / 2 / (result.duration || seconds),
          callsPerSecond: calls / (result.duration || seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    void instance;
  });
}

/** The local Postgres server's process id (Debian's cluster), for its CPU time; else none. */
function postgresPid(): number | undefined {
  try {
    const file = readFileSync('/var/run/postgresql/15-main.pid', 'utf8');
    return Number(file.split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Plays `rate` rounds a second on a schedule (open loop; lib/open-loop.ts) for `seconds` after
 * a warm-up, over `connections` open connections: the latency a vendor sees at that rate. The
 * warm-up is 6 s: starting at 1,000 rounds/s from idle builds a backlog that takes 3–4 s to drain
 * on 2 vCPUs (wrk2 likewise calibrates for 10 s before it measures).
 */
async function playAtRate(
  baseUrl: string,
  rate: number,
  seconds: number,
  rounds: SignedRound[],
): Promise<RunFigures> {
  let next = 0;
  const call = (path: string, request: SignedRequest) => ({
    method: 'POST',
    path,
    headers: request.headers,
    body: request.body,
  });
  const result = await openLoop(
    { origin: baseUrl, connections, rate, warmupSeconds: 6, seconds },
    () => {
      // Never replay a signed round: a replay is answered from its first result, far cheaper.
      const round = rounds[next++];
      if (!round) throw new Error('the run needs more signed rounds than were signed before it');
      return [call('/wps/vendor/bet', round.bet), call('/wps/vendor/win', round.win)];
    },
  );
  return {
    roundsPerSecond: result.jobsPerSecond,
    callsPerSecond: result.callsPerSecond,
    p50: result.p50Ms,
    p99: result.p99Ms,
    max: result.maxMs,
    non2xx: result.non2xx,
    errors: result.errors,
    callsCounted: result.allCalls,
  };
}

/** Runs `run` and adds where the CPU went, per call. */
async function withCpu(serverPid: number | undefined, run: () => Promise<RunFigures>) {
  const pg = postgresPid();
  const before = {
    server: cpuSeconds(serverPid),
    postgres: pg === undefined ? undefined : treeCpuSeconds(pg),
    generator: process.cpuUsage(),
  };
  const figures = await run();
  const calls = Math.max(1, figures.callsCounted ?? figures.callsPerSecond * durationSeconds);
  const perCall = (start: number | undefined, end: number | undefined) =>
    start === undefined || end === undefined ? undefined : ((end - start) * 1e6) / calls;
  const generator = process.cpuUsage(before.generator);
  figures.cpuUs = {
    server: perCall(before.server, cpuSeconds(serverPid)),
    postgres: perCall(before.postgres, pg === undefined ? undefined : treeCpuSeconds(pg)),
    generator: (generator.user + generator.system) / calls,
  };
  return figures;
}

async function main() {
  const name = `khela_bench_vendor_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opsToken = randomBytes(24).toString('base64url');
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), name);
  // The demo catalogue and the demo vendor's registry row: the demo data's own step.
  const seeded = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/seed-demo.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
  const service = startService({
    name: 'app',
    port,
    command: process.execPath,
    // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": where the server's time goes.
    args: [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), SERVER_ENTRY],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      LOG_LEVEL: 'warn',
      OPS_TOKEN: opsToken,
      RATE_LIMIT_MAX: '100000000',
      NODE_ENV: 'production',
      ...(process.env.GAME_WALLET_LANES && { GAME_WALLET_LANES: process.env.GAME_WALLET_LANES }),
    },
    cwd: ROOT,
  });
  const db = new pg.Pool({ connectionString: url.toString(), max: 4 });
  try {
    await waitUntilReady(service, '/readyz', 120_000);
    const machine = await measureMachine(url.toString());
    const httpFloor = await measureHttpFloor(BUDGET_ROUNDS, connections);
    const players = await seed(db, service.baseUrl, opsToken);
    const {
      rows: [provider],
    } = await db.query<{ secret: string }>(`select secret from game_vendors where code = 'DEMO'`);
    const secret = provider!.secret;

    await play(service.baseUrl, secret, players, 5); // warm-up, discarded
    const pid = service.child.pid;
    const presigned = () =>
      signedRounds(secret, players, PRESIGNED_ROUNDS_PER_SECOND * durationSeconds);
    const flatRounds = presigned();
    const flat = await withCpu(pid, () =>
      play(service.baseUrl, secret, players, durationSeconds, flatRounds),
    );
    const paced = new Map<number, RunFigures>();
    for (const rate of openLoopRates) {
      const rounds = signedRounds(secret, players, rate * (durationSeconds + 7));
      paced.set(
        rate,
        await withCpu(pid, () => playAtRate(service.baseUrl, rate, durationSeconds, rounds)),
      );
    }
    const atBudget = paced.get(BUDGET_ROUNDS);

    const {
      rows: [check],
    } = await db.query<{ unbalanced: string; drifted: string; negative: string; open: string }>(`
      select
        (select count(*) from (select transaction_id from ledger_entries group by transaction_id
                               having sum(amount_minor) <> 0) u) as unbalanced,
        (select count(*) from ledger_accounts a
           where a.balance_minor <> coalesce((select sum(e.amount_minor) from ledger_entries e
                                              where e.account_id = a.id), 0)) as drifted,
        (select count(*) from ledger_accounts where not may_go_negative and balance_minor < 0) as negative,
        (select count(*) from game_rounds where status = 'open') as open`);
    const invariantsHold =
      Number(check!.unbalanced) === 0 &&
      Number(check!.drifted) === 0 &&
      Number(check!.negative) === 0;

    const throughputOk = flat.roundsPerSecond >= BUDGET_ROUNDS;
    const latencyOk =
      atBudget !== undefined &&
      atBudget.p99 <= BUDGET_P99_MS &&
      atBudget.roundsPerSecond >= BUDGET_ROUNDS * 0.95;
    const us = (value: number | undefined) => (value === undefined ? '?' : value.toFixed(0));
    const row = (label: string, r: RunFigures) =>
      `| ${label} | **${r.roundsPerSecond.toFixed(0)}** | ${r.callsPerSecond.toFixed(0)} | ${r.p50} / **${r.p99}** / ${r.max} | ${r.non2xx} | ${r.errors} | ${us(r.cpuUs?.server)} / ${us(r.cpuUs?.postgres)} / ${us(r.cpuUs?.generator)} |`;
    const lines = [
      '# Vendor wallet benchmark',
      '',
      `Run ${new Date().toISOString()} on ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); ` +
        `the built server and Postgres (${url.host}) on the same machine as the load generator; ` +
        `${connections} connections, ${players.length} members, ${durationSeconds} s per run, ` +
        `GAME_WALLET_LANES ${process.env.GAME_WALLET_LANES ?? 'unset (the server default)'}. ` +
        'A round is a signed bet then its signed win (60% of wins are 0, settling a lost round); the load generator signs the rounds before each run, as a vendor signs on its own machines.',
      '',
      describeMachine(machine, httpFloor),
      '',
      '| Run | rounds/s | calls/s | latency p50 / p99 / max (ms) | non-2xx | errors | CPU µs per call: server / Postgres / load generator |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      row('flat out', flat),
      ...[...paced].map(([rate, figures]) => row(`open loop at ${rate} rounds/s`, figures)),
      '',
      `- Throughput budget ≥ ${BUDGET_ROUNDS} rounds/s: ${throughputOk ? 'PASS' : 'FAIL'} (${flat.roundsPerSecond.toFixed(0)}).`,
      `- Latency budget p99 ≤ ${BUDGET_P99_MS} ms at ${connections} connections, at the budget's rate: ${latencyOk ? 'PASS' : 'FAIL'} (${atBudget ? `${atBudget.p99} ms` : 'not run'}).`,
      `- Ledger after the runs: ${invariantsHold ? 'every transaction nets to zero, every balance equals its entries, none negative' : `BROKEN ${JSON.stringify(check)}`}; rounds left open by the cut-off of the runs: ${check!.open}.`,
      '',
      'Command: `npm run build && npm run bench:vendor` (env BENCH_DATABASE_URL, BENCH_VENDOR_DURATION, BENCH_VENDOR_MEMBERS, BENCH_VENDOR_CONNECTIONS, BENCH_VENDOR_RATES; GAME_WALLET_LANES for the server).',
      '',
    ];
    console.log(lines.join('\n'));
    writeFileSync(path.join(BENCH_DIR, 'VENDOR.md'), lines.join('\n'));
    if (!invariantsHold || flat.non2xx > 0) process.exitCode = 1;
  } finally {
    await db.end();
    await stopAll();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
