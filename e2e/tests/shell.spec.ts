/** The player-site shell: language, routing, footer, help centre, as a player on a phone meets them. */
import { expect, test } from '../support/fixtures';
import { chooseLanguage } from '../support/language';

test('home opens in Bengali, switches to English and keeps it after a reload', async ({ page }) => {
  // step: a first visit is in Bengali
  await page.goto('/m/home');
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('link', { name: 'লগইন' })).toBeVisible();

  // step: choose English in the account menu, the one place the language is chosen
  await expect(page.getByRole('combobox', { name: 'ভাষা' })).toHaveCount(0);
  await chooseLanguage(page, 'EN');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // step: a reload keeps English, and the account menu shows it chosen
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // This second entry to home may open the operator's popup (issue 18, item 8): one already up is
  // closed by the page's handler before the tap, and one that comes later waits while the account
  // menu is open (popups.tsx), so it cannot close the menu under the player.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});

for (const alias of [
  '/',
  '/m',
  '/m/',
  '/m/index',
  '/m/index.html',
  '/m/no-such-screen',
  '/nowhere',
]) {
  test(`${alias} ends at /m/home`, async ({ page }) => {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  });
}

test('the footer menu is hidden on its screens and marks Home on the home page', async ({
  page,
}) => {
  // step: on home the footer shows with Home as the current page
  await page.goto('/m/home');
  const footer = page.getByRole('navigation', { name: 'ফুটার মেনু' });
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('link', { name: 'হোম' })).toHaveAttribute('aria-current', 'page');

  // step: the screens the spec lists have no footer
  for (const path of [
    '/m/login',
    '/m/register',
    '/m/forget',
    '/m/download',
    '/m/activity',
    '/m/help',
    '/m/notice',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ফুটার মেনু' })).toHaveCount(0);
  }

  // step: other screens keep it, without marking Home
  await page.goto('/m/slot-games');
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('link', { name: 'হোম' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('the help centre opens the item named by ?i=', async ({ page }) => {
  await page.goto('/m/help?i=2');
  await chooseLanguage(page, 'EN');
  const third = page.getByRole('button', { name: 'How long does a withdrawal take?' });
  await expect(third).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('region', { name: 'How long does a withdrawal take?' }),
  ).toContainText('within 30 minutes');
  await expect(page.getByRole('button', { name: 'How do I register?' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // step: tapping another item opens it
  await page.getByRole('button', { name: 'How do I deposit?' }).click();
  await expect(page.getByRole('region', { name: 'How do I deposit?' })).toContainText('bKash');
});
