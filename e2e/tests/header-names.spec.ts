/**
 * Names in the header (issue 18, item 4): a mobile sign-up gets a readable name it may change
 * once, a trial account says it is one in the header and at the cashier, and a long name never
 * crushes the logo or widens the page at 360 px.
 */
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { askForSmsCode, newMobile, newUsername, PASSWORD, watchCaptchas } from '../support/captcha';
import { logIn } from '../support/members';
import { captchaAnswer, latestSmsCode } from '../support/ops';

const header = (page: Page) => page.getByRole('banner');
/** The logo in the header: its link is named after the brand. */
const logo = (page: Page) => header(page).getByRole('link', { name: 'Khela' }).locator('svg');

/** The logo is 30 px wide and clear of the account's badge; the page does not scroll sideways. */
async function expectLogoWholeAndNoSideScroll(page: Page, badge: string) {
  const logoBox = (await logo(page).boundingBox())!;
  expect(logoBox.width).toBe(30);
  const badgeBox = (await header(page).getByText(badge, { exact: true }).boundingBox())!;
  expect(badgeBox.x).toBeGreaterThanOrEqual(logoBox.x + logoBox.width);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths).toEqual({ page: 360, viewport: 360 });
}

async function signUpByMobile(page: Page, request: APIRequestContext) {
  const captcha = watchCaptchas(page, request);
  const mobile = newMobile('19');
  await page.goto('/m/register');
  await page.getByRole('tab', { name: 'মোবাইল দিয়ে' }).click();
  await askForSmsCode(page, captcha, mobile);
  await page
    .getByLabel('এসএমএস কোড', { exact: true })
    .fill(await latestSmsCode(request, `+880${mobile}`));
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
  await page.getByLabel('পাসওয়ার্ড নিশ্চিত করুন', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /আমার বয়স/ }).check();
  await page.getByRole('button', { name: 'নিবন্ধন করুন', exact: true }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
}

const session = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}') as Record<string, string>,
  );

test('a mobile sign-up sees a readable name and changes it once', async ({ page, request }) => {
  // step: sign up by mobile number; the site makes a readable name and says so
  await signUpByMobile(page, request);
  const { userName: made, token } = await session(page);
  expect(made).toMatch(/^[a-z]{6,14}\d{2}$/);
  await expect(
    page.getByText(
      `স্বাগতম, ${made}! এটি আপনার ব্যবহারকারীর নাম; আমার অ্যাকাউন্ট থেকে একবার বদলাতে পারবেন।`,
    ),
  ).toBeVisible();
  await expect(header(page).getByText(made!, { exact: true })).toBeVisible();

  // step: change it on the account screen
  await page.goto('/m/myAccount/index');
  const change = page.getByRole('region', { name: 'ব্যবহারকারীর নাম বদলান' });
  await expect(change.getByText('আপনি ব্যবহারকারীর নাম একবার বদলাতে পারবেন।')).toBeVisible();
  const wanted = newUsername('nm');
  await change.getByLabel('নতুন ব্যবহারকারীর নাম', { exact: true }).fill(wanted);
  await change.getByRole('button', { name: 'নাম সংরক্ষণ করুন' }).click();
  await expect(page.getByText(`আপনার ব্যবহারকারীর নাম এখন ${wanted}`)).toBeVisible();
  await expect(
    change.getByText('ব্যবহারকারীর নাম বদলানোর একমাত্র সুযোগটি আপনি ব্যবহার করেছেন।'),
  ).toBeVisible();
  await expect(header(page).getByText(wanted, { exact: true })).toBeVisible();

  // step: the same session still works after a reload, and offers no second change
  await page.reload();
  await expect(header(page).getByText(wanted, { exact: true })).toBeVisible();
  await expect(
    change.getByText('ব্যবহারকারীর নাম বদলানোর একমাত্র সুযোগটি আপনি ব্যবহার করেছেন।'),
  ).toBeVisible();
  await expect(change.getByRole('textbox')).toHaveCount(0);

  // step: a second change asked of the server directly is refused too
  const second = await request.put('/wps/member/username', {
    headers: { token: token!, 'idempotency-key': `second-${Date.now()}` },
    data: { username: newUsername('nx') },
  });
  expect(second.status()).toBe(409);
  expect(await second.json()).toMatchObject({
    errorCode: 'member.usernameChangeUsed',
    message: 'আপনি আগেই একবার ব্যবহারকারীর নাম বদলেছেন; এটি আর বদলানো যাবে না',
  });
});

test('a trial account says it is one, in the header and at the cashier', async ({ page }) => {
  // step: start a trial from the login screen
  await page.goto('/m/login');
  await page.getByRole('button', { name: 'ট্রায়াল' }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  // step: the header labels it, beside the guest name, with the logo whole
  await expect(header(page).getByText('ট্রায়াল', { exact: true })).toBeVisible();
  await expect(header(page).getByText(/^guest\d{8}$/)).toBeVisible();
  await expectLogoWholeAndNoSideScroll(page, 'ট্রায়াল');
  // step: the cashier says it is a trial account that cannot deposit. An operator popup may
  // open over home: the journey's page closes it by its own close button, as a player would.
  await header(page).getByRole('link', { name: 'জমা' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter$/);
  const note = page.getByRole('region', { name: 'ট্রায়াল অ্যাকাউন্ট' });
  await expect(note.getByText(/এটি একটি ট্রায়াল অ্যাকাউন্ট/)).toBeVisible();
  await expect(note.getByRole('link', { name: 'এখনই নিবন্ধন করুন' })).toBeVisible();
});

test('a 16-character name keeps the 30 px logo and the page 360 px wide', async ({
  page,
  request,
}) => {
  const worker = process.env.TEST_PARALLEL_INDEX ?? '0';
  const name = `longname${worker}${Date.now().toString(36)}`.slice(0, 16);
  expect(name).toHaveLength(16);
  // step: a member with a long name logs in on a 360 px phone
  const captcha = await request.get('/wps/captcha');
  const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
  const registered = await request.put('/wps/member/register?language=EN', {
    data: {
      username: name,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      captchaId,
      captcha: await captchaAnswer(request, captchaId),
    },
  });
  expect(registered.ok()).toBe(true);
  await logIn(page, name);
  // step: the name ends in an ellipsis and leaves the logo alone; nothing scrolls sideways
  await expect(page.getByTestId('balance')).toHaveText(/০\.০০/);
  const shown = header(page).getByText(name, { exact: true });
  await expect(shown).toBeVisible();
  await expect
    .poll(() =>
      shown.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).textOverflow),
    )
    .toBe('ellipsis');
  await expectLogoWholeAndNoSideScroll(page, 'VIP0');
});
