/**
 * Game launch as a player on a phone meets it (Bengali, 360×640): a member opens a demo slot from
 * home, spins once inside the vendor's page, closes it and finds the header balance and the game
 * record showing the round; a visitor's launch goes to login; a trial account plays with play
 * money only.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_OPS_TOKEN } from '../support/env';
import { logIn, registerMember } from '../support/members';
import { bn } from '../support/digits';

interface ApiGame {
  nodeId: string;
  gameName: string;
}

interface PlayAnswer {
  stake: number;
  win: number;
  balance: number;
}

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

async function credit(request: APIRequestContext, username: string, amountMinor: number) {
  const res = await request.post('/ops/api/wallet/adjustments', {
    headers: ops,
    data: { username, amountMinor, reason: 'E2E funding', key: `e2e-launch-${username}` },
  });
  if (!res.ok()) throw new Error(`adjustment: ${res.status()} ${await res.text()}`);
}

/** The first JILI slot, as home's JILI row (জিলি) shows it in Bengali. */
async function jiliSlot(request: APIRequestContext): Promise<ApiGame> {
  const res = await request.get(
    '/wps/game/list?gameType=RNG&vassalage=JILI&pageNo=1&pageSize=12&language=BN',
  );
  const games = ((await res.json()) as { value: { games: ApiGame[] } }).value.games;
  return games[0]!;
}

/** "1,000.00": balances and amounts as every screen groups them. */
const amount = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** "৳১,০০০.০০", as the demo vendor's page shows taka in Bengali. */
const taka = (minor: number) => `৳${bn(amount(minor))}`;
/** The header's balance, whatever currency symbol the operator set. */
const headerShows = (minor: number) =>
  new RegExp(`^[^০-৯]*${bn(amount(minor)).replace(/\./g, '\\.')}$`);

async function openFromHome(page: Page, game: ApiGame) {
  const row = page.getByRole('region', { name: 'জিলি', exact: true });
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: game.gameName, exact: true }).click();
  return page.getByRole('dialog', { name: game.gameName });
}

/** Spins once inside the vendor page and answers what its server said. */
async function spinOnce(page: Page, game: ApiGame): Promise<PlayAnswer> {
  const frame = page.getByTitle(`গেম: ${game.gameName}`).contentFrame();
  const spin = frame.getByRole('button', { name: 'ঘোরান' });
  await expect(spin).toBeEnabled();
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/demo-vendor/api/play' && res.status() === 200,
  );
  await spin.click();
  const round = (await (await answer).json()) as PlayAnswer;
  await expect(frame.getByRole('status')).toHaveText(/জিতেছেন|জেতেননি/);
  await expect(frame.getByText(taka(round.balance), { exact: true })).toBeVisible();
  return round;
}

test('a member launches a demo slot from home, spins, closes, and the balance and records show it', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'launch');
  await credit(request, username, 1_000_00);
  const game = await jiliSlot(request);
  await logIn(page, username);
  await expect(page.getByTestId('balance')).toHaveText(/১,০০০\.০০/);

  // step: tap the slot in home's JILI row: it opens full-screen over home
  const dialog = await openFromHome(page, game);
  await expect(dialog).toBeVisible();
  const frame = page.getByTitle(`গেম: ${game.gameName}`).contentFrame();
  await expect(frame.getByText(taka(1_000_00), { exact: true })).toBeVisible();

  // step: spin once inside the vendor's page
  const round = await spinOnce(page, game);
  expect(round.balance).toBe(1_000_00 - round.stake + round.win);

  // step: close: back on home, the header balance shows the round
  await dialog.getByRole('button', { name: 'গেম বন্ধ করুন' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByTestId('balance')).toHaveText(headerShows(round.balance));

  // step: the game record shows the round with its stake and win
  await page.goto('/m/gameRecord');
  const rounds = page.getByRole('list', { name: 'খেলার রাউন্ড' });
  const row = rounds.getByRole('listitem').filter({ hasText: game.gameName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(
    new RegExp(`বাজি [^০-৯]*${bn(amount(round.stake)).replace(/\./g, '\\.')}`),
  );
  await expect(row).toContainText(
    new RegExp(`জয় [^০-৯]*${bn(amount(round.win)).replace(/\./g, '\\.')}`),
  );
});

test('a visitor who taps a game goes to login', async ({ page, request }) => {
  const game = await jiliSlot(request);
  await page.goto('/m/home');
  // step: tap a game without a session
  const row = page.getByRole('region', { name: 'জিলি', exact: true });
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: game.gameName, exact: true }).click();
  await expect(page).toHaveURL(/\/m\/login$/);
});

test('a trial account plays with play money only', async ({ page, request }) => {
  const game = await jiliSlot(request);
  // step: start a trial from the login screen
  await page.goto('/m/login');
  await page.getByRole('button', { name: 'ট্রায়াল' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByTestId('balance')).toHaveText(/২,০০০\.০০/);

  // step: the slot opens on play money
  const dialog = await openFromHome(page, game);
  const frame = page.getByTitle(`গেম: ${game.gameName}`).contentFrame();
  await expect(frame.getByText('খেলার টাকা', { exact: true })).toBeVisible();

  // step: spin and close: only the play balance moved
  const round = await spinOnce(page, game);
  expect(round.balance).toBe(2_000_00 - round.stake + round.win);
  await dialog.getByRole('button', { name: 'গেম বন্ধ করুন' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('balance')).toHaveText(headerShows(round.balance));
});
