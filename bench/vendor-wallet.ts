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
 * With an active bonus (docs/bonuses.md; budget: within 10% of the path without one): as many
 * members again, each with no cash and an active bonus holding the funds, so every bet is paid
 * from the bonus balance and every paying win pays its bonus share back into it (the bonus path
 * at its heaviest: both accounts locked, the bonus's status checked on the bet and read FOR
 * SHARE on the win). Flat out and at the lighter open-loop rate, the members without a bonus
 * and those with one take turns in short runs (without, with, with, without, twice), so a
 * machine whose speed drifts during the runs weighs on both alike.
 *
 * Env: BENCH_DATABASE_URL, BENCH_VENDOR_DURATION (s per run, default 15), BENCH_VENDOR_MEMBERS
 * (default 500), BENCH_VENDOR_CONNECTIONS (default 100), BENCH_VENDOR_RATES (open-loop rates in
 * rounds/s, comma-separated, default 200,1000; the budget is read at 1000), BENCH_VENDOR_BONUS
 * (0: skip the runs with a bonus), BENCH_VENDOR_BONUS_DURATION (s per run of those, default 8);
 * GAME_WALLET_LANES is handed to the server.
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
const withBonus = process.env.BENCH_VENDOR_BONUS !== '0';
/** Seconds of each run of the comparison with a bonus (eight of each kind). */
const bonusSeconds = Number(process.env.BENCH_VENDOR_BONUS_DURATION ?? 8);
/** The bonus path may cost this much of the path without one (throughput and p99). */
const BONUS_BUDGET = 0.1;

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

/**
 * Members, their funds and a game session each, straight into the tables. `bonus`: no cash, an
 * active bonus holding the funds instead (see giveBonuses).
 */
async function seed(
  db: pg.Pool,
  baseUrl: string,
  opsToken: string,
  bonus = false,
): Promise<Player[]> {
  const prefix = bonus ? 'vbonus' : 'vbench';
  await db.query(
    `insert into members (username, password_hash, invite_code)
     select $2 || g, 'x', upper($2) || g from generate_series(1, $1) g`,
    [memberCount, prefix],
  );
  await db.query(
    `insert into wallets (member_id, currency)
     select id, 'BDT' from members where username like $1 || '%'`,
    [prefix],
  );
  const { rows: members } = await db.query<{ id: string; username: string }>(
    `select id, username from members where username like $1 || '%' order by id`,
    [prefix],
  );
  if (bonus) {
    await giveBonuses(
      db,
      members.map((member) => member.id),
    );
    return sessions(db, members);
  }
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
  return sessions(db, members);
}

