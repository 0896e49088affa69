/**
 * The screen is for the games (issue 18), measured at 360×640 in Bengali: every lobby has at most
 * one bar between the header and its content and two full rows of games (or providers) above the
 * fold; the download bar is on home only and stays closed; a first entry to home opens no popup;
 * an in-house round's result is fully in view above the footer menu; a record's reference stays
 * inside its card and nothing covers its amount.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_OPS_TOKEN } from '../support/env';
import { expect, operatorPopup, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { operatorPopupTitles } from '../support/ops';

const GAME_NAV = 'গেমের বিভাগ';
const DOWNLOAD_BAR = 'অ্যাপ ডাউনলোড';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return { ...found, bottom: found.y + found.height, right: found.x + found.width };
}

/** The bars between the header and the page (the game navigation, the download bar) on screen. */
async function barsUnderHeader(page: Page) {
  const header = await box(page.getByRole('banner'));
  const main = await box(page.getByRole('main'));
  const bars = [
    page.getByRole('navigation', { name: GAME_NAV }),
    page.getByRole('complementary', { name: DOWNLOAD_BAR }),
  ];
  let count = 0;
  let height = 0;
  for (const bar of bars) {
    if (!(await bar.isVisible())) continue;
    const shown = await box(bar);
    expect(shown.y).toBeGreaterThanOrEqual(header.bottom - 1);
    expect(shown.bottom).toBeLessThanOrEqual(main.y + 1);
    count += 1;
    height += shown.height;
  }
  // Nothing else stands between the header and the page.
  expect(Math.abs(main.y - header.bottom - height)).toBeLessThanOrEqual(1);
  return count;
}

/** The first six tiles are two full rows of three, above the footer menu. */
async function expectTwoFullRows(page: Page, tiles: Locator) {
  await expect(tiles.nth(5)).toBeVisible();
  const footer = await box(page.getByRole('navigation', { name: 'ফুটার মেনু' }));
  const header = await box(page.getByRole('banner'));
  const rows = new Set<number>();
  for (let i = 0; i < 6; i += 1) {
    const tile = await box(tiles.nth(i));
    rows.add(Math.round(tile.y));
    expect(tile.y, `tile ${i} top`).toBeGreaterThanOrEqual(header.bottom - 1);
    expect(tile.bottom, `tile ${i} bottom`).toBeLessThanOrEqual(footer.y);
  }
  expect(rows.size).toBe(2);
}

const LOBBIES: { path: string; tiles: (page: Page) => Locator }[] = [
  {
    path: '/m/slot-games',
    tiles: (page) => page.getByRole('list', { name: 'স্লট' }).getByRole('listitem'),
  },
  {
    path: '/m/gameCenter?category=RNG',
    tiles: (page) => page.getByRole('tabpanel').getByRole('list').first().getByRole('listitem'),
  },
  {
    path: '/m/hot-games',
    tiles: (page) => page.getByRole('main').getByRole('list').first().getByRole('listitem'),
  },
  {
    path: '/m/provider',
    tiles: (page) => page.getByRole('main').getByRole('list').first().getByRole('listitem'),
  },
];

for (const lobby of LOBBIES) {
  test(`${lobby.path}: one bar at most under the header, two full rows of tiles above the fold`, async ({
    page,
  }) => {
    await page.goto(lobby.path);
    await expectTwoFullRows(page, lobby.tiles(page));
    expect(await barsUnderHeader(page)).toBeLessThanOrEqual(1);
    // The language is chosen in the account menu, not in a selector of the title bar.
    await expect(page.getByRole('combobox', { name: 'ভাষা' })).toHaveCount(0);
  });
}

test("a member's lobby too: the header with the balance leaves two full rows above the fold", async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'lobby');
  await logIn(page, username);
  await page.goto('/m/slot-games');
  await expect(page.getByTestId('balance')).toBeVisible();
  await expectTwoFullRows(page, page.getByRole('list', { name: 'স্লট' }).getByRole('listitem'));
  expect(await barsUnderHeader(page)).toBe(1);
});

