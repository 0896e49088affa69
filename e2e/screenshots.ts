/**
 * `npm run screenshots`: every /m screen of the route map at 360×640 on a touch phone, in Bengali
 * and in English, written to docs/screenshots/<bn|en>/<name>.png with an index
 * (docs/screenshots/README.md), to look at after a change (issue 18).
 *
 * It builds nothing: run `npm run build` first. It starts the built server on a fresh database
 * (SCREENSHOTS_PORT, 4316 unless set), makes a member with money, a paid deposit (its inbox
 * notice) and a game round, then opens each screen as that member; login, registration and
 * password recovery are shown as a visitor sees them, the agent portal as the demo agent. Routes
 * with a parameter get a real id from the demo data. The sandbox pay page (on the partners'
 * origin, as the deposit screen opens it) and the demo vendor's game page come last.
 *
 * State the screens only show when something happened is set first, the way the journeys set it:
 * through the operator API (home's hot matches and videos, a bonus, Google login's flag), the
 * site's own calls (a Google sign-in linked through the local OpenID provider, a followed live
 * host, the demo agent's contract requests) and the command line (the console's operator). Then
 * come the screens reached by a tap rather than an address (FEATURE_SHOTS): the sportsbook
 * partner's pages opened from the SPORTS tiles, the code step of a login from a new device
 * (LOGINIPVERF3, switched on last and off again), and the back office at the console's desktop
 * size.
 */
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  devices,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { signInAtProvider, startLocalOidcProvider } from '../apps/server/test/local-oidc-provider';
import { CATEGORY_NAMES } from '../packages/contract/src/game-categories';
import { ROUTES } from '../packages/contract/src/routes';
import { E2E_OPS_TOKEN, testServerEnv } from './support/env';
import { newUsername, PASSWORD } from './support/captcha';
import { localOidcPort } from './support/local-oidc';
import { captchaAnswer } from './support/ops';
import { addOperator, NEW_OPERATOR_PASSWORD, totpCode } from './support/operators';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4316);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
/** The partners app (the demo vendor and the sportsbook), on the next port (testServerEnv). */
const PARTNERS = `http://127.0.0.1:${PORT + 1}`;
const LANGUAGES = ['bn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

/** The screens a visitor sees (a member is sent on from them). */
const VISITOR_SCREENS = new Set([
  '/m/login',
  '/m/register',
  '/m/register.html',
  '/m/forget',
  '/m/agent/login',
  // The return from Google of a new player: its address is made for each picture (socialReturn).
  '/m/social/:provider',
]);
/** The agent portal's screens: shown to the demo agent (agentScreens), not to the member. */
const AGENT_SCREENS = new Set([
  '/m/agent/home',
  '/m/member/agent/getSalaryContract',
  '/m/member/agent/getDevidendContract',
  '/m/member/agent/getHourContract',
]);
/** The demo agent (apps/server/src/modules/accounts/demo-agent.ts), its team and its contracts. */
const DEMO_AGENT = { username: 'demoagent', password: 'Demo-agent-2026' };
/** Where Google sends the player back (the local provider's only return address). */
const SOCIAL_RETURN = `${BASE_URL}/m/social/google`;

/** A sportsbook event as the partner's page lists it. */
interface SportsEvent {
  status: 'scheduled' | 'live' | 'finished' | 'abandoned';
  home: string;
  away: string;
  endsAt: string;
  main?: { status: string; selections: { odds: number }[] };
}

interface Shot {
  name: string;
  path: string;
  /** What is opened (the path with its id or query). */
  url: string;
  /** What it shows, for the index (the route's title when not said). */
  caption?: string;
}

/** The pictures of screens reached by a tap, in the index after the route map's. */
const FEATURE_SHOTS: Shot[] = [
  {
    name: 'home-hot-matches',
    path: '/m/home',
    url: '/m/home (scrolled)',
    caption: "Home's hot matches and videos, as the operator set them (`hotMatches`, `videos`)",
  },
  {
    name: 'securityCenter-linked',
    path: '/m/securityCenter',
    url: '/m/securityCenter (scrolled)',
    caption: 'Security centre: the Google sign-in linked to the account, with Unlink',
  },
  {
    name: 'login-stepUp',
    path: '/m/login',
    url: '/m/login (LOGINIPVERF3, a new browser)',
    caption: 'Login from a new device: the code sent by SMS, resend counting down, e-mail offered',
  },
  {
    name: 'login-stepUp-email',
    path: '/m/login',
    url: '/m/login (after “send by e-mail”)',
    caption: 'The code step after switching the code to e-mail',
  },
  {
    name: 'securityCenter-trusted',
    path: '/m/securityCenter',
    url: '/m/securityCenter (scrolled)',
    caption: 'Security centre: the browser that passed the code step, a trusted device',
  },
  {
    name: 'partner-sportsbook-events',
    path: '/m/sport-games',
    url: '/m/sport-games?vassalage=CRICKETLINE → Cricket Line',
    caption: "The sportsbook partner's cricket events (live first), opened from the SPORTS tile",
  },
  {
    name: 'partner-sportsbook-live',
    path: '/m/sport-games',
    url: '… → a live match',
    caption: 'A live match: its scoreboard and markets',
  },
  {
    name: 'partner-sportsbook-slip',
    path: '/m/sport-games',
    url: '… → a selection',
    caption: 'The bet slip with one selection, its stake and odds-change choice',
  },
  {
    name: 'partner-sportsbook-mybets',
    path: '/m/sport-games',
    url: '… → My bets',
    caption: 'My bets: the bet just placed, open',
  },
  {
    name: 'partner-sportsbook-esports',
    path: '/m/home',
    url: '/m/home → E-sports → AV E-sports (/m/provider?vassalage=AV)',
    caption: "An e-sports tile of home's E-sports category: the sportsbook on its e-sports tab",
  },
  {
    name: 'partner-sportsbook-cockfight',
    path: '/m/home',
    url: '/m/home → Cockfight → SV Cockfight (/m/provider?vassalage=SV3)',
    caption: "A cockfight tile of home's Cockfight category: the sportsbook on its cockfight tab",
  },
  {
    name: 'console-agents',
    path: '/ops/agents',
    url: '/ops/agents',
    caption: "Back office (1280×800): agents' contract requests, the demo agent's pending",
  },
  {
    name: 'console-member-devices',
    path: '/ops/members/:username/devices',
    url: '/ops/members/<member>/devices',
    caption: "Back office (1280×800): a member's trusted devices tab",
  },
];

/** '/m/member/agent/getHourContract' → 'member-agent-getHourContract'. */
const nameOf = (route: string) =>
  route
    .replace(/^\/m\//, '')
    .replace(/\/:[^/]+/g, '')
    .replace(/[/.]/g, '-');

// ── The server ───────────────────────────────────────────────────────────────────────────────

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'khela-screenshots-'));
  // The server and the demo's partners (the game vendor), after the demo data's seed.
  const server = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    // As the journeys' server (e2e/playwright.config.ts).
    env: { ...process.env, ...testServerEnv(PORT, dataDir) },
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server stopped (exit ${code})`))),
  );
  const stop = async () => {
    if (server.exitCode === null) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    // Both: the first deposit opens its payment at the partners' sandbox (a busy machine started
    // the partners after the server's first answer, and that deposit got 503).
    const ready = await Promise.race([
      Promise.all(
        [BASE_URL, PARTNERS].map((origin) =>
          fetch(`${origin}/readyz`).then(
            (res) => res.ok,
            () => false,
          ),
        ),
      ).then((answers) => answers.every(Boolean)),
      exited,
    ]).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    if (ready) return stop;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server or the partners did not get ready on port ${PORT} or ${PORT + 1}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ── The member and the demo data ─────────────────────────────────────────────────────────────

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()}`);
  return ((await response.json()) as { value: T }).value;
}

