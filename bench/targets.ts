/**
 * What `npm run bench` loads against the app. Each target is measured right after a fresh
 * hello-world run, and its throughput is reported as a ratio to that run.
 *
 * To add one: append an entry. Budgets are optional; a target without one is reported, not judged.
 * A target must answer 2xx (the run checks it once before loading it, and counts non-2xx answers
 * under load as a failure).
 */
import { addDays, recordToday } from '../packages/contract/src/records';

export interface Budget {
  /** Minimum requests/s as a fraction of hello-world's in the same run (0.6 = 60 %). */
  ratioMin?: number;
  /** Minimum requests/s per CPU core of the machine (login: hashes are CPU-bound). */
  perCoreMin?: number;
  /** Maximum 99th-percentile latency, in milliseconds. */
  p99MaxMs?: number;
}

/** The app's logging level under load. */
export type AppLogLevel = 'warn' | 'info';

/**
 * The bench's level: no line per request, so the figures measure the code path. Targets marked
 * `logLevel: 'info'` run on a second app in the default configuration, which logs one line per
 * request (issue 17: logging production can keep on).
 */
export const BENCH_LOG_LEVEL: AppLogLevel = 'warn';

export interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Request body, sent as is (set content-type in `headers`). */
  body?: string;
  /**
   * A fresh path for each request (`path` is then only the first check's): for answers that no
   * cache can hold.
   */
  nextPath?: () => string;
  /** A fresh path and headers for each request (several members' sessions). */
  nextRequest?: () => { path: string; headers?: Record<string, string> };
  /** Concurrent connections for this target and its hello-world baseline (default 100). */
  connections?: number;
  /**
   * Least warm-up for this target, in seconds (the run's own when longer). A slow call needs
   * longer for V8 to optimise its code: figures should show a server that has been up a while.
   */
  warmupSeconds?: number;
  /**
   * Runs once against the started app before the target is checked: makes what the request
   * needs (a member, a session) and returns headers and body to send.
   */
  prepare?: (app: AppHandle) => Promise<{ headers?: Record<string, string>; body?: string }>;
  /** The app's LOG_LEVEL for this target (the bench's own, `warn`, unless set). */
  logLevel?: AppLogLevel;
  budget: Budget;
}

/** The running app as `prepare` sees it. */
export interface AppHandle {
  baseUrl: string;
  /** Calls the operator API with the app's operator token. */
  ops: (method: string, path: string, body?: unknown) => Promise<unknown>;
}

const BENCH_PASSWORD = 'Sylhet-Tea-Garden-19';

/** A member made through the real registration call, with the captcha switched off for it. */
async function benchMember(app: AppHandle) {
  const rules = (await app.ops('GET', '/settings/registrationRules')) as { value: object };
  await app.ops('PUT', '/settings/registrationRules', {
    value: { ...rules.value, captcha: false },
  });
  const username = `bench${Date.now().toString(36)}`;
  const res = await fetch(`${app.baseUrl}/wps/member/register`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`bench member: ${res.status} ${await res.text()}`);
  const { value } = (await res.json()) as { value: { token: string } };
  return { username, token: value.token };
}

const json = { 'content-type': 'application/json' };

/** What a phone's browser sends: the catalogue answers go compressed. */
const browser = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8',
};

/**
 * Game-list pages no answer cache holds: every page size from 1 to 100 over every page of the
 * catalogue, in two languages and two filters (some 60,000 pages), in a shuffled order.
 */
function uncachedGameListPaths(): () => string {
  const paths: string[] = [];
  for (const language of ['BN', 'EN']) {
    for (const filter of ['', '&gameType=RNG']) {
      for (let pageSize = 1; pageSize <= 100; pageSize += 1) {
        for (let pageNo = 1; pageNo <= Math.ceil(2600 / pageSize); pageNo += 1) {
          paths.push(
            `/wps/game/list?pageNo=${pageNo}&pageSize=${pageSize}&language=${language}${filter}`,
          );
        }
      }
    }
  }
  let seed = 12345;
  for (let i = paths.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j]!, paths[i]!];
  }
  let next = 0;
  return () => paths[(next += 1) % paths.length]!;
}

/**
 * Transaction records on a filled ledger (bench/ledger-fill.ts: 20,000 members, 10 million
 * entries): 8 of those members log in, and every page of their last 12 months is asked for by its
 * real cursor, the members' pages shuffled together.
 */
