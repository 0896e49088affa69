/**
 * VIP badge journey (Bengali, 360×640): the header's rank badge is the level the server computes
 * from the member's deposits and turnover. The operator sets VIP1 at ৳1,000 of deposits alone; a
 * new member shows VIP0, deposits ৳1,000 through the sandbox pay page, and the header shows
 * VIP1; it stays after a reload. The side menu offers VIP benefits. Changes a site-wide setting, so it runs with the
 * site switches (playwright.config.ts), and puts the levels back.
 */
import { E2E_OPS_TOKEN, SANDBOX_PAY_PAGE } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { setSetting } from '../support/ops';

const headers = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const copy = { EN: 'Welcome', BN: 'স্বাগত' };

test('the header badge shows the VIP level a deposit reaches', async ({ page, request }) => {
  const before = (await (await request.get('/ops/api/settings/vipLevels', { headers })).json()) as {
    value: { value: unknown };
  };
  // step: the operator sets VIP1 at ৳1,000 of deposits, with no turnover condition
  await setSetting(request, 'vipLevels', [
    { id: 0, name: 'VIP0', depositsMinor: 0, turnoverMinor: 0, benefits: copy },
    { id: 1, name: 'VIP1', depositsMinor: 100_000, turnoverMinor: 0, benefits: copy },
    { id: 2, name: 'VIP2', depositsMinor: 10_000_000, turnoverMinor: 0, benefits: copy },
  ]);
  try {
    const username = await registerMember(request, 'badge');
    await logIn(page, username);
    const banner = page.getByRole('banner');

    // step: a new member's header shows VIP0
    await expect(banner.getByText('VIP0', { exact: true })).toBeVisible();

    // step: the side menu offers the VIP benefits (VIPBENEFIT3 is on)
    await page.getByRole('button', { name: 'মেনু', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'প্রধান মেনু' });
    await expect(menu.getByRole('link', { name: /ভিআইপি/ })).toHaveAttribute(
      'href',
      '/m/member/benefits',
    );
    await menu.getByRole('button', { name: 'মেনু বন্ধ করুন' }).click();

    // step: a ৳1,000 deposit through the sandbox pay page
    await page.goto('/m/voucherCenter');
    await page.getByRole('button', { name: '১,০০০', exact: true }).click();
    await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
    await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
    await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
    await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);

    // step: back from the pay page (a fresh load), the header shows the level reached: VIP1
    // (a renewal within one page, with its toast, is the header's unit test)
    await expect(page.getByTestId('balance')).toHaveText(/১,০০০\.০০/);
    await expect(banner.getByText('VIP1', { exact: true })).toBeVisible();

    // step: the level comes with the member's info after a reload too
    await page.reload();
    await expect(page.getByRole('banner').getByText('VIP1', { exact: true })).toBeVisible();
  } finally {
    await setSetting(request, 'vipLevels', before.value.value);
  }
});