/** Registers `username` through the player API, the captcha read as a person reads it. */
async function signUp(api: APIRequestContext, username: string, fields: object = {}) {
  const { captchaId } = await json<{ captchaId: string }>(await api.get('/wps/captcha'));
  await json(
    await api.put('/wps/member/register?language=EN', {
      data: {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...fields,
        captchaId,
        captcha: await captchaAnswer(api, captchaId),
      },
    }),
  );
}

async function register(api: APIRequestContext) {
  const username = newUsername('shot');
  await signUp(api, username);
  // A lakh-sized balance, so grouping shows (১,২৩,৪৫৬.৭৮ / 123,456.78); above the default
  // four-eyes threshold, so the demo site pays it at once by raising the threshold first.
  await json(
    await api.put('/ops/api/settings/adjustmentApprovalThreshold', {
      headers: OPS,
      data: { value: 12_345_678 },
    }),
  );
  await json(
    await api.post('/ops/api/wallet/adjustments', {
      headers: OPS,
      data: { username, amountMinor: 12_345_678, reason: 'screenshots', key: randomUUID() },
    }),
  );
  const session = await json<{ token: string }>(
    await api.post('/wps/session/login?language=EN', { data: { username, password: PASSWORD } }),
  );
  return { username, token: session.token };
}

/** A paid sandbox deposit (its inbox notice and its record) and one demo vendor round. */
async function history(api: APIRequestContext, token: string) {
  const deposit = await json<{ payUrl: string }>(
    await api.post('/wps/wallet/deposits?language=EN', {
      headers: { token, 'idempotency-key': randomUUID() },
      data: { channelCode: 'BKASH', amountMinor: 250_000 },
    }),
  );
  // The sandbox's pay page is on the partners' origin: its Approve button, as a player's browser.
  const payPage = new URL(deposit.payUrl);
  const paid = await api.post(`${payPage.origin}${payPage.pathname}/decision`, {
    form: { decision: 'approve' },
    maxRedirects: 0,
  });
  if (paid.status() !== 303) throw new Error(`sandbox approve: ${paid.status()}`);
  const launch = await json<{ url: string }>(
    await api.get(`/wps/game/launchGame?nodeId=${await gameNode(api, 'JILI')}&language=EN`, {
      headers: { token },
    }),
  );
  const play = new URL(launch.url, BASE_URL);
  await json(
    await api.post(`${play.origin}/demo-vendor/api/play?lang=EN`, {
      data: {
        token: play.searchParams.get('token'),
        kind: play.searchParams.get('kind') ?? 'slot',
        stake: 500,
        currency: 'BDT',
        pick: play.searchParams.get('kind') === 'table' ? 'dragon' : 'hilsa',
      },
    }),
  ).catch(() => undefined); // A round is a nicety; the records say "none" without it.
  return { playUrl: launch.url };
}