/** A game session for each member, in the demo vendor's first JILI game. */
async function sessions(db: pg.Pool, members: { id: string }[]): Promise<Player[]> {
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

/**
 * An active bonus of FUNDS_MINOR for each member, as the bonus engine gives one: a campaign, the
 * member_bonuses rows, and each grant posted through ledger_post (house `bonus` → the member's
 * `bonus_balance`), the accounts opened as Ledger.open opens them. The engine's own grant call
 * comes with it (issue 21); until then the bench writes what it would.
 */
async function giveBonuses(db: pg.Pool, memberIds: string[]) {
  const terms = {
    kind: 'manual',
    percentBp: null,
    amountMinor: FUNDS_MINOR,
    capMinor: null,
    minDepositMinor: null,
    wageringMultiplier: 10,
    wageringBase: 'bonus',
    weights: {},
    maxStakeMinor: null,
    maxConversionMinor: null,
    validHours: 720,
  };
  const {
    rows: [campaign],
  } = await db.query<{ id: string }>(
    `insert into bonus_campaigns (kind, name_en, name_bn, terms_en, terms_bn, amount_minor,
                                  wagering_multiplier, weights, valid_hours, created_by)
     values ('manual', 'Bench bonus', 'Bench bonus', '-', '-', $1, 10, '{}', 720, 'bench')
     returning id`,
    [FUNDS_MINOR],
  );
  await db.query(
    `insert into member_bonuses (member_id, campaign_id, kind, status, claim_key, amount_minor,
                                 currency, terms, required_minor, activated_at, expires_at)
     select m, $2, 'manual', 'active', 'bench', $3, 'BDT', $4::jsonb, $3::bigint * 10, now(),
            now() + interval '30 days'
     from unnest($1::bigint[]) m`,
    [memberIds, campaign!.id, FUNDS_MINOR, JSON.stringify(terms)],
  );
  await db.query(
    `insert into ledger_accounts (kind, owner_id, currency, may_go_negative, shard)
     select 'cash', m, 'BDT', false, 0 from unnest($1::bigint[]) m
     union all
     select 'bonus_balance', m, 'BDT', false, 0 from unnest($1::bigint[]) m
     union all
     select 'bonus', null, 'BDT', true, s from generate_series(0, 15) s
     on conflict do nothing`,
    [memberIds],
  );
  await db.query(
    `select l.transaction_id
     from member_bonuses b
     join ledger_accounts bb on bb.kind = 'bonus_balance' and bb.owner_id = b.member_id
     join ledger_accounts hb on hb.kind = 'bonus' and hb.owner_id is null
                            and hb.shard = b.member_id % 16,
     lateral ledger_post('bonus.grant', 'bonus', 'grant:' || b.id, md5(b.id::text), b.member_id,
                         jsonb_build_object('memberBonus', b.id::text),
                         array[bb.id, hb.id], array[b.amount_minor, -b.amount_minor]) l
     where b.member_id = any($1::bigint[])`,
    [memberIds],
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
async function withCpu(
  serverPid: number | undefined,
  run: () => Promise<RunFigures>,
  seconds = durationSeconds,
) {
  const pg = postgresPid();
  const before = {
    server: cpuSeconds(serverPid),
    postgres: pg === undefined ? undefined : treeCpuSeconds(pg),
    generator: process.cpuUsage(),
  };
  const figures = await run();
  const calls = Math.max(1, figures.callsCounted ?? figures.callsPerSecond * seconds);
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

/** The runs without and with a bonus: their rows, and each pair's mean against the budget. */
function bonusSection(
  runs: { label: string; bonus: boolean; figures: RunFigures }[],
  row: (label: string, figures: RunFigures) => string,
  path: { bets: string; wins: string },
): string[] {
  if (runs.length === 0) return [];
  const labels = [...new Set(runs.map((run) => run.label))];
  const mean = (label: string, bonus: boolean, of: (f: RunFigures) => number) => {
    const values = runs
      .filter((r) => r.label === label && r.bonus === bonus)
      .map((r) => of(r.figures));
    return values.reduce((sum, value) => sum + value, 0) / values.length;
  };
  const verdicts = labels.map((label) => {
    const rounds = [false, true].map((bonus) => mean(label, bonus, (f) => f.roundsPerSecond));
    const p99 = [false, true].map((bonus) => mean(label, bonus, (f) => f.p99));
    const roundsLoss = 1 - rounds[1]! / rounds[0]!;
    const p99Gain = p99[1]! / p99[0]! - 1;
    // Flat out the throughput is the figure; at a fixed rate it is set by the schedule, and the
    // latency is the figure.
    const flat = label === 'flat out';
    const ok = flat
      ? roundsLoss <= BONUS_BUDGET && p99Gain <= BONUS_BUDGET
      : p99Gain <= BONUS_BUDGET;
    return `- ${label}, mean of ${runs.filter((r) => r.label === label).length / 2} runs each: without a bonus ${rounds[0]!.toFixed(0)} rounds/s, p99 ${p99[0]!.toFixed(2)} ms; with one ${rounds[1]!.toFixed(0)} rounds/s (${(-roundsLoss * 100).toFixed(1)} %), p99 ${p99[1]!.toFixed(2)} ms (${p99Gain >= 0 ? '+' : ''}${(p99Gain * 100).toFixed(1)} %): ${ok ? 'PASS' : 'FAIL'} (budget: within ${BONUS_BUDGET * 100} %${flat ? '' : ' on p99'}).`;
  });
  return [
    '',
    '## With an active bonus',
    '',
    `As many members again, each with no cash and an active bonus holding the funds: every bet is paid from the bonus balance, every paying win pays its bonus share back into it (the heaviest bonus path). Runs of ${bonusSeconds} s taking turns: without, with, with, without, twice.`,
    '',
    '| Run | rounds/s | calls/s | latency p50 / p99 / max (ms) | non-2xx | errors | CPU µs per call: server / Postgres / load generator |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...runs.map((run) =>
      row(`${run.label}, ${run.bonus ? 'with a bonus' : 'without'}`, run.figures),
    ),
    '',
    ...verdicts,
    `- The bonus path was taken: ${path.bets} rounds staked from a bonus balance, ${path.wins} wins paid into one.`,
    '',
  ];
}

async function main() {
  const loadAtStart = os.loadavg()[0]!.toFixed(1);
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
    const bonusPlayers = withBonus ? await seed(db, service.baseUrl, opsToken, true) : [];
    const {
      rows: [provider],
    } = await db.query<{ secret: string }>(`select secret from game_vendors where code = 'DEMO'`);
    const secret = provider!.secret;

    await play(service.baseUrl, secret, players, 5); // warm-up, discarded
    if (withBonus) await play(service.baseUrl, secret, bonusPlayers, 5);
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

    // Without and with a bonus in short runs taking turns (without, with, with, without, twice),
    // so a machine whose speed drifts weighs on both alike.
    const bonusRuns: { label: string; bonus: boolean; figures: RunFigures }[] = [];
    const turns = [false, true, true, false, false, true, true, false];
    if (withBonus) {
      for (const bonus of turns) {
        const who = bonus ? bonusPlayers : players;
        const rounds = signedRounds(secret, who, PRESIGNED_ROUNDS_PER_SECOND * bonusSeconds);
        const figures = await withCpu(
          pid,
          () => play(service.baseUrl, secret, who, bonusSeconds, rounds),
          bonusSeconds,
        );
        bonusRuns.push({ label: 'flat out', bonus, figures });
      }
      for (const bonus of turns) {
        const who = bonus ? bonusPlayers : players;
        const rounds = signedRounds(secret, who, LIGHT_ROUNDS * (bonusSeconds + 7));
        const figures = await withCpu(pid, () =>
          playAtRate(service.baseUrl, LIGHT_ROUNDS, bonusSeconds, rounds),
        );
        bonusRuns.push({ label: `open loop at ${LIGHT_ROUNDS} rounds/s`, bonus, figures });
      }
    }
    const {
      rows: [bonusPath],
    } = await db.query<{ bets: string; wins: string }>(`
      select
        (select count(*) from game_rounds where bonus_stake_minor > 0) as bets,
        (select count(*) from ledger_transactions
          where kind = 'win' and reference->>'bonusTo' = 'bonus') as wins`);

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
        `Load average (1 min) at the start ${loadAtStart}, at the end ${os.loadavg()[0]!.toFixed(1)}. ` +
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
      ...bonusSection(bonusRuns, row, bonusPath!),
      `- Ledger after the runs: ${invariantsHold ? 'every transaction nets to zero, every balance equals its entries, none negative' : `BROKEN ${JSON.stringify(check)}`}; rounds left open by the cut-off of the runs: ${check!.open}.`,
      '',
      'Command: `npm run build && npm run bench:vendor` (env BENCH_DATABASE_URL, BENCH_VENDOR_DURATION, BENCH_VENDOR_MEMBERS, BENCH_VENDOR_CONNECTIONS, BENCH_VENDOR_RATES, BENCH_VENDOR_BONUS, BENCH_VENDOR_BONUS_DURATION; GAME_WALLET_LANES for the server).',
      '',
    ];
    console.log(lines.join('\n'));
    writeFileSync(path.join(BENCH_DIR, 'VENDOR.md'), lines.join('\n'));
    if (!invariantsHold || flat.non2xx > 0) process.exitCode = 1;
    if (bonusRuns.some((run) => run.figures.non2xx > 0)) process.exitCode = 1;
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