const RECORDS_TARGET = 'transaction records (10 M ledger rows, cursor pages)';
const recordsRequests: { path: string; headers: Record<string, string> }[] = [];
let nextRecordsRequest = 0;

async function prepareRecords(app: AppHandle) {
  const fillMembers = Number(process.env.FILL_MEMBERS ?? 20_000);
  const to = recordToday();
  const from = addDays(to, -365);
  let firstToken = '';
  for (let n = 0; n < 8; n += 1) {
    const username = `fill${1 + Math.floor((n * fillMembers) / 8)}`;
    const login = await fetch(`${app.baseUrl}/wps/session/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: BENCH_PASSWORD }),
    });
    if (!login.ok) {
      throw new Error(
        `${RECORDS_TARGET}: ${username} cannot log in (${login.status}). Fill the database first: ` +
          'BENCH_DATABASE_URL=… npx tsx bench/ledger-fill.ts',
      );
    }
    const token = ((await login.json()) as { value: { token: string } }).value.token;
    firstToken ||= token;
    let cursor: string | null = null;
    do {
      const path: string =
        `/wps/wallet/transactions?from=${from}&to=${to}&pageSize=20&language=BN` +
        (cursor ? `&cursor=${cursor}` : '');
      recordsRequests.push({ path, headers: { token } });
      const page = await fetch(app.baseUrl + path, { headers: { token } });
      if (!page.ok) throw new Error(`${RECORDS_TARGET}: ${path} answered ${page.status}`);
      cursor = ((await page.json()) as { value: { nextCursor: string | null } }).value.nextCursor;
    } while (cursor);
  }
  let seed = 777;
  for (let i = recordsRequests.length - 1; i > 0; i -= 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [recordsRequests[i], recordsRequests[j]] = [recordsRequests[j]!, recordsRequests[i]!];
  }
  return { headers: { token: firstToken } };
}

const recordsTarget: Target = {
  name: RECORDS_TARGET,
  path: '/wps/wallet/transactions',
  method: 'GET',
  nextRequest: () => recordsRequests[(nextRecordsRequest += 1) % recordsRequests.length]!,
  // As the other database reads: 20 players opening record pages at the same moment.
  connections: 20,
  prepare: prepareRecords,
  budget: { p99MaxMs: 20 },
};

/** A target's name as a flag spells it: `member info (session lookup)` → `member-info-session-lookup`. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Whether `--only` (or BENCH_ONLY) picks the target named `name`: a comma-separated list, each
 * item a part of a name as written (`member info`) or as a flag spells it (`member-info`).
 */
export function onlyPicks(only: string, name: string): boolean {
  return only
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '')
    .some((item) => name.toLowerCase().includes(item) || slug(name).includes(slug(item)));
}

/** `--only <list>` on the command line, else BENCH_ONLY; undefined when neither is set. */
export function onlyArgument(argv = process.argv.slice(2)): string | undefined {
  const flag = argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (flag === -1) return process.env.BENCH_ONLY || undefined;
  const value = argv[flag]!.startsWith('--only=') ? argv[flag]!.slice(7) : argv[flag + 1];
  if (!value) throw new Error('--only needs a list of target names: --only favourites,member-info');
  return value;
}

/** The records target needs the filled ledger: only on Postgres, or when --only names it. */
const only = onlyArgument();
const wantRecords =
  Boolean(process.env.BENCH_DATABASE_URL) ||
  (only !== undefined && onlyPicks(only, RECORDS_TARGET));

export const targets: Target[] = [
  {
    name: 'system status',
    path: '/wps/system/status',
    method: 'GET',
    budget: { ratioMin: 0.6, p99MaxMs: 10 },
  },
  {
    // The default configuration, as production runs: LOG_LEVEL=info, one line per request.
    name: 'system status, default logging (info)',
    path: '/wps/system/status',
    method: 'GET',
    logLevel: 'info',
    budget: { ratioMin: 0.5 },
  },
  {
    // What a browser sends: the answer (1.7 kB) is over the compression threshold, so each request
    // is compressed. Reported without a budget, beside the plain figure the budget applies to.
    name: 'system status, browser headers',
    path: '/wps/system/status',
    method: 'GET',
    headers: {
      'accept-encoding': 'gzip, deflate, br, zstd',
      'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8',
    },
    budget: {},
  },
  {
    // Each login verifies an argon2id hash (m = 7 MiB, t = 5) on the thread pool and writes a
    // session and an audit row: CPU-bound, so judged per core at 20 connections. About 100
    // logins a second: 3 s of warm-up is 300 logins, too few for V8 to optimise the path.
    name: 'login (real password hash)',
    path: '/wps/session/login',
    method: 'POST',
    connections: 20,
    warmupSeconds: 20,
    prepare: async (app) => {
      const { username } = await benchMember(app);
      return { headers: json, body: JSON.stringify({ username, password: BENCH_PASSWORD }) };
    },
    budget: { perCoreMin: 60 },
  },
  {
    name: 'registration settings',
    path: '/wps/system/setting/register',
    method: 'GET',
    budget: { ratioMin: 0.3 },
  },
  {
    name: 'member info (session lookup)',
    path: '/wps/member/info',
    method: 'GET',
    prepare: async (app) => ({ headers: { token: (await benchMember(app)).token } }),
    budget: { ratioMin: 0.3 },
  },
  {
    name: 'wallet balance (session lookup)',
    path: '/wps/member/wallet',
    method: 'GET',
    prepare: async (app) => ({ headers: { token: (await benchMember(app)).token } }),
    budget: { ratioMin: 0.3 },
  },
  {
    name: 'username check',
    path: '/wps/check/username?username=freename42',
    method: 'GET',
    budget: { ratioMin: 0.3 },
  },
  {
    name: 'game list (cached page)',
    path: '/wps/game/list?gameType=RNG&pageNo=2&pageSize=36&language=BN',
    method: 'GET',
    headers: browser,
    budget: { ratioMin: 0.5, p99MaxMs: 10 },
  },
  {
    name: 'hot games',
    path: '/wps/game/hot?language=BN',
    method: 'GET',
    headers: browser,
    budget: { ratioMin: 0.5, p99MaxMs: 10 },
  },
  {
    name: 'vendors and categories',
    path: '/wps/game/vendors?language=BN',
    method: 'GET',
    headers: browser,
    budget: { ratioMin: 0.5, p99MaxMs: 10 },
  },
  {
    // Home's announcements call (banners, notices, popups), as a visitor's browser sends it.
    name: 'announcements',
    path: '/wps/announcement?types=B%2CPL%2CPU&groupName=m_home&platform=M&language=BN',
    method: 'GET',
    headers: browser,
    budget: { ratioMin: 0.5, p99MaxMs: 10 },
  },
  {
    // A catalogue read in the default configuration (one line per request); reported, the
    // budget is system status's above.
    name: 'game list (cached page), default logging (info)',
    path: '/wps/game/list?gameType=RNG&pageNo=2&pageSize=36&language=BN',
    method: 'GET',
    headers: browser,
    logLevel: 'info',
    budget: {},
  },
  {
    // Every request a page the answer cache has not kept: filtered, paged and serialised anew.
    name: 'game list (uncached pages)',
    path: '/wps/game/list?pageNo=1&pageSize=36&language=BN',
    nextPath: uncachedGameListPaths(),
    method: 'GET',
    headers: browser,
    // Each costs ~0.3 ms of CPU, so 100 waiting connections would measure the queue, not the
    // answer: 20 is a busy process's share of players asking for new pages at once.
    connections: 20,
    budget: { p99MaxMs: 25 },
  },
  {
    // A member's own page, filtered, serialised and compressed for each call; the favourite ids
    // come from the process's copy (read from the database after a change).
    name: "game list (favourites, a member's own page)",
    path: '/wps/game/list?dataType=FAV&pageNo=1&pageSize=36&language=BN',
    method: 'GET',
    connections: 20,
    prepare: async (app) => {
      const { token } = await benchMember(app);
      const list = await fetch(`${app.baseUrl}/wps/game/list?pageSize=60&gameType=RNG`);
      const { value } = (await list.json()) as { value: { games: Array<{ nodeId: string }> } };
      for (const game of value.games) {
        await fetch(`${app.baseUrl}/wps/game/favourite`, {
          method: 'POST',
          headers: { ...json, token },
          body: JSON.stringify({ nodeId: game.nodeId }),
        });
      }
      return { headers: { ...browser, token } };
    },
    budget: { p99MaxMs: 25 },
  },
  ...(wantRecords ? [recordsTarget] : []),
];