/**
 * A second deposit left open, for the pay page's picture (the first one is paid): its payUrl, the
 * sandbox's page on the partners' origin (PARTNERS_URL) where the deposit screen sends the player.
 */
async function openDeposit(api: APIRequestContext, token: string) {
  const { payUrl } = await json<{ payUrl: string }>(
    await api.post('/wps/wallet/deposits?language=EN', {
      headers: { token, 'idempotency-key': randomUUID() },
      data: { channelCode: 'BKASH', amountMinor: 2_345_600 },
    }),
  );
  const pay = new URL(payUrl);
  if (pay.origin !== PARTNERS || !pay.pathname.startsWith('/sandbox-pay/')) {
    throw new Error(`the deposit opens ${payUrl}, not the sandbox's page at ${PARTNERS}`);
  }
  return payUrl;
}

async function gameNode(api: APIRequestContext, vendor: string) {
  const list = await json<{ games: { nodeId: string }[] }>(
    await api.get(`/wps/game/list?vassalage=${vendor}&pageSize=1&language=EN`),
  );
  const node = list.games[0]?.nodeId;
  if (!node) throw new Error(`no ${vendor} game in the demo catalogue`);
  return node;
}

const opsPut = async (api: APIRequestContext, what: string, value: unknown) =>
  json(await api.put(what, { headers: OPS, data: value }));

/**
 * What home shows only when the operator sets it: a live and two upcoming hot matches, and two
 * videos (one with a poster of this site, one with the drawn stand-in), in both languages.
 */
async function homeExtras(api: APIRequestContext) {
  const hour = 3_600_000;
  const at = (offset: number) => new Date(Date.now() + offset).toISOString();
  await opsPut(api, '/ops/api/settings/hotMatches', {
    value: [
      {
        id: 'bpl-final',
        sport: 'cricket',
        competition: { EN: 'BPL', BN: 'বিপিএল' },
        home: { EN: 'Dhaka Capitals', BN: 'ঢাকা ক্যাপিটালস' },
        away: { EN: 'Rangpur Riders', BN: 'রংপুর রাইডার্স' },
        startsAt: at(-hour / 2),
        path: '/m/sport-games?vassalage=CRICKETLINE',
      },
      {
        id: 'bpl-next',
        sport: 'cricket',
        competition: { EN: 'BPL', BN: 'বিপিএল' },
        home: { EN: 'Sylhet Strikers', BN: 'সিলেট স্ট্রাইকার্স' },
        away: { EN: 'Khulna Tigers', BN: 'খুলনা টাইগার্স' },
        startsAt: at(20 * hour),
      },
      {
        id: 'bpl-football',
        sport: 'football',
        competition: { EN: 'Premier League', BN: 'প্রিমিয়ার লিগ' },
        home: { EN: 'Abahani', BN: 'আবাহনী' },
        away: { EN: 'Mohammedan', BN: 'মোহামেডান' },
        startsAt: at(28 * hour),
      },
    ],
  });
  const art = await json<{ games: { iconUrl: string }[] }>(
    await api.get('/wps/game/list?vassalage=CRICKETLINE&pageSize=1&language=EN'),
  );
  const poster = art.games[0]?.iconUrl;
  await opsPut(api, '/ops/api/settings/videos', {
    value: [
      {
        id: 'highlights',
        title: { EN: 'Match highlights', BN: 'ম্যাচের হাইলাইটস' },
        url: 'https://www.youtube.com/watch?v=khela-demo',
        posterUrl: poster?.startsWith('/') ? poster : null,
      },
      {
        id: 'how-to-deposit',
        title: { EN: 'How to deposit with bKash', BN: 'বিকাশে কীভাবে জমা দেবেন' },
        url: 'https://www.youtube.com/watch?v=khela-bkash',
        posterUrl: null,
      },
    ],
  });
}

