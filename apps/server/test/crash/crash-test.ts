/**
 * `npm run test:crash`: kills the server with SIGKILL at random moments during a stream of
 * deposits and withdrawals, restarts it on the same database, and proves that no acknowledged
 * movement was lost and no half-movement exists.
 *
 * For each store (embedded PGlite in a data directory, then Postgres when reachable) it:
 *  1. starts the built server (apps/server/dist/server.js) and registers members, each with a
 *     bound payee account;
 *  2. runs workers that deposit (create, then the sandbox's signed webhook) and withdraw, noting
 *     every answer the server acknowledged with 200 and every request whose fate is unknown
 *     because the server died under it;
 *  3. SIGKILLs the server after a random 0.3–2.5 s, restarts it, checks that every acknowledged
 *     deposit is paid and every acknowledged withdrawal exists, and retries the unknown requests
 *     with their original keys (a retry must never pay twice);
 *  4. after the last round stops the server and opens the database itself: every paid deposit has
 *     exactly one ledger movement and every unpaid one none, every withdrawal its hold, each
 *     member's cash plus held money equals their paid deposits, and the ledger's invariants hold.
 *
 * Env: CRASH_ROUNDS (default 6), CRASH_STORES (pglite,postgres), CRASH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a scratch database is made and dropped there).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, pgliteHandle, type DatabaseHandle } from '../../src/db/client';
import { ledgerInvariants } from '../../src/modules/ledger/ledger';
import { SandboxStandIn } from '../stand-ins/sandbox';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_ROOT = path.resolve(HERE, '../..');
const SERVER_ENTRY = process.env.CRASH_SERVER_ENTRY ?? path.join(SERVER_ROOT, 'dist/server.js');
const SEED_ENTRY = path.join(path.dirname(SERVER_ENTRY), 'seed-demo.js');
const MIGRATIONS = path.join(SERVER_ROOT, 'src/db/migrations');
const OPS_TOKEN = `crash-${randomBytes(12).toString('hex')}`;
const SANDBOX_SECRET = `crash-sandbox-${randomBytes(12).toString('hex')}`;
const PASSWORD = 'Sundarban-Tiger-42';
const MEMBERS = 4;
const WORKERS = 6;
const rounds = Number(process.env.CRASH_ROUNDS ?? 6);
const stores = (process.env.CRASH_STORES ?? 'pglite,postgres').split(',');
const pgServerUrl = process.env.CRASH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The sandbox gateway the server opens its payments at (the partners app's API, stood in). */
const sandbox = new SandboxStandIn(SANDBOX_SECRET);

interface Member {
  username: string;
  token: string;
  payeeId: string;
}
/** A request whose answer never came: retried after the restart with the same key. */
interface Unknown {
  kind: 'deposit-create' | 'webhook' | 'withdraw';
  member: Member;
  key: string;
  body: unknown;
  ref?: string;
}

class Store {
  constructor(
    readonly name: 'pglite' | 'postgres',
    readonly dataDir: string,
    readonly databaseUrl?: string,
  ) {}

