/**
 * Player protection journey (Bengali, 360×640): a member sets a deposit limit and a deposit over
 * it is refused; they self-exclude, are logged out at once, are refused at login with the date,
 * and can still log in to a withdraw-only session.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PASSWORD } from '../support/captcha';
import { logIn, registerMember } from '../support/members';

async function sessionToken(page: Page) {
  const info = await page.evaluate(() => sessionStorage.getItem('MC_SESSION_INFO'));
  return (JSON.parse(info ?? '{}') as { token: string }).token;
}

test('protection: a deposit limit refuses a larger deposit; self-exclusion logs out and refuses login', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'rg');
  await logIn(page, username);

  // step: the responsible-gaming page shows the time since login; set a 24-hour limit of 500
  await page.goto('/m/responsibleGaming');
  await expect(page.getByText(/^লগইন করা আছেন /)).toBeVisible();
  await page.getByLabel('২৪ ঘণ্টা-এর সীমা (৳)').fill('500');
  await page.getByRole('button', { name: 'সীমা সংরক্ষণ করুন' }).click();
  await expect(page.getByText('আপনার জমার সীমা সংরক্ষিত হয়েছে')).toBeVisible();
  await expect(page.getByText('৳৫০০.০০-এর মধ্যে ৳০.০০ জমা হয়েছে; বাকি ৳৫০০.০০')).toBeVisible();

  // step: a deposit of 600 is refused with what is left; 400 is allowed
  const token = await sessionToken(page);
  const deposit = (amountMinor: number) =>
    request.post('/wps/wallet/deposits?language=EN', {
      headers: { token, 'idempotency-key': randomUUID() },
      data: { channelCode: 'BKASH', amountMinor },
    });
  const over = await deposit(60_000);
  expect(over.status()).toBe(409);
  expect(await over.json()).toMatchObject({
    errorCode: 'wallet.depositLimitReached',
    data: { remainingMinor: 50_000, period: 'day' },
  });
  expect((await deposit(40_000)).status()).toBe(200);

  // step: self-exclude for 6 months, confirmed with the login password
  await page.getByLabel('স্ব-বর্জন', { exact: true }).selectOption('6m');
  await page.getByRole('button', { name: 'স্ব-বর্জন করুন' }).click();
  const confirm = page.getByRole('dialog', { name: 'বিরতি নিশ্চিত করুন' });
  await confirm.getByLabel('লগইন পাসওয়ার্ড').fill(PASSWORD);
  await confirm.getByRole('button', { name: 'বিরতি শুরু করুন' }).click();

  // step: logged out at once, and the old session is dead on the server too
  await expect(page).toHaveURL(/\/m\/login$/);
  const old = await request.get('/wps/member/info', { headers: { token } });
  expect(old.status()).toBe(401);

  // step: the login is refused with the date the break ends
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill(username);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
  // The date is written out in Bengali (e.g. "২১ মে, ২০২৭ ১০:০০").
  await expect(
    page.getByText(/^আপনি .*২০\S\S.* পর্যন্ত স্ব-বর্জনে আছেন। ততক্ষণ খেলার জন্য লগইন করা যাবে না।$/),
  ).toBeVisible();

  // step: the withdraw-only login opens the protection page with the way to withdraw
  await page.getByRole('button', { name: 'শুধু উত্তোলনের জন্য লগইন করুন' }).click();
  await expect(page).toHaveURL(/\/m\/responsibleGaming$/);
  await expect(page.getByText(/পর্যন্ত স্ব-বর্জনে আছেন।$/)).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('link', { name: 'উত্তোলন', exact: true }),
  ).toBeVisible();
});
