/** Members for journeys that start logged in (the register and login screens are accounts.spec's). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newUsername, PASSWORD } from './captcha';
import { captchaAnswer } from './ops';

/** A member made through the registration call; returns the username (password `PASSWORD`). */
export async function registerMember(request: APIRequestContext, prefix: string) {
  const username = newUsername(prefix);
  const captcha = await request.get('/wps/captcha');
  const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
  const res = await request.put('/wps/member/register?language=EN', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      captchaId,
      captcha: await captchaAnswer(request, captchaId),
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  return username;
}

/**
 * Logs in through the login screen (Bengali), ending on home, or on the screen that sent the
 * player to login (`landsOn`).
 */
export async function logIn(page: Page, username: string, landsOn = /\/m\/home$/) {
  if (!page.url().endsWith('/m/login')) await page.goto('/m/login');
  await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill(username);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
  await expect(page).toHaveURL(landsOn);
}
