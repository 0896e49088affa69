/**
 * Bengali screens in Bengali digits (issue 18, docs/formatting.md), 360×640 on a phone set to New
 * York's zone: the registration form's rule hint, and the transaction records with their amounts,
 * dates, times, period fields and the header balance. No Latin digit and no "AM"/"PM" is left in
 * what the player reads (identifiers, shown as typed, aside), and times are on Dhaka's clock.
 */
import type { APIRequestContext } from '@playwright/test';
import { bn, NOT_BENGALI } from '../support/digits';
import { E2E_OPS_TOKEN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';

test.use({ timezoneId: 'America/New_York' });

async function credit(request: APIRequestContext, username: string, amountMinor: number) {
  const res = await request.post('/ops/api/wallet/adjustments', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { username, amountMinor, reason: 'E2E formatting', key: `e2e-${username}` },
  });
  if (!res.ok()) throw new Error(`adjustment: ${res.status()} ${await res.text()}`);
}

/** Dhaka's day of the month and hour at `at`, in Bengali digits. */
function dhakaDayAndHour(at: Date) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: bn(part('day')), hour: bn(part('hour')) };
}

test('the registration form writes its rule hint in Bengali digits', async ({ page }) => {
  await page.goto('/m/register');
  const username = page.getByLabel('ব্যবহারকারীর নাম', { exact: true });
  await username.fill('ab');
  await username.blur();
  await expect(username).toHaveAccessibleDescription('কমপক্ষে ৪ অক্ষর');
});

test("records show money, dates and times in Bengali digits on Dhaka's clock", async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'fmt');
  const before = new Date();
  await credit(request, username, 123_456);
  const after = new Date();
  await logIn(page, username);

  // step: the header balance and the record's amounts, with paisa and lakh groups
  await page.goto('/m/transaction/record');
  await expect(page.getByTestId('balance')).toHaveText(/৳১,২৩৪\.৫৬/);
  const list = page.getByRole('list', { name: 'লেনদেন' });
  const row = list.getByRole('listitem').first();
  await expect(row).toContainText('সমন্বয়');
  await expect(row).toContainText('+৳১,২৩৪.৫৬');
  await expect(row).toContainText('ব্যালেন্স ৳১,২৩৪.৫৬');

  // step: the time is Dhaka's (the phone is in New York), day month-name year, 24-hour clock
  const time = (await row.locator('time').textContent()) ?? '';
  expect(time).toMatch(/^[০-৯]{1,2} \S+ [০-৯]{4}, [০-৯]{2}:[০-৯]{2}:[০-৯]{2}$/);
  const expected = [dhakaDayAndHour(before), dhakaDayAndHour(after)];
  expect(
    expected.some(({ day, hour }) => time.startsWith(`${day} `) && time.includes(`, ${hour}:`)),
  ).toBe(true);
  await expect(page.getByText('সব সময় ঢাকার সময়ে।')).toBeVisible();

  // step: no Latin digit or AM/PM anywhere in the list but its identifiers (reference, number)
  const shown = await list.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[translate="no"]').forEach((identifier) => identifier.remove());
    return copy.textContent ?? '';
  });
  expect(shown).not.toMatch(NOT_BENGALI);

  // step: the period's date fields show their days in Bengali, not mm/dd/yyyy
  const period = page.getByRole('group', { name: 'সময়কাল' });
  await expect(period.getByLabel('শুরু')).toBeVisible();
  const periodText = await period.evaluate((element) => (element as HTMLElement).innerText);
  expect(periodText).toMatch(/[০-৯]{1,2} \S+ [০-৯]{4}/);
  expect(periodText).not.toMatch(NOT_BENGALI);
});
