/**
 * Social login as a player meets it: Google login (here the journeys' local OpenID provider,
 * whose development sign-in and consent pages stand in for Google's) signs a new player up through
 * the registration form, and later logs the same player in again.
 */
import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { newUsername, watchCaptchas } from '../support/captcha';
import { setFlag } from '../support/ops';

const header = (page: Page) => page.getByRole('banner');

/** At the provider: sign in as `login` (any password) and allow the site. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function logOut(page: Page) {
  await expect(async () => {
    await header(page).getByRole('button', { name: 'অ্যাকাউন্ট মেনু' }).click();
    await page.getByRole('menuitem', { name: 'লগআউট' }).click({ timeout: 3_000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole('dialog', { name: 'লগআউট করবেন?' })
    .getByRole('button', { name: 'লগআউট' })
    .click();
  await expect(header(page).getByRole('link', { name: 'লগইন', exact: true })).toBeVisible();
}

test.afterAll(async ({ request }) => {
  await setFlag(request, 'GOOGLELOGIN3', false);
});

test('sign up with Google, then log in with it again', async ({ page, request }) => {
  await setFlag(request, 'GOOGLELOGIN3', true);
  const captcha = watchCaptchas(page, request);
  const login = newUsername();

  // step: the login screen offers Google; the provider asks who the player is and their consent
  await page.goto('/m/login');
  await page.getByRole('button', { name: 'গুগল দিয়ে লগইন' }).click();
  await signInAtProvider(page, login);

  // step: back on the site, a new Google account is asked to register (no password needed)
  await expect(page).toHaveURL(/\/m\/social\/google\?/);
  await expect(page.getByRole('heading', { name: 'Google দিয়ে সাইন-ইন শেষ করুন' })).toBeVisible();
  await expect(page.getByLabel('পাসওয়ার্ড', { exact: true })).toHaveCount(0);
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill(login);
  await page.getByLabel('ক্যাপচা', { exact: true }).fill(await captcha.answer());
  const submit = page.getByRole('button', { name: 'নিবন্ধন করুন', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /আমার বয়স ১৮ বছর/ }).check();
  await submit.click();

  // step: the new member lands home, logged in
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(header(page).getByText(login)).toBeVisible();

  // step: log out; the provider forgets the browser too (a new visit asks again)
  await logOut(page);
  await page.context().clearCookies();

  // step: log in with Google again: straight in as the same member
  await page.goto('/m/login');
  await page.getByRole('button', { name: 'গুগল দিয়ে লগইন' }).click();
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(header(page).getByText(login)).toBeVisible();
});

test('a refused consent comes back to the login screen, which says why', async ({
  page,
  request,
}) => {
  await setFlag(request, 'GOOGLELOGIN3', true);
  // step: the player starts with Google and cancels at the provider
  await page.goto('/m/login');
  await page.getByRole('button', { name: 'গুগল দিয়ে লগইন' }).click();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  // step: the login screen tells them, in Bengali
  await expect(page).toHaveURL(/\/m\/login$/);
  await expect(page.getByRole('alert')).toContainText('আপনি সাইন-ইনের অনুমতি দেননি');
});