/** An active bonus with wagering to do, so the bonus page and the header show one. */
async function giveBonus(api: APIRequestContext, username: string) {
  const campaign = await json<{ id: string }>(
    await api.post('/ops/api/bonuses/campaigns', {
      headers: OPS,
      data: {
        kind: 'manual',
        nameEn: 'Welcome back bonus',
        nameBn: 'ফিরে আসার বোনাস',
        termsEn: 'A bonus from our team. Wager it 5 times within a day.',
        termsBn: 'আমাদের দলের দেওয়া বোনাস। এক দিনের মধ্যে ৫ গুণ বাজি ধরুন।',
        amountMinor: 50_000,
        wageringMultiplier: 5,
        validHours: 24,
      },
    }),
  );
  await json(
    await api.post(`/ops/api/members/${username}/bonuses`, {
      headers: OPS,
      data: { campaignId: campaign.id, key: randomUUID() },
    }),
  );
}

/** The member follows the first live host, so the live hosts screen has a focus list. */
async function followHost(api: APIRequestContext, token: string) {
  const hosts = await json<{ list: { modelId: string }[] }>(
    await api.get('/wps/relay/CBS_liveModelList?moduleId=CBS3&language=EN'),
  );
  const first = hosts.list[0];
  const id = first?.modelId;
  if (!id) return;
  await json(
    await api.put(`/wps/relay/CBS_focus/${encodeURIComponent(id)}?language=EN`, {
      headers: { token },
    }),
  ).catch((error: unknown) => console.warn(`screenshots: no followed host (${String(error)})`));
}

/** The demo agent asks for every contract payment due, for the console's queue. */
async function agentRequests(api: APIRequestContext) {
  const login = await json<{ token: string }>(
    await api.post('/wps/agent/login?language=EN', {
      data: DEMO_AGENT,
    }),
  );
  const headers = { token: login.token };
  const check = await json<{
    due: { kind: string; periodStart: string; periodHour: number | null }[];
  }>(await api.get('/wps/agent/contract-check?language=EN', { headers }));
  for (const due of check.due) {
    await json(
      await api.post(`/wps/agent/contracts/${due.kind}/requests?language=EN`, {
        headers,
        data: {
          periodStart: due.periodStart,
          ...(due.periodHour !== null && { periodHour: due.periodHour }),
        },
      }),
    );
  }
}

/** Where Google sends a player who signed in as `login` back to the site (code and state). */
async function socialReturn(api: APIRequestContext, login: string) {
  const started = await json<{ authorizationUrl: string }>(
    await api.post('/wps/social/google/start?language=EN'),
  );
  return signInAtProvider(started.authorizationUrl, { login, returnPrefix: SOCIAL_RETURN });
}

/** A Google sign-in linked to the member, as the return page's "link" does with the password. */
async function linkGoogle(api: APIRequestContext, username: string) {
  const returned = await socialReturn(api, 'rahim.uddin');
  const outcome = await json<{ status: string; ticket?: string }>(
    await api.post('/wps/social/google/callback?language=EN', {
      data: Object.fromEntries(returned.searchParams),
    }),
  );
  if (!outcome.ticket) throw new Error(`google sign-in: ${outcome.status}, no ticket`);
  await json(
    await api.post('/wps/social/link?language=EN', {
      data: { ticket: outcome.ticket, username, password: PASSWORD },
    }),
  );
}

/** A member with a mobile number and an e-mail address, for the code step's channel choice. */
async function registerWithContacts(api: APIRequestContext) {
  const username = newUsername('stepup');
  const mobileNum = `17${randomInt(10_000_000, 99_999_999)}`;
  const email = `${username}@example.com`;
  await signUp(api, username, { countryDialingCode: '+880', mobileNum, email });
  return { username, email };
}

/** The newest six-digit code sent to `to` (an e-mail address or +880…), from the outbox. */
async function newestCode(api: APIRequestContext, to: string) {
  const messages = await json<{ body: string }[]>(
    await api.get(`/ops/api/outbox?to=${encodeURIComponent(to)}`, { headers: OPS }),
  );
  return /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
}

/** A code sent to `to` after `previous`, waited for as a player waits for the message. */
async function codeAfter(api: APIRequestContext, to: string, previous: string | undefined) {
  for (let i = 0; i < 40; i += 1) {
    const code = await newestCode(api, to);
    if (code && code !== previous) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code sent to ${to}`);
}

/** Every route of the map with what it opens: a parameter or detail id from the demo data. */
async function shots(api: APIRequestContext): Promise<Shot[]> {
  const content = await json<{ player: { id: number }[] }>(
    await api.get('/wps/announcement?language=EN'),
  );
  const promotions = await json<{ list: { id: number }[] }>(
    await api.get('/wps/promotion/list?language=EN'),
  );
  const original = await gameNode(api, 'BGS');
  const query: Record<string, string> = {
    '/m/noticeDetail': `?id=${content.player[0]?.id ?? 1}`,
    '/m/activityDetail': `?id=${promotions.list[0]?.id ?? 1}`,
    '/m/helpDetail': '?i=0',
  };
  return ROUTES.map(({ path: route, title }) => ({
    name: nameOf(route),
    path: route,
    url:
      route === '/m/social/:provider'
        ? '/m/social/google?code=…&state=… (a new Google account)'
        : route.replace(':nodeId', original) + (query[route] ?? ''),
    caption: AGENT_SCREENS.has(route) ? `${title.EN}, as the demo agent (\`demoagent\`)` : title.EN,
  }));
}

