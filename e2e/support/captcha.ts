/**
 * Reads captcha pictures the way a person would type them: the page's captcha calls are watched,
 * each picture is matched to its captcha id, and the answer comes from the operator API.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { captchaAnswer } from './ops';

export function watchCaptchas(page: Page, request: APIRequestContext) {
  const idByImage = new Map<string, string>();
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/wps/captcha' || !response.ok()) return;
    const body = (await response.json()) as { value: { captchaId: string; image: string } };
    idByImage.set(body.value.image, body.value.captchaId);
  });
  return {
    /** The digits of the captcha picture shown inside `scope` (the whole page by default). */
    async answer(scope: Page | Locator = page) {
      const picture = scope
        .getByRole('button', { name: /নতুন ক্যাপচা ছবি|New captcha image/ })
        .locator('img');
      await picture.waitFor();
      const src = (await picture.getAttribute('src')) ?? '';
      for (let i = 0; i < 50 && !idByImage.has(src); i += 1) await page.waitForTimeout(100);
      const captchaId = idByImage.get(src);
      if (!captchaId) throw new Error('the captcha picture came from no captcha call');
      return captchaAnswer(request, captchaId);
    },
  };
}

let counter = 0;
/** Journeys run two at a time: the worker's index keeps their usernames apart. */
const worker = process.env.TEST_PARALLEL_INDEX ?? '';
/** A username that fits the default rule: a letter, then letters or digits, 4 to 16. */
export const newUsername = (prefix = 'e2e') =>
  `${prefix}${Date.now().toString(36).slice(-6)}${worker}${(counter += 1)}`.toLowerCase();

/**
 * A Bangladeshi mobile number (10 digits after +880, `prefix` its first two) no other journey
 * uses: the clock's last 7 digits in milliseconds and the worker's index, so two workers that
 * ask in the same millisecond still get two numbers (one worker's journeys never share a
 * millisecond: each step waits on the page).
 */
export const newMobile = (prefix: '17' | '18' | '19') =>
  `${prefix}${String(Date.now()).slice(-7)}${worker.slice(-1) || '0'}`;

export const PASSWORD = 'Meghna-Bridge-2026';

/**
 * On a form with a mobile number (registration, forgot password, in Bengali): types the number,
 * taps Get code and passes the captcha check that comes before an SMS is sent.
 */
export async function askForSmsCode(
  page: Page,
  captcha: ReturnType<typeof watchCaptchas>,
  mobile: string,
) {
  await page.getByLabel('মোবাইল নম্বর', { exact: true }).fill(mobile);
  await page.getByRole('button', { name: 'কোড নিন' }).click();
  const check = page.getByRole('dialog', { name: 'নিরাপত্তা যাচাই' });
  await check.getByLabel('ক্যাপচা', { exact: true }).fill(await captcha.answer(check));
  await check.getByRole('button', { name: 'কোড পাঠান' }).click();
}
