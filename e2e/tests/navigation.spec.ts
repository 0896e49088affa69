/**
 * Where the phone's Back and a login lead (Bengali, 360×640): Back from an open game closes it on
 * the screen it was opened from; a visitor sent to login by a game tile comes back to that screen
 * with the game opening; a player whose account the operator disables is told why on login.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { PASSWORD } from '../support/captcha';
import { logIn, registerMember } from '../support/members';
import { updateMember } from '../support/ops';

interface ApiGame {
  nodeId: string;
  gameName: string;
}

const LOBBY = '/m/slot-games?vassalage=JILI';

/** The first JILI slot: the first tile of the JILI slot lobby. */
async function jiliSlot(request: APIRequestContext): Promise<ApiGame> {
  const res = await request.get(
    '/wps/game/list?gameType=RNG&vassalage=JILI&pageNo=1&pageSize=12&language=BN',
  );
  return ((await res.json()) as { value: { games: ApiGame[] } }).value.games[0]!;
}

async function openInLobby(page: Page, game: ApiGame) {
  const tiles = page.getByRole('list', { name: 'স্লট' });
  await tiles.getByRole('button', { name: game.gameName, exact: true }).first().click();
  return page.getByRole('dialog', { name: game.gameName });
}

test('Back from a game opened in the lobby closes it in the lobby, not on the screen before', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'back');
  const game = await jiliSlot(request);
  await logIn(page, username);

  // step: visit the game records, then the JILI slot lobby
  await page.goto('/m/gameRecord');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(LOBBY);

  // step: open a slot; the phone's Back closes it and the player is still in the lobby
  let dialog = await openInLobby(page, game);
  await expect(dialog).toBeVisible();
  // The vendor's page in the frame is not ours to check.
  await expectAccessible(page, 'a game open', 'iframe');
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
  await expect(page.getByRole('list', { name: 'স্লট' })).toBeVisible();

  // step: open it again and close it with its button: Back then leads to the records
  dialog = await openInLobby(page, game);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'গেম বন্ধ করুন' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/m\/gameRecord$/);
});

test('a visitor sent to login by a game tile comes back to the lobby and the game opens', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'tile');
  const game = await jiliSlot(request);
  await page.goto(LOBBY);

  // step: tap the slot without a session: login
  await page
    .getByRole('list', { name: 'স্লট' })
    .getByRole('button', { name: game.gameName, exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/m\/login$/);

  // step: log in: back in the lobby, the game opening
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill(username);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
  const dialog = page.getByRole('dialog', { name: game.gameName });
  await expect(dialog).toBeVisible();

  // step: Back closes the game in the lobby
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
});

test('a player whose account the operator disables is told why on login', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'off');
  await logIn(page, username);

  // step: the player is in the member centre when the operator disables the account
  await page.goto('/m/member/home');
  const inbox = page.getByRole('link', { name: 'ইনবক্স', exact: true }).first();
  await expect(inbox).toBeVisible();
  // The screen's own calls are answered: the next call is the player's tap.
  await page.waitForLoadState('networkidle');
  await updateMember(request, username, { status: 'disabled' });

  // step: the next call meets the ended session: login, saying why, announced. That call is the
  // player's tap, or an unread-count poll that beats it on a loaded machine; either ends at login.
  await Promise.race([page.waitForURL(/\/m\/login$/), inbox.click().catch(() => undefined)]);
  await expect(page).toHaveURL(/\/m\/login$/);
  await expect(page.getByRole('alert')).toHaveText(
    'আপনার অ্যাকাউন্ট নিষ্ক্রিয় করা হয়েছে। অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
  );
  await expect(page.getByRole('button', { name: 'লগইন করুন', exact: true })).toBeVisible();
  await expectAccessible(page, 'login, saying why the session ended');
});