// ── The pictures ─────────────────────────────────────────────────────────────────────────────

const phone = {
  ...devices['Pixel 5'],
  viewport: { width: 360, height: 640 },
  screen: { width: 360, height: 640 },
  // One pixel per CSS pixel keeps the files small; the layout is the phone's either way.
  deviceScaleFactor: 1,
};

/** Waits until the screen has its data and fonts, as far as a page can tell. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** `live`: the page polls every second (the sportsbook), so the network is never idle. */
async function capture(page: Page, lang: Lang, name: string, options: { live?: boolean } = {}) {
  if (options.live) {
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.waitForTimeout(1_500);
  } else {
    await settle(page);
  }
  const file = path.join(OUT, lang, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

/** Scrolls `target` to the top of the screen (the site's scroll padding keeps it below the header). */
async function scrollTo(target: Locator) {
  await target.waitFor();
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

const withLanguage = async (browser: Browser, lang: Lang) => {
  const context = await browser.newContext({ ...phone, baseURL: BASE_URL });
  await context.addInitScript(
    (language) => localStorage.setItem('language', language),
    lang.toUpperCase(),
  );
  return context;
};

/** The operator's popups open over home once a session; a player closes them, so does this. */
async function closePopups(page: Page, wait = 0) {
  const close = page.getByRole('dialog').getByRole('button', { name: /^(বন্ধ করুন|Close)$/ });
  // On a second entry to home they open a moment after the page.
  if (wait)
    await close
      .first()
      .waitFor({ timeout: wait })
      .catch(() => undefined);
  for (let i = 0; i < 3 && (await close.first().isVisible()); i += 1) {
    await close.first().click();
  }
}

async function visitorScreens(browser: Browser, lang: Lang, list: Shot[], api: APIRequestContext) {
  const context = await withLanguage(browser, lang);
  const page = await context.newPage();
  for (const shot of list.filter((s) => VISITOR_SCREENS.has(s.path))) {
    if (shot.path === '/m/social/:provider') {
      // A new Google account back from the provider: the page asks it to register or link.
      await opsPut(api, '/ops/api/flags/GOOGLELOGIN3', { enabled: true });
      try {
        const returned = await socialReturn(api, `new.player.${lang}`);
        await page.goto(returned.pathname + returned.search);
        await page.getByRole('heading', { name: /Google/ }).waitFor();
        await capture(page, lang, shot.name);
      } finally {
        await opsPut(api, '/ops/api/flags/GOOGLELOGIN3', { enabled: false });
      }
      continue;
    }
    await page.goto(shot.url);
    await capture(page, lang, shot.name);
  }
  await context.close();
}

const T = {
  bn: {
    hotMatches: 'জনপ্রিয় ম্যাচ',
    linked: 'যুক্ত সাইন-ইন',
    trusted: 'বিশ্বস্ত ডিভাইস',
    toEmail: /ই-মেইলে .* কোড পাঠান/,
  },
  en: {
    hotMatches: 'Hot matches',
    linked: 'Linked sign-ins',
    trusted: 'Trusted devices',
    toEmail: /Send the code by e-mail/,
  },
} as const;

async function memberScreens(
  browser: Browser,
  lang: Lang,
  list: Shot[],
  username: string,
  api: APIRequestContext,
) {
  const context = await withLanguage(browser, lang);
  const page = await context.newPage();
  await page.goto('/m/login');
  const form = page.locator('form', { has: page.locator('input[autocomplete="username"]') });
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/m\/home$/);
  for (const shot of list.filter(
    (s) => !VISITOR_SCREENS.has(s.path) && !AGENT_SCREENS.has(s.path),
  )) {
    await page.goto(shot.url);
    await capture(page, lang, shot.name);
    await closePopups(page);
  }

  // Home's hot matches and videos, below the games.
  await page.goto('/m/home');
  await settle(page);
  await closePopups(page, 5_000);
  await scrollTo(page.getByRole('region', { name: T[lang].hotMatches }));
  await capture(page, lang, 'home-hot-matches');

  // The Google sign-in linked at the start, in the security centre.
  await page.goto('/m/securityCenter');
  await scrollTo(page.getByRole('region', { name: T[lang].linked }));
  await capture(page, lang, 'securityCenter-linked');

  await sportsbookScreens(page, lang, api);
  await context.close();
}

/**
 * The agent portal as the demo agent sees it: logged in at its own door (/m/agent/login, which
 * lands on the agent home), then its home and its three contracts with the requests made first
 * (agentRequests).
 */
async function agentScreens(browser: Browser, lang: Lang, list: Shot[]) {
  const context = await withLanguage(browser, lang);
  const page = await context.newPage();
  await page.goto('/m/agent/login');
  const form = page.locator('form', { has: page.locator('input[autocomplete="username"]') });
  await form.locator('input[autocomplete="username"]').fill(DEMO_AGENT.username);
  await form.locator('input[autocomplete="current-password"]').fill(DEMO_AGENT.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/m\/agent\/home$/);
  for (const shot of list.filter((s) => AGENT_SCREENS.has(s.path))) {
    await page.goto(shot.url);
    await capture(page, lang, shot.name);
    await closePopups(page);
  }
  await context.close();
}

/**
 * Opens a sportsbook vendor's tile as a player taps it: SPORTS on its page, e-sports and cockfight
 * in home's category menu (they are categories of their own there). The partner's page opens in
 * the game dialog.
 */
async function openTile(
  page: Page,
  lang: Lang,
  api: APIRequestContext,
  vendor: string,
  category: 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' = 'SPORTS',
) {
  const list = await json<{ games: { gameName: string }[] }>(
    await api.get(
      `/wps/game/list?vassalage=${vendor}&pageNo=1&pageSize=12&language=${lang.toUpperCase()}`,
    ),
  );
  const name = list.games[0]?.gameName;
  if (!name) throw new Error(`no ${vendor} tile`);
  const categoryName = CATEGORY_NAMES[category][lang === 'bn' ? 'BN' : 'EN'];
  if (category === 'SPORTS') {
    await page.goto(`/m/sport-games?vassalage=${vendor}`);
    await closePopups(page);
    await page
      .getByRole('list', { name: categoryName, exact: true })
      .getByRole('button', { name, exact: true })
      .click();
  } else {
    // Home's category, its vendor tile (the provider's page), then the vendor's one game.
    await page.goto('/m/home');
    await settle(page);
    await closePopups(page, 3_000);
    await page.getByRole('tab', { name: categoryName, exact: true }).click();
    await page
      .getByRole('list', { name: categoryName, exact: true })
      .getByRole('link', { name: new RegExp(`^${name}`) })
      .click();
    await page.waitForURL(/\/m\/provider\?/);
    await page.getByRole('button', { name, exact: true }).first().click();
  }
  const frame = page.getByRole('dialog', { name }).locator('iframe').contentFrame();
  await frame.getByRole('heading', { level: 1 }).waitFor();
  // The list (or its "no events"), drawn by the page's first refresh.
  await frame.locator('main > h2').waitFor();
  return frame;
}

/**
 * The sportsbook partner: the cricket list, a live match's scoreboard, the slip with a selection
 * and, once it is placed, my bets; then the e-sports and cockfight tiles. The journeys' server
 * plays matches at 100× pace, so a live match turns up within a couple of minutes.
 */
async function sportsbookScreens(page: Page, lang: Lang, api: APIRequestContext) {
  const frame = await openTile(page, lang, api, 'CRICKETLINE');
  await capture(page, lang, 'partner-sportsbook-events', { live: true });

  // A live match still open, neither side above 8.00 and a minute or more to play (as the
  // sportsbook journey picks one), so its odds and the slip's return look like a real match's.
  let match: SportsEvent | undefined;
  for (let waited = 0; !match && waited < 240; waited += 2) {
    const listed = await api.get(
      `${PARTNERS}/sportsbook/api/events?sport=cricket&lang=${lang.toUpperCase()}`,
    );
    const { events } = (await listed.json()) as { events: SportsEvent[] };
    // After a minute and a half without one (on 2026-11-27 four minutes passed), any live match.
    match = events.find(
      (e) =>
        e.status === 'live' &&
        e.main?.status === 'open' &&
        (waited >= 90 ||
          (e.main.selections.every((selection) => selection.odds <= 800) &&
            Date.parse(e.endsAt) - Date.now() >= 60_000)),
    );
    if (!match) await page.waitForTimeout(2_000);
  }
  if (!match) throw new Error('no live cricket match to show');
  await frame
    .getByRole('region', { name: `${match.home} v ${match.away}`, exact: true })
    .filter({ has: frame.locator('.live') })
    .locator('button.ev')
    .click();
  const board = frame.getByRole('status').and(frame.locator('#evs'));
  await board.waitFor();
  await frame.locator('#mks section').first().waitFor();
  await capture(page, lang, 'partner-sportsbook-live', { live: true });

  // A selection of a market still open goes to the slip.
  await frame.locator('#mks .odds button:not([disabled])').first().click({ timeout: 30_000 });
  await frame.locator('#stake').fill('100');
  await frame.locator('#accept').selectOption('any');
  await capture(page, lang, 'partner-sportsbook-slip', { live: true });
  const message = frame.locator('#msg');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await frame.locator('#place').click();
    await message.filter({ hasText: /\S/ }).waitFor();
    // A market suspended for a wicket refuses the bet (the leg stays); a player taps again.
    if (!(await message.evaluate((element) => element.classList.contains('err')))) break;
    await page.waitForTimeout(1_500);
  }
  await frame.locator('nav#tabs [data-tab="mine"]').click();
  await frame.locator('article.bet').first().waitFor();
  await capture(page, lang, 'partner-sportsbook-mybets', { live: true });

  await openTile(page, lang, api, 'AV', 'ESPORTS');
  await capture(page, lang, 'partner-sportsbook-esports', { live: true });
  await openTile(page, lang, api, 'SV3', 'COCKFIGHT');
  await capture(page, lang, 'partner-sportsbook-cockfight', { live: true });
  await page.goto('/m/home');
}

/**
 * Login from a new browser with LOGINIPVERF3 on: the code step (SMS, resend counting down,
 * e-mail offered), the same after switching to e-mail, then the code typed and the browser
 * listed as a trusted device.
 */
async function stepUpScreens(
  browser: Browser,
  lang: Lang,
  api: APIRequestContext,
  member: { username: string; email: string },
) {
  const context = await withLanguage(browser, lang);
  const page = await context.newPage();
  await page.goto('/m/login');
  const form = page.locator('form', { has: page.locator('input[autocomplete="username"]') });
  await form.locator('input[autocomplete="username"]').fill(member.username);
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  const step = page.locator('form[aria-labelledby="step-up-title"]');
  await step.waitFor();
  await capture(page, lang, 'login-stepUp');

  const previous = await newestCode(api, member.email);
  await step.getByRole('button', { name: T[lang].toEmail }).click();
  await step
    .getByText(/example\.com/)
    .first()
    .waitFor();
  await capture(page, lang, 'login-stepUp-email');

  await step
    .locator('input[autocomplete="one-time-code"]')
    .fill(await codeAfter(api, member.email, previous));
  await step.locator('button[type="submit"]').click();
  await page.waitForURL(/\/m\/home$/);
  await page.goto('/m/securityCenter');
  const trusted = page.getByRole('region', { name: T[lang].trusted });
  await trusted.getByRole('listitem').first().waitFor();
  await scrollTo(trusted);
  await capture(page, lang, 'securityCenter-trusted');
  await context.close();
}

/**
 * Fails unless every element's Bengali text is drawn in the console's Bengali font, as Chrome
 * reports it: with the font loaded, bold headings were still drawn in DejaVu Sans's boxes.
 */
async function bengaliDrawn(page: Page) {
  const marked = await page.evaluate(() => {
    let count = 0;
    document.body.querySelectorAll('*').forEach((element) => {
      const own = Array.from(element.childNodes).filter((node) => node.nodeType === Node.TEXT_NODE);
      // What is drawn on the page: not a closed select's options, nothing hidden.
      const drawn = element.getClientRects().length > 0 && !element.closest('select');
      if (drawn && own.some((node) => /[\u0980-\u09FF]/.test(node.textContent ?? ''))) {
        element.setAttribute('data-bengali-text', String((count += 1)));
      }
    });
    return count;
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-bengali-text]',
    });
    const boxed: string[] = [];
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      if (!fonts.some((font) => font.familyName === 'Noto Sans Bengali')) {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { nodeId });
        boxed.push(outerHTML.slice(0, 80));
      }
    }
    if (marked === 0 || boxed.length > 0) {
      throw new Error(`the console drew Bengali without its font: ${boxed.join(' | ') || 'none'}`);
    }
  } finally {
    await cdp.detach();
  }
}

