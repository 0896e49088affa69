/**
 * Member centre journeys (Bengali, 360×640): the operator's inbox message raises the unread count
 * in the member centre and opening it marks it read; the VIP bar follows a deposit made through
 * the sandbox pay page; the centre's entries follow their white-label flags.
 */
import type { APIRequestContext } from '@playwright/test';
import { E2E_OPS_TOKEN, SANDBOX_PAY_PAGE } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { setFlag } from '../support/ops';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** The operator writes to one member, as `npm run ops -- inbox send USERNAME …` does. */
async function sendInbox(
  request: APIRequestContext,
  username: string,
  title: string,
  body: string,
) {
  const res = await request.post('/ops/api/inbox', { headers, data: { username, title, body } });
  if (!res.ok()) throw new Error(`inbox send: ${res.status()} ${await res.text()}`);
}

test('inbox: the operator message shows in the unread count; opening it marks it read', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'mail');
  await logIn(page, username);

  // step: the member centre; no unread messages yet
  await page.goto('/m/member/home');
  await expect(page.getByRole('link', { name: 'ইনবক্স', exact: true }).first()).toBeVisible();

  // step: the operator sends a message; the member centre shows it unread
  await sendInbox(request, username, 'Weekend bonus', 'Your weekend bonus is ready to claim.');
  await page.reload();
  const unreadButton = page.getByRole('link', { name: 'ইনবক্স, ১টি অপঠিত' });
  await expect(unreadButton).toBeVisible();
  await expect(page.getByTestId('inbox-badge')).toHaveText('১');

  // step: the inbox lists it with its unread mark; opening it shows the text and marks it read
  await unreadButton.click();
  await expect(page).toHaveURL(/\/m\/webEmail$/);
  const message = page.getByRole('button', { name: /অপঠিত:\s*Weekend bonus/ });
  await expect(message).toBeVisible();
  await message.click();
  await expect(page.getByText('Your weekend bonus is ready to claim.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Weekend bonus/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // step: back in the member centre the count is gone
  await page.goto('/m/member/home');
  await expect(page.getByRole('link', { name: 'ইনবক্স', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('inbox-badge')).toHaveCount(0);
});

test('VIP progress follows a deposit, and the entries follow their flags', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'vip');
  await logIn(page, username);

  // step: a new member holds VIP0 with no condition of VIP1 met
  await page.goto('/m/member/home');
  const bar = page.getByRole('progressbar', { name: 'VIP1-এর দিকে অগ্রগতি' });
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  // step: a ৳1,000 deposit through the sandbox pay page meets VIP1's deposit condition (1 of 2)
  await page.goto('/m/voucherCenter');
  await page.getByRole('button', { name: '১,০০০', exact: true }).click();
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
  await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await page.goto('/m/member/home');
  await expect(bar).toHaveAttribute('aria-valuenow', '50');
  await expect(page.getByText('৫০%')).toBeVisible();

  // step: the bar opens the benefits: the deposit condition is met, turnover not yet
  await bar.click();
  await expect(page).toHaveURL(/\/m\/member\/benefits$/);
  await expect(page.getByText('৳১,০০০.০০-এর মধ্যে ৳১,০০০.০০')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'জমা' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );

  // step: the operator turns deposit records and feedback off: their entries disappear
  const menu = page.getByRole('navigation', { name: 'সদস্য কেন্দ্রের মেনু' });
  await page.goto('/m/member/home');
  await expect(menu.getByRole('link', { name: 'জমার রেকর্ড' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'মতামত' })).toBeVisible();
  try {
    await setFlag(request, 'DEPRECM3', false);
    await setFlag(request, 'FEEDBACK3', false);
    await page.reload();
    await expect(menu.getByRole('link', { name: 'জমার রেকর্ড' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'মতামত' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'উত্তোলনের রেকর্ড' })).toBeVisible();

    // step: and VIP off hides the bar
    await setFlag(request, 'VIPBENEFIT3', false);
    await page.reload();
    await expect(menu.getByRole('link', { name: 'উত্তোলনের রেকর্ড' })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  } finally {
    await setFlag(request, 'DEPRECM3', true);
    await setFlag(request, 'FEEDBACK3', true);
    await setFlag(request, 'VIPBENEFIT3', true);
  }

  // step: on again, the entries come back
  await page.reload();
  await expect(menu.getByRole('link', { name: 'জমার রেকর্ড' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'VIP1-এর দিকে অগ্রগতি' })).toBeVisible();
});
