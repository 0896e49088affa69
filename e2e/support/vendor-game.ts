/**
 * The demo vendor's slot as a player meets it: home's JILI row (জিলি) opens it full-screen, and
 * its page (the partners process, in a frame) spins over the wallet API.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface ApiGame {
  nodeId: string;
  gameName: string;
}

export interface SpinAnswer {
  stake: number;
  win: number;
  /** Cash and bonus together, as the wallet answered the round. */
  balance: number;
}

/** The first JILI slot, as home's JILI row shows it in Bengali. */
export async function jiliSlot(request: APIRequestContext): Promise<ApiGame> {
  const res = await request.get(
    '/wps/game/list?gameType=RNG&vassalage=JILI&pageNo=1&pageSize=12&language=BN',
  );
  const games = ((await res.json()) as { value: { games: ApiGame[] } }).value.games;
  return games[0]!;
}

/** Taps the game in home's JILI row; answers its full-screen dialog. */
export async function openFromHome(page: Page, game: ApiGame) {
  const row = page.getByRole('region', { name: 'জিলি', exact: true });
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: game.gameName, exact: true }).click();
  return page.getByRole('dialog', { name: game.gameName });
}

/** Chooses the stake (minor units, one of the vendor's) and spins once; answers the round. */
export async function spinOnce(page: Page, game: ApiGame, stakeMinor: number) {
  const frame = page.getByTitle(`গেম: ${game.gameName}`).contentFrame();
  await frame.getByLabel('বাজি', { exact: true }).selectOption(String(stakeMinor));
  const spin = frame.getByRole('button', { name: 'ঘোরান' });
  await expect(spin).toBeEnabled();
  const answer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/demo-vendor/api/play' && res.status() === 200,
  );
  await spin.click();
  const round = (await (await answer).json()) as SpinAnswer;
  await expect(frame.getByRole('status')).toHaveText(/জিতেছেন|জেতেননি/);
  // The next spin waits until this one has finished on the page.
  await expect(spin).toBeEnabled();
  return round;
}