/**
 * The back office at the console journeys' desktop size: an operator made with the command line
 * signs in (its one-time password replaced), then the agents' contract requests and a member's
 * trusted devices, in each language (the console's switch, kept in localStorage).
 */
async function consoleScreens(browser: Browser, member: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    screen: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    baseURL: BASE_URL,
  });
  const page = await context.newPage();
  // As signInToConsole (support/operators.ts), without the test runner's expectations.
  const operator = await addOperator('admin', BASE_URL);
  await page.goto('/ops/');
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password', { exact: true }).fill(operator.password);
  await page.getByLabel('Authenticator code').fill(totpCode(operator.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('One-time password').fill(operator.password);
  await page.getByLabel('New password', { exact: true }).fill(NEW_OPERATOR_PASSWORD);
  await page.getByLabel('New password again').fill(NEW_OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
  for (const lang of LANGUAGES) {
    await page.evaluate((tag) => localStorage.setItem('khela.ops.language', tag), lang);
    await page.goto('/ops/agents');
    // The pending requests' table (an empty queue says so instead).
    await page
      .getByRole('table')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await capture(page, lang, 'console-agents');
    // The index says the console ships its Bengali font: its pictures must show it drawn.
    if (lang === 'bn') await bengaliDrawn(page);
    await page.goto(`/ops/members/${encodeURIComponent(member)}/devices`);
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await capture(page, lang, 'console-member-devices');
  }
  await context.close();
}

/**
 * The partners app's pages: the sandbox gateway's pay page (a deposit left open, at the address
 * the deposit screen opens, in the picture's language) and the demo vendor's game.
 */
async function partnerScreens(browser: Browser, lang: Lang, payUrl: string, playUrl: string) {
  const context = await browser.newContext({ ...phone, baseURL: BASE_URL });
  const page = await context.newPage();
  const pay = new URL(payUrl);
  pay.searchParams.set('language', lang.toUpperCase());
  await page.goto(pay.toString());
  await capture(page, lang, 'partner-sandbox-pay');
  const play = new URL(playUrl, BASE_URL);
  play.searchParams.set('lang', lang.toUpperCase());
  await page.goto(play.toString());
  await capture(page, lang, 'partner-demo-play');
  await context.close();
}

function writeIndex(list: Shot[]) {
  const rows = [
    ...list.map((s) => ({ name: s.name, path: s.url, caption: s.caption ?? '' })),
    {
      name: 'partner-sandbox-pay',
      path: '<partners>/sandbox-pay/<ref> (an open deposit)',
      caption: "The sandbox gateway's pay page",
    },
    {
      name: 'partner-demo-play',
      path: '/demo-vendor/play (a slot)',
      caption: "The demo vendor's slot",
    },
    ...FEATURE_SHOTS.map((s) => ({ name: s.name, path: s.url, caption: s.caption ?? '' })),
  ];
  const table = [
    ['Screen', 'What it shows', 'Opened at', 'Bengali', 'English'],
    ...rows.map((r) => [
      r.name,
      r.caption,
      `\`${r.path}\``,
      `[bn](bn/${r.name}.png)`,
      `[en](en/${r.name}.png)`,
    ]),
  ];
  // Columns padded as Prettier writes a Markdown table, so the format check passes.
  const widths = table[0]!.map((_, column) =>
    Math.max(...table.map((row) => [...row[column]!].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - [...cell].length)).join(' | ')} |`;
  const lines = [
    '# Screenshots',
    '',
    'Every /m screen of the route map (`packages/contract/src/routes.ts`) at 360×640 on a touch',
    'phone, in Bengali and in English, as a member with a balance, a paid deposit, a game round, an',
    'active bonus, a followed live host and a linked Google sign-in (login, registration, password',
    "recovery, the agent login and a new Google account's return as a visitor; the agent portal as",
    "the demo agent), then the sandbox pay page on the partners' origin and the demo vendor's game",
    "page, then screens reached by a tap: home's hot matches and videos (set through the operator",
    "API first), the sportsbook partner's pages opened from their game tiles, the code step of a",
    'login from a new device, and the back office at 1280×800. The back office ships its Bengali',
    'font (Noto Sans Bengali, as the player site does), so its Bengali pictures need none installed.',
    '',
    'Regenerate them after `npm run build` with `npm run screenshots` (`e2e/screenshots.ts`; its',
    'server on SCREENSHOTS_PORT, 4316 unless set, the partners app and the local OpenID provider on',
    `the next two ports); nothing here is written by hand. Last made on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    line(table[0]!),
    line(widths.map((width) => '-'.repeat(width))),
    ...table.slice(1).map(line),
    '',
  ];
  writeFileSync(path.join(OUT, 'README.md'), lines.join('\n'));
}

