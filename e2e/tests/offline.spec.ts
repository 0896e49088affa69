/** After one visit the service worker has the app shell: the site opens with no network. */
import { expect, test } from '../support/fixtures';

test('the site loads offline after one visit', async ({ page, context }) => {
  // step: first visit installs the service worker
  await page.goto('/m/home');
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The worker takes control of this page (clientsClaim) once active.
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  // step: the phone loses its network
  await context.setOffline(true);

  // step: reopening the site and another screen still works
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'হোম' })).toBeVisible();
  await page.goto('/m/download');
  await expect(page.getByRole('heading', { level: 1, name: 'ডাউনলোড' })).toBeVisible();

  await context.setOffline(false);
});