  async open(): Promise<DatabaseHandle> {
    if (this.databaseUrl) return openPostgres(this.databaseUrl, 2, MIGRATIONS);
    return pgliteHandle(await PGlite.create(path.join(this.dataDir, 'pglite')), MIGRATIONS);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

class Server {
  private child?: ChildProcess;
  readonly base: string;

  constructor(
    private readonly store: Store,
    private readonly port: number,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  async start() {
    const store = {
      PATH: process.env.PATH,
      DATA_DIR: this.store.dataDir,
      ...(this.store.databaseUrl ? { DATABASE_URL: this.store.databaseUrl } : {}),
    };
    // The demo data (payment channels, settings) is its own step; it skips what exists.
    if (existsSync(SEED_ENTRY)) {
      const seeded = spawnSync(process.execPath, [SEED_ENTRY], { env: store, stdio: 'ignore' });
      if (seeded.status !== 0) throw new Error(`seeding the demo data failed (${seeded.status})`);
    }
    this.child = spawn(process.execPath, [SERVER_ENTRY], {
      env: {
        ...store,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        OPS_TOKEN,
        OPS_CAPTCHA_PEEK: 'true',
        PAYMENT_PROVIDERS: 'sandbox',
        PAYMENT_SANDBOX_URL: sandbox.baseUrl,
        PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET,
        PUBLIC_URL: this.base,
        LOG_LEVEL: 'error',
        RATE_LIMIT_MAX: '100000000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.base}/readyz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (this.child.exitCode !== null)
        throw new Error(`server exited with ${this.child.exitCode}`);
      await sleep(100);
    }
    throw new Error('server did not become ready in 60 s');
  }

  async kill(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

async function call(
  server: Server,
  method: string,
  url: string,
  options: {
    token?: string;
    key?: string;
    body?: unknown;
    headers?: Record<string, string>;
    raw?: string;
  } = {},
) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined || options.raw ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { token: options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...options.headers,
    },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const json = (await res.json().catch(() => ({}))) as {
    value?: Record<string, unknown>;
    errorCode?: string;
  };
  return { status: res.status, value: json.value ?? {}, json };
}

async function register(server: Server, index: number): Promise<Member> {
  const username = `crash${index}${randomBytes(3).toString('hex')}`;
  const { value: captcha } = await call(server, 'GET', '/wps/captcha');
  const peek = await call(server, 'GET', `/ops/api/captcha/${String(captcha.captchaId)}`, {
    headers: { authorization: `Bearer ${OPS_TOKEN}` },
  });
  const reg = await call(server, 'PUT', '/wps/member/register?language=EN', {
    body: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      captchaId: captcha.captchaId,
      captcha: peek.value.answer,
    },
  });
  if (reg.status !== 200) throw new Error(`register: ${JSON.stringify(reg.json)}`);
  const token = String(reg.value.token);
  const bind = await call(server, 'POST', '/wps/wallet/payees?language=EN', {
    token,
    body: {
      channelCode: 'BKASH',
      accountName: 'Crash Test',
      accountNumber: `0171${String(1_000_000 + index).slice(-7)}`,
      password: PASSWORD,
    },
  });
  if (bind.status !== 200) throw new Error(`bind payee: ${JSON.stringify(bind.json)}`);
  const list = await call(server, 'GET', '/wps/wallet/payees', { token });
  const payees = (list.value.payees as { id: string }[] | undefined) ?? [];
  if (!payees[0]) throw new Error('no payee after binding');
  return { username, token, payeeId: payees[0].id };
}

function webhook(ref: string, amountMinor: number) {
  const body = JSON.stringify({ ref, status: 'paid', amountMinor, currency: 'BDT' });
  const timestamp = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', SANDBOX_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return {
    raw: body,
    headers: {
      'x-sandbox-timestamp': String(timestamp),
      'x-sandbox-signature': `sha256=${digest}`,
    },
  };
}

const ackedDeposits = new Map<string, { member: Member; amountMinor: number }>(); // by deposit id
const ackedWithdrawals = new Map<string, Member>(); // by withdrawal id
let unknowns: Unknown[] = [];
/** Refused withdrawals by error code (insufficient funds is expected: they race deposits). */
const refusals = new Map<string, number>();

/** One worker: deposits and withdrawals until the server dies under it. */
async function worker(server: Server, members: Member[], alive: { value: boolean }) {
  while (alive.value) {
    const member = members[Math.floor(Math.random() * members.length)]!;
    if (Math.random() < 0.65) {
      const key = randomUUID();
      const body = {
        channelCode: 'BKASH',
        amountMinor: 50_000 + Math.floor(Math.random() * 150_000),
      };
      let created;
      try {
        created = await call(server, 'POST', '/wps/wallet/deposits', {
          token: member.token,
          key,
          body,
        });
      } catch {
        unknowns.push({ kind: 'deposit-create', member, key, body });
        return;
      }
      if (created.status !== 200) continue; // refused (a limit): nothing to check
      const deposit = created.value.deposit as { id: string; providerRef: string };
      const notice = webhook(deposit.providerRef, body.amountMinor);
      try {
        const paid = await call(server, 'POST', '/payments/sandbox/notify', notice);
        if (paid.status === 200)
          ackedDeposits.set(deposit.id, { member, amountMinor: body.amountMinor });
      } catch {
        unknowns.push({ kind: 'webhook', member, key, body, ref: deposit.providerRef });
        return;
      }
    } else {
      const key = randomUUID();
      const body = {
        payeeId: member.payeeId,
        amountMinor: 50_000 + Math.floor(Math.random() * 50_000),
      };
      try {
        const res = await call(server, 'POST', '/wps/wallet/withdrawals', {
          token: member.token,
          key,
          body,
        });
        if (res.status === 200) {
          ackedWithdrawals.set((res.value.withdrawal as { id: string }).id, member);
        } else {
          const code = String(res.json.errorCode);
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        }
      } catch {
        unknowns.push({ kind: 'withdraw', member, key, body });
        return;
      }
    }
  }
}

async function checkAfterRestart(server: Server) {
  for (const [id, { member }] of ackedDeposits) {
    const res = await call(server, 'GET', `/wps/wallet/deposits/${id}`, { token: member.token });
    const status = (res.value as { status?: string }).status;
    if (status !== 'paid')
      throw new Error(`acknowledged deposit ${id} is ${status} after the crash`);
  }
  // Unknown requests are retried with their original keys: each pays at most once.
  for (const u of unknowns) {
    if (u.kind === 'withdraw') {
      const res = await call(server, 'POST', '/wps/wallet/withdrawals', {
        token: u.member.token,
        key: u.key,
        body: u.body,
      });
      if (res.status === 200)
        ackedWithdrawals.set((res.value.withdrawal as { id: string }).id, u.member);
    } else if (u.kind === 'deposit-create') {
      await call(server, 'POST', '/wps/wallet/deposits', {
        token: u.member.token,
        key: u.key,
        body: u.body,
      });
    } else if (u.ref) {
      const amount = (u.body as { amountMinor: number }).amountMinor;
      const res = await call(server, 'POST', '/payments/sandbox/notify', webhook(u.ref, amount));
      if (res.status === 200)
        ackedDeposits.set(String(res.value.depositId), { member: u.member, amountMinor: amount });
    }
  }
  unknowns = [];
}

async function finalCheck(store: Store) {
  const handle = await store.open();
  try {
    const { db } = handle;
    const q = async <T>(text: string): Promise<{ rows: T[] }> => {
      const result: unknown = await db.execute(text);
      return result as { rows: T[] };
    };
    const problems: string[] = [];
    const invariants = await ledgerInvariants(db);
    for (const [name, ids] of Object.entries(invariants)) {
      if (ids.length) problems.push(`${name}: ${ids.join(', ')}`);
    }
    const paidWithout = await q<{ id: string }>(`
      select d.id from deposits d where d.status = 'paid' and (select count(*) from ledger_transactions t
        where t.source = 'payment:sandbox' and t.idempotency_key = d.provider_ref) <> 1`);
    if (paidWithout.rows.length)
      problems.push(
        `paid deposits without exactly one movement: ${paidWithout.rows.map((r) => r.id).join(', ')}`,
      );
    const movedUnpaid = await q<{ id: string }>(`
      select d.id from deposits d where d.status <> 'paid' and exists (select 1 from ledger_transactions t
        where t.source = 'payment:sandbox' and t.idempotency_key = d.provider_ref)`);
    if (movedUnpaid.rows.length)
      problems.push(
        `unpaid deposits with a movement: ${movedUnpaid.rows.map((r) => r.id).join(', ')}`,
      );
    const withoutHold = await q<{ id: string }>(
      `select id from withdrawals where hold_transaction_id is null`,
    );
    if (withoutHold.rows.length)
      problems.push(
        `withdrawals without their hold: ${withoutHold.rows.map((r) => r.id).join(', ')}`,
      );
    const sums = await q<{ username: string; held: string; paid: string }>(`
      select m.username,
        (select coalesce(sum(a.balance_minor), 0) from ledger_accounts a
          where a.owner_id = m.id and a.kind in ('cash', 'withdrawal_hold')) as held,
        (select coalesce(sum(d.amount_minor), 0) from deposits d
          where d.member_id = m.id and d.status = 'paid') as paid
      from members m where m.username like 'crash%'`);
    for (const row of sums.rows) {
      if (String(row.held) !== String(row.paid))
        problems.push(`${row.username}: holds ${row.held} but paid in ${row.paid}`);
    }
    const ids = [...ackedDeposits.keys()];
    if (ids.length) {
      const found = await q<{ n: string }>(
        `select count(*) as n from deposits where status = 'paid' and id in (${ids.join(',')})`,
      );
      if (Number(found.rows[0]?.n) !== ids.length)
        problems.push('an acknowledged deposit is not paid');
    }
    const wids = [...ackedWithdrawals.keys()];
    if (wids.length) {
      const found = await q<{ n: string }>(
        `select count(*) as n from withdrawals where id in (${wids.join(',')})`,
      );
      if (Number(found.rows[0]?.n) !== wids.length)
        problems.push('an acknowledged withdrawal is missing');
    }
    return problems;
  } finally {
    await handle.close();
  }
}

async function runStore(store: Store) {
  ackedDeposits.clear();
  ackedWithdrawals.clear();
  refusals.clear();
  unknowns = [];
  const server = new Server(store, await freePort());
  try {
    return await crashRounds(store, server);
  } finally {
    // Whatever went wrong, no server is left running.
    await server.kill('SIGKILL');
  }
}

async function crashRounds(store: Store, server: Server) {
  await server.start();
  const members: Member[] = [];
  for (let i = 0; i < MEMBERS; i += 1) members.push(await register(server, i));
  let kills = 0;
  for (let round = 1; round <= rounds; round += 1) {
    const alive = { value: true };
    const work = Promise.all(Array.from({ length: WORKERS }, () => worker(server, members, alive)));
    await sleep(300 + Math.random() * 2_200);
    await server.kill('SIGKILL');
    kills += 1;
    alive.value = false;
    await work;
    await server.start();
    await checkAfterRestart(server);
    console.log(
      `  ${store.name} round ${round}: killed; ${ackedDeposits.size} deposits and ${ackedWithdrawals.size} withdrawals acknowledged so far, all present after restart; withdrawals refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
    );
  }
  await server.kill('SIGTERM');
  const problems = await finalCheck(store);
  return { kills, deposits: ackedDeposits.size, withdrawals: ackedWithdrawals.size, problems };
}

async function main() {
  if (!existsSync(SERVER_ENTRY)) throw new Error('build the server first: npm run build');
  await sandbox.start();
  let failed = false;
  for (const name of stores) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-crash-'));
    let dropDatabase: (() => Promise<void>) | undefined;
    let store: Store;
    if (name === 'postgres') {
      const dbName = `khela_crash_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgServerUrl });
      try {
        await admin.connect();
      } catch {
        console.log(`postgres: skipped, no server at ${pgServerUrl}`);
        continue;
      }
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(pgServerUrl);
      url.pathname = `/${dbName}`;
      store = new Store('postgres', dataDir, url.toString());
      dropDatabase = async () => {
        const again = new pg.Client({ connectionString: pgServerUrl });
        await again.connect();
        await again.query(`drop database if exists ${dbName} with (force)`);
        await again.end();
      };
    } else {
      store = new Store('pglite', dataDir);
    }
    try {
      const result = await runStore(store);
      const verdict = result.problems.length ? 'FAIL' : 'PASS';
      console.log(
        `${store.name}: ${verdict} — ${result.kills} SIGKILLs, ${result.deposits} acknowledged deposits, ${result.withdrawals} acknowledged withdrawals`,
      );
      for (const problem of result.problems) console.log(`  ${problem}`);
      if (result.problems.length) failed = true;
    } finally {
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  await sandbox.close();
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
