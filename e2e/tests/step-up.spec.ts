/**
 * Step-up on a new device (LOGINIPVERF3), in Bengali at 360×640: with the flag on, a member's
 * login from a browser it has never used meets the one-time code sent to the masked mobile
 * number, enters it, and the security centre then lists this browser as a trusted device; the
 * next login from the same browser is not asked.
 *
 * The flag is site-wide, so this journey is one of playwright.config.ts's site switches: it runs
 * alone, after every other journey, and turns the flag off again whatever happens.
 */
import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { newUsername, PASSWORD } from '../support/captcha';
import { expect, test } from '../support/fixtures';
import { logIn } from '../support/members';
import { captchaAnswer, latestSmsCode, setFlag } from '../support/ops';

/** A member with a bound mobile number, registered through the API (so no browser is trusted). */
async function registerWithMobile(request: APIRequestContext) {
  const username = newUsername('stepup');
  const mobileNum = `17${randomInt(10_000_000, 99_999_999)}`;
  const captcha = await request.get('/wps/captcha');
  const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
  const res = await request.put('/wps/member/register?language=EN', {
    data: {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      countryDialingCode: '+880',
      mobileNum,
      captchaId,
      captcha: await captchaAnswer(request, captchaId),
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  return { username, mobileNum };
}

test('step-up: a new browser meets the code, then is a trusted device and is not asked again', async ({
  page,
  request,
}) => {
  await setFlag(request, 'LOGINIPVERF3', true);
  try {
    const { username, mobileNum } = await registerWithMobile(request);

    // step: log in from this browser, new to the member: the code step, not home
    await page.goto('/m/login');
    await page.getByLabel('ব্যবহারকারীর নাম', { exact: true }).fill(username);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'লগইন করুন', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'এই ডিভাইসটি যাচাই করুন' })).toBeVisible();
    await expect(
      page.getByText(`+880 ${mobileNum.slice(0, 2)}••••${mobileNum.slice(-4)}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /পরে নতুন কোড$/ })).toBeDisabled();
    await expect(page).toHaveURL(/\/m\/login$/);

    // step: a wrong code is refused and counted
    const code = await latestSmsCode(request, `+880${mobileNum}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const field = page.getByLabel('এককালীন কোড');
    await field.fill(wrong);
    await page.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
    await expect(page.getByText('কোড ভুল: আর ৪ বার চেষ্টা করা যাবে')).toBeVisible();

    // step: the code from the SMS lets the player in
    await field.fill(code);
    await page.getByRole('button', { name: 'নিশ্চিত করুন' }).click();
    await expect(page).toHaveURL(/\/m\/home$/);

    // step: the security centre lists this browser as a trusted device
    await page.goto('/m/securityCenter');
    const trusted = page.getByRole('list', { name: 'বিশ্বস্ত ডিভাইস' });
    await expect(trusted.getByRole('listitem')).toHaveCount(1);
    await expect(trusted.getByRole('listitem')).toContainText('এই ডিভাইস');
    await expect(trusted.getByRole('listitem')).toContainText('127.0.0.•');

    // step: a second login from the same browser (a new tab, logged out) goes straight in
    const again = await page.context().newPage();
    await logIn(again, username);
    await again.close();
  } finally {
    await setFlag(request, 'LOGINIPVERF3', false);
  }
});