test('home: a first entry shows the games and Register, no popup; a category fills the screen with games', async ({
  page,
  request,
}) => {
  const popups = await operatorPopupTitles(request);
  expect(popups.length).toBeGreaterThan(0);
  const popup = operatorPopup(page, popups);

  // step: the first screen has the way to register and the first games, under one bar
  await page.goto('/m/home');
  const menu = page.getByRole('tablist', { name: GAME_NAV });
  const panel = page.getByRole('tabpanel');
  const firstGame = panel.getByRole('listitem').first();
  await expect(firstGame).toBeVisible();
  await expect(page.getByRole('link', { name: 'নিবন্ধন' }).first()).toBeInViewport();
  await expect(firstGame).toBeInViewport({ ratio: 1 });
  expect(await barsUnderHeader(page)).toBe(1);

  // step: the operator's popup stays shut on this first entry, once the answer that holds it (the
  // notice line's) is on screen; none was opened and closed either
  await expect(page.getByRole('link', { name: /^নোটিশ: \S/ })).toBeVisible();
  expect(await popup.isVisible()).toBe(false);
  expect(await page.evaluate(() => sessionStorage.getItem('contentPopupsSeen'))).toBeNull();

  // step: choosing a category brings its games up under the header, two full rows of them
  await menu.getByRole('tab', { name: 'স্লট' }).click();
  await expect(menu.getByRole('tab', { name: 'স্লট' })).toHaveAttribute('aria-selected', 'true');
  const tiles = panel.getByRole('list', { name: 'স্লট' }).getByRole('listitem');
  await expect
    .poll(async () => (await box(panel)).y - (await box(page.getByRole('banner'))).bottom)
    .toBeLessThanOrEqual(16);
  await expectTwoFullRows(page, tiles);
  expect(await popup.isVisible()).toBe(false);

  // step: the next entry (a reload) opens it
  await page.reload();
  await expect.poll(() => popup.isVisible(), { timeout: 10_000 }).toBe(true);
});

test('the download bar is on home only, and stays closed after a reload', async ({ page }) => {
  const bar = page.getByRole('complementary', { name: DOWNLOAD_BAR });

  // step: a lobby has no download bar; home has it
  await page.goto('/m/slot-games');
  await expect(page.getByRole('list', { name: 'স্লট' }).getByRole('listitem').first()).toBeVisible();
  await expect(bar).toHaveCount(0);
  // Nor the space kept for it: the game navigation is the one bar.
  expect(await barsUnderHeader(page)).toBe(1);
  await page.goto('/m/home');
  await expect(bar).toBeVisible();

  // step: closed, it stays closed over a reload
  await bar.getByRole('button', { name: 'ডাউনলোড বার বন্ধ করুন' }).click();
  await expect(bar).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
  await expect(bar).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('hideDownloadBar'))).toBe('1');
});

/** A funded member, logged in, who has played one in-house round from the top of its page. */
async function playOneRound(page: Page, request: APIRequestContext) {
  const username = await registerMember(request, 'chrome');
  const funded = await request.post('/ops/api/wallet/adjustments', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { username, amountMinor: 100_00, reason: 'e2e chrome', key: randomUUID() },
  });
  expect(funded.ok()).toBe(true);
  const list = await request.get('/wps/game/list?vassalage=BGS&pageSize=50&language=EN');
  const games = ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games;
  const nodeId = games[0]?.nodeId;
  expect(nodeId).toBeDefined();

  await logIn(page, username);
  await page.goto(`/m/originals/${nodeId}`);
  await page.getByLabel('বাজি (৳)').fill('1.00');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'খেলুন', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: /জিতেছেন|জেতা হয়নি/ });
  await expect(result).toBeVisible();
  return result;
}

test("an in-house round's result is scrolled fully into view, above the footer menu", async ({
  page,
  request,
}) => {
  // step: play one round at ৳1.00 from the top of the game's page
  const result = await playOneRound(page, request);

  // step: the result is in view, between the header and the footer menu
  const footer = page.getByRole('navigation', { name: 'ফুটার মেনু' });
  await expect
    .poll(async () => (await box(footer)).y - (await box(result)).bottom, { timeout: 5_000 })
    .toBeGreaterThanOrEqual(0);
  expect((await box(result)).y).toBeGreaterThanOrEqual(
    (await box(page.getByRole('banner'))).bottom,
  );
});

test("a record's reference stays inside its card, and nothing covers its amount", async ({
  page,
  request,
}) => {
  // step: a round's bet and win are records with a long reference
  await playOneRound(page, request);
  await page.goto('/m/transaction/record');
  const row = page
    .getByRole('list', { name: 'লেনদেন' })
    .getByRole('listitem')
    .filter({ hasText: 'রেফ.' })
    .first();
  await expect(row).toBeVisible();

  // step: the reference and the amount are inside the card at 360 px
  const card = await box(row);
  const reference = await box(row.getByText(/^রেফ\. /));
  expect(reference.x).toBeGreaterThanOrEqual(card.x);
  expect(reference.right).toBeLessThanOrEqual(card.right);
  const amount = await box(row.getByText(/^[+−]৳/));
  expect(amount.right).toBeLessThanOrEqual(card.right);

  // step: the customer-service button is in the header, over no amount, tile or result
  const header = await box(page.getByRole('banner'));
  const service = await box(page.getByRole('button', { name: /^গ্রাহক সেবা/ }));
  expect(service.y).toBeGreaterThanOrEqual(header.y);
  expect(service.bottom).toBeLessThanOrEqual(header.bottom);
  expect(amount.y).toBeGreaterThanOrEqual(header.bottom);
});
