/** The operator switches the site; players see the maintenance page, and the site comes back. */
import { expect, test } from '../support/fixtures';
import { setSetting } from '../support/ops';

test.afterEach(async ({ request }) => {
  await setSetting(request, 'maintenance', false);
  await setSetting(request, 'regionRestriction', false);
});

test('the maintenance page appears when the operator turns maintenance on', async ({
  page,
  request,
}) => {
  // step: the site is open
  await page.goto('/m/home');
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();

  // step: the operator turns maintenance on with a message
  await setSetting(request, 'maintenanceMessage', {
    EN: 'Back at 10 pm with new games.',
    BN: 'রাত ১০টায় নতুন গেম নিয়ে ফিরছি।',
  });
  await setSetting(request, 'maintenance', true);

  // step: a player opening the site sees the maintenance page and the message
  await page.reload();
  await expect(page.getByRole('heading', { name: 'রক্ষণাবেক্ষণ চলছে' })).toBeVisible();
  await expect(page.getByText('রাত ১০টায় নতুন গেম নিয়ে ফিরছি।')).toBeVisible();

  // step: maintenance ends and the site is back
  await setSetting(request, 'maintenance', false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
});

test('a region restriction shows the region page', async ({ page, request }) => {
  await setSetting(request, 'regionRestriction', true);
  await page.goto('/m/home');
  await expect(
    page.getByRole('heading', { name: 'আপনার অঞ্চলে এই সেবা পাওয়া যায় না' }),
  ).toBeVisible();

  // step: the operator allows this player's address and the site opens again
  await setSetting(request, 'regionAllowedIps', ['127.0.0.1']);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  await setSetting(request, 'regionAllowedIps', []);
});
