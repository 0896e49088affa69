/**
 * The games as a player on a phone meets them, over the demo catalogue: home with hot games and
 * the winner board, a category and a provider, search in Bengali and English, paging by
 * scrolling, and favourites (logged out to login; logged in on the favourites page and home).
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { recordAnnouncements } from '../support/announcements';

interface ApiGame {
  nodeId: string;
  gameName: string;
  nodeName: string;
}

/** The hot games as the server gives them in Bengali (nodeName holds the English name). */
async function hotGames(request: APIRequestContext): Promise<ApiGame[]> {
  const res = await request.get('/wps/game/hot?language=BN');
  return ((await res.json()) as { value: { list: ApiGame[] } }).value.list;
}

const hotSection = (page: Page) => page.getByRole('region', { name: 'জনপ্রিয় গেম' });

test('home shows banners, 6 hot games, all of them after Show more, and the winner board', async ({
  page,
}) => {
  // The hot list as the page got it: the server re-ranks it by real-money turnover every 5
  // minutes, so the game-launch journey's spin can move a game into it between two reads.
  const hotAnswer = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/wps/game/hot' && res.status() === 200,
  );
  await page.goto('/m/home');
  const hot = ((await (await hotAnswer).json()) as { value: { list: ApiGame[] } }).value.list;
  expect(hot.length).toBeGreaterThan(6);
  // step: the banner carousel shows the operator's banners, the first one in view
  const banners = page.getByRole('region', { name: 'প্রচারণা' });
  const firstSlide = banners.getByRole('group', { name: /মধ্যে ১ নম্বর স্লাইড/ });
  await expect(firstSlide.getByRole('img')).toBeVisible();
  await expect(firstSlide.getByRole('img')).toHaveJSProperty('complete', true);
  // step: six hot games first
  const list = hotSection(page).getByRole('list', { name: 'জনপ্রিয় গেম' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(list.getByRole('button', { name: hot[0]!.gameName, exact: true })).toBeVisible();
  // step: Show more shows them all
  await hotSection(page).getByRole('button', { name: 'আরও দেখুন' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(hot.length);
  // step: scroll down to the winner board: ranked wins with masked names and amounts in taka
  const board = page.getByRole('region', { name: 'বড় বিজয়ীরা' });
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(board).toBeVisible({ timeout: 500 });
  }).toPass();
  const wins = board.getByRole('list', { name: 'বড় বিজয়ীরা' }).getByRole('listitem');
  await expect(wins.first()).toContainText(/\*\*\*.* জিতেছেন ৳/);
  expect(await wins.count()).toBeLessThanOrEqual(20);
  await expect(board.getByRole('button', { name: /এখনই খেলুন$/ }).first()).toBeVisible();
});

test('choose a category on home, then a provider', async ({ page }) => {
  await page.goto('/m/home');
  // step: the side menu starts on HOT; choose fishing
  const menu = page.getByRole('tablist', { name: 'গেমের বিভাগ' });
  await expect(menu.getByRole('tab', { name: 'জনপ্রিয়' })).toHaveAttribute('aria-selected', 'true');
  await menu.getByRole('tab', { name: 'মাছ ধরা' }).click();
  const panel = page.getByRole('tabpanel', { name: 'মাছ ধরা' });
  const games = panel.getByRole('list', { name: 'মাছ ধরা' }).getByRole('listitem');
  await expect(games.first()).toBeVisible();
  // step: choose one provider in the vendor strip: only its 30 games
  await panel
    .getByRole('group', { name: 'প্রোভাইডার' })
    .getByRole('button', { name: 'জাল ফেলা' })
    .click();
  await expect(games).toHaveCount(30);
  await expect(panel.getByText('৩০টির মধ্যে ৩০টি গেম')).toBeVisible();
  // step: the logo goes back to HOT; the provider picker opens a provider's page
  await page.getByRole('banner').getByRole('link', { name: 'Khela' }).click();
  await expect(menu.getByRole('tab', { name: 'জনপ্রিয়' })).toHaveAttribute('aria-selected', 'true');
  const picker = page.getByRole('list', { name: 'প্রোভাইডার বেছে নিন' });
  await picker.getByRole('link', { name: 'পিজিই' }).click();
  await expect(page).toHaveURL(/\/m\/provider\?vassalage=PGE$/);
  await expect(page.getByRole('heading', { level: 2, name: 'পিজিই' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'পিজিই' }).getByRole('listitem')).toHaveCount(36);
});

test('search finds a game by its Bengali and by its English name', async ({ page, request }) => {
  const [game] = await hotGames(request);
  const bengali = game!.gameName.split(' ').slice(0, 2).join(' ');
  const english = game!.nodeName.split(' ').slice(0, 2).join(' ');
  // step: the list's search box leads to the search page of its category
  await page.goto('/m/slot-games');
  await page.getByRole('link', { name: 'গেম খুঁজুন' }).click();
  await expect(page).toHaveURL(/\/m\/search-games\?gameType=RNG$/);
  const box = page.getByRole('searchbox', { name: 'গেমের নাম' });
  const results = page.getByRole('list', { name: 'গেম খুঁজুন' });
  const answerTo = (text: string) =>
    page.waitForResponse(
      (res) =>
        new URL(res.url()).pathname === '/wps/game/list' &&
        new URL(res.url()).searchParams.get('gameName') === text,
    );
  // step: in Bengali
  const bengaliAnswer = answerTo(bengali);
  await box.fill(bengali);
  await bengaliAnswer;
  await expect(results.getByRole('button', { name: game!.gameName, exact: true })).toBeVisible();
  // step: in English (names show in the page's language)
  const englishAnswer = answerTo(english);
  await box.fill(english);
  await englishAnswer;
  await expect(results.getByRole('button', { name: game!.gameName, exact: true })).toBeVisible();
});

test('scrolling to the end of a list loads page 2', async ({ page }) => {
  await page.goto('/m/slot-games?vassalage=JILI');
  const games = page.getByRole('list', { name: 'স্লট' }).getByRole('listitem');
  await expect(games).toHaveCount(36);
  // step: scroll to the bottom; the next 36 are appended
  const pageTwo = page.waitForRequest(
    (req) => req.url().includes('/wps/game/list') && req.url().includes('pageNo=2'),
  );
  await page.mouse.wheel(0, 6000);
  await pageTwo;
  await expect(games).toHaveCount(72);
  await expect(page.getByText('৩২০টির মধ্যে ৭২টি গেম')).toBeVisible();
});

test('a logged-out player tapping a heart is sent to login', async ({ page, request }) => {
  const [game] = await hotGames(request);
  await page.goto('/m/home');
  await hotSection(page)
    .getByRole('button', { name: `প্রিয়: ${game!.gameName}`, exact: true })
    .click();
  await expect(page).toHaveURL(/\/m\/login$/);
});

test('a member adds a favourite and finds it on the favourites page and home', async ({
  page,
  request,
}) => {
  const [game] = await hotGames(request);
  const username = await registerMember(request, 'game');
  await logIn(page, username);
  // step: no favourites yet; add the first hot game
  const row = page.getByRole('region', { name: 'আমার প্রিয় গেম' });
  await expect(row.getByText('এখনও কোনো প্রিয় গেম নেই।', { exact: false })).toBeVisible();
  const heart = hotSection(page).getByRole('button', {
    name: `প্রিয়: ${game!.gameName}`,
    exact: true,
  });
  const heard = await recordAnnouncements(page);
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(heard).toContain('আপনার প্রিয় তালিকায় যোগ হয়েছে');
  // step: it is on home's favourites row
  await expect(row.getByRole('button', { name: game!.gameName, exact: true })).toBeVisible();
  // step: and on the favourites page, from a list's in-my-collection button
  await page.goto('/m/slot-games');
  await page.getByRole('link', { name: 'আমার সংগ্রহে' }).click();
  await expect(page).toHaveURL(/\/m\/fav-games$/);
  const favourites = page.getByRole('list', { name: 'আমার প্রিয় গেম' });
  await expect(favourites.getByRole('listitem')).toHaveCount(1);
  await expect(favourites.getByRole('button', { name: game!.gameName, exact: true })).toBeVisible();
  // step: taking the heart off removes it from the page
  await favourites.getByRole('button', { name: `প্রিয়: ${game!.gameName}`, exact: true }).click();
  await expect(page.getByText('এখনও কোনো প্রিয় গেম নেই।', { exact: false })).toBeVisible();
});