async function main() {
  const stop = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const oidc = await startLocalOidcProvider({
    port: localOidcPort(PORT),
    redirectUris: [SOCIAL_RETURN],
  });
  try {
    for (const lang of LANGUAGES) {
      rmSync(path.join(OUT, lang), { recursive: true, force: true });
      mkdirSync(path.join(OUT, lang), { recursive: true });
    }
    const list = await shots(api);
    const { username, token } = await register(api);
    const { playUrl } = await history(api, token);
    const payUrl = await openDeposit(api, token);
    await homeExtras(api);
    await giveBonus(api, username);
    await followHost(api, token);
    await agentRequests(api);
    // Google login is on only while it is used, so the login screen shows the default buttons.
    await opsPut(api, '/ops/api/flags/GOOGLELOGIN3', { enabled: true });
    try {
      await linkGoogle(api, username);
    } finally {
      await opsPut(api, '/ops/api/flags/GOOGLELOGIN3', { enabled: false });
    }
    // One each: a browser that passed the code step makes the member's next login from the same
    // address and browser a known one.
    const stepUpMembers = {
      bn: await registerWithContacts(api),
      en: await registerWithContacts(api),
    };
    for (const lang of LANGUAGES) {
      await visitorScreens(browser, lang, list, api);
      await memberScreens(browser, lang, list, username, api);
      await agentScreens(browser, lang, list);
      await partnerScreens(browser, lang, payUrl, playUrl);
      console.log(`screenshots: ${lang} written`);
    }
    // Site-wide: every login from a new browser meets the code while it is on; so last, and off
    // again whatever happens.
    await opsPut(api, '/ops/api/flags/LOGINIPVERF3', { enabled: true });
    try {
      for (const lang of LANGUAGES) await stepUpScreens(browser, lang, api, stepUpMembers[lang]);
    } finally {
      await opsPut(api, '/ops/api/flags/LOGINIPVERF3', { enabled: false });
    }
    await consoleScreens(browser, stepUpMembers.bn.username);
    console.log('screenshots: code step and console written');
    writeIndex(list);
  } finally {
    await api.dispose();
    await browser.close();
    await oidc.close();
    await stop();
  }
}

await main();
