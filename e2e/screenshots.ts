/**
 * `npm run screenshots`: every /m screen of the route map at 360×640 on a touch phone, in Bengali
 * and in English, written to docs/screenshots/<bn|en>/<name>.png with an index
 * (docs/screenshots/README.md), to look at after a change (issue 18).
 *
 * It builds nothing: run `npm run build` first. It starts the built server on a fresh database
 * (SCREENSHOTS_PORT, 4316 unless set), makes a member with money, a paid deposit (its inbox
 * notice) and a game round, then opens each screen as that member; login, registration and
 * password recovery are shown as a visitor sees them. Routes with a parameter get a real id from
 * the demo data. The sandbox pay page and the demo vendor's game page come last.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
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
  type Page,
} from '@playwright/test';
import { ROUTES } from '../packages/contract/src/routes';
import { E2E_OPS_TOKEN, testServerEnv } from './support/env';
import { newUsername, PASSWORD } from './support/captcha';
import { captchaAnswer } from './support/ops';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4316);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OPS = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const LANGUAGES = ['bn', 'en'] as const;
type Lang = (typeof LANGUAGES)[number];

/** The screens a visitor sees (a member is sent on from them). */
const VISITOR_SCREENS = new Set(['/m/login', '/m/register', '/m/register.html', '/m/forget']);

interface Shot {
  name: string;
  path: string;
  /** What is opened (the path with its id or query). */
  url: string;
}

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
    const ready = await Promise.race([
      fetch(`${BASE_URL}/readyz`).then(
        (res) => res.ok,
        () => false,
      ),
      exited,
    ]).catch(async (error: unknown) => {
      await stop();
      throw error;
    });
    if (ready) return stop;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not get ready on port ${PORT}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ── The member and the demo data ─────────────────────────────────────────────────────────────

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()}`);
  return ((await response.json()) as { value: T }).value;
}

async function register(api: APIRequestContext) {
  const username = newUsername('shot');
  const { captchaId } = await json<{ captchaId: string }>(await api.get('/wps/captcha'));
  await json(
    await api.put('/wps/member/register?language=EN', {
      data: {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        captchaId,
        captcha: await captchaAnswer(api, captchaId),
      },
    }),
  );
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
  return { payUrl: deposit.payUrl, playUrl: launch.url };
}

async function gameNode(api: APIRequestContext, vendor: string) {
  const list = await json<{ games: { nodeId: string }[] }>(
    await api.get(`/wps/game/list?vassalage=${vendor}&pageSize=1&language=EN`),
  );
  const node = list.games[0]?.nodeId;
  if (!node) throw new Error(`no ${vendor} game in the demo catalogue`);
  return node;
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
  return ROUTES.map(({ path: route }) => ({
    name: nameOf(route),
    path: route,
    url: route.replace(':nodeId', original) + (query[route] ?? ''),
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

async function capture(page: Page, lang: Lang, name: string) {
  await settle(page);
  const file = path.join(OUT, lang, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
}

/** The operator's popups open over home once a session; a player closes them, so does this. */
async function closePopups(page: Page) {
  const close = page.getByRole('dialog').getByRole('button', { name: /^(বন্ধ করুন|Close)$/ });
  for (let i = 0; i < 3 && (await close.first().isVisible()); i += 1) {
    await close.first().click();
  }
}

async function visitorScreens(browser: Browser, lang: Lang, list: Shot[]) {
  const context = await browser.newContext({ ...phone, baseURL: BASE_URL });
  await context.addInitScript(
    (language) => localStorage.setItem('language', language),
    lang.toUpperCase(),
  );
  const page = await context.newPage();
  for (const shot of list.filter((s) => VISITOR_SCREENS.has(s.path))) {
    await page.goto(shot.url);
    await capture(page, lang, shot.name);
  }
  await context.close();
}

async function memberScreens(browser: Browser, lang: Lang, list: Shot[], username: string) {
  const context = await browser.newContext({ ...phone, baseURL: BASE_URL });
  await context.addInitScript(
    (language) => localStorage.setItem('language', language),
    lang.toUpperCase(),
  );
  const page = await context.newPage();
  await page.goto('/m/login');
  const form = page.locator('form', { has: page.locator('input[autocomplete="username"]') });
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/m\/home$/);
  for (const shot of list.filter((s) => !VISITOR_SCREENS.has(s.path))) {
    await page.goto(shot.url);
    await capture(page, lang, shot.name);
    await closePopups(page);
  }
  await context.close();
}

/** The partners app's pages: the sandbox gateway's pay page and the demo vendor's game. */
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
    ...list.map((s) => ({ name: s.name, path: s.url })),
    { name: 'partner-sandbox-pay', path: '/sandbox-pay/<ref> (an open payment)' },
    { name: 'partner-demo-play', path: '/demo-vendor/play (a slot)' },
  ];
  const table = [
    ['Screen', 'Opened at', 'Bengali', 'English'],
    ...rows.map((r) => [
      r.name,
      `\`${r.path}\``,
      `[bn](bn/${r.name}.png)`,
      `[en](en/${r.name}.png)`,
    ]),
  ];
  // Columns padded as Prettier writes a Markdown table, so the format check passes.
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const lines = [
    '# Screenshots',
    '',
    'Every /m screen of the route map (`packages/contract/src/routes.ts`) at 360×640 on a touch',
    'phone, in Bengali and in English, as a member with a balance, a paid deposit and a game round',
    '(login, registration and password recovery as a visitor), then the sandbox pay page and the',
    "demo vendor's game page. Regenerate them after `npm run build` with `npm run screenshots`",
    '(`e2e/screenshots.ts`); nothing here is written by hand.',
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
  try {
    for (const lang of LANGUAGES) {
      rmSync(path.join(OUT, lang), { recursive: true, force: true });
      mkdirSync(path.join(OUT, lang), { recursive: true });
    }
    const list = await shots(api);
    const { username, token } = await register(api);
    const { payUrl, playUrl } = await history(api, token);
    // A second deposit left open, for the pay page's picture (the first one is paid).
    const open = await json<{ payUrl: string }>(
      await api.post('/wps/wallet/deposits?language=EN', {
        headers: { token, 'idempotency-key': randomUUID() },
        data: { channelCode: 'BKASH', amountMinor: 2_345_600 },
      }),
    ).catch(() => ({ payUrl }));
    for (const lang of LANGUAGES) {
      await visitorScreens(browser, lang, list);
      await memberScreens(browser, lang, list, username);
      await partnerScreens(browser, lang, open.payUrl, playUrl);
      console.log(`screenshots: ${lang} written`);
    }
    writeIndex(list);
  } finally {
    await api.dispose();
    await browser.close();
    await stop();
  }
}

await main();
