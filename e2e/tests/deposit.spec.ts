/**
 * Deposit journey (Bengali, 360×640): a member told plainly that the sandbox's money is play
 * money deposits through the sandbox gateway's pay page (approve) on the partners app's origin,
 * comes back to the deposit page, sees the deposit paid and the balance in the header,
 * and finds it in the deposit records; a declined payment shows failed and leaves the balance.
 */
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { SANDBOX_PAY_PAGE } from '../support/env';

test('deposit: approved on the sandbox pay page credits the balance; declined shows failed', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'dep');
  await logIn(page, username);
  await expect(page.getByTestId('balance')).toHaveText(/০\.০০/);

  // step: the deposit page offers the channels, quick amounts and the channel's range
  await page.goto('/m/voucherCenter');
  await expect(page.getByRole('radio', { name: 'বিকাশ' })).toBeChecked();
  await expect(page.getByText('সর্বনিম্ন ৳২০০.০০, সর্বোচ্চ ৳২৫,০০০.০০')).toBeVisible();
  await page.getByRole('button', { name: '১,০০০', exact: true }).click();
  // The field writes the amount in the page's digits.
  await expect(page.getByLabel('পরিমাণ (৳)')).toHaveValue('১০০০');
  // The quick start's sandbox gateway moves play money, and the page says so.
  await expect(page.getByRole('note')).toContainText('খেলার টাকা');
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();

  // step: the sandbox gateway's own page (the partners app), in Bengali, marked as a sandbox of
  // play money, shows the amount
  await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
  expect(new URL(page.url()).searchParams.get('language')).toBe('BN');
  await expect(page.getByRole('note')).toContainText('স্যান্ডবক্স · শুধু খেলার টাকা');
  await expect(page.getByText('৳১,০০০.০০')).toBeVisible();
  await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();

  // step: back on the deposit page: paid, and the header balance shows it
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
  const result = page.getByRole('region', { name: 'আপনার জমা' });
  await expect(result.getByRole('status')).toHaveText(
    '৳১,০০০.০০ জমা হয়েছে। আপনার ব্যালেন্স হালনাগাদ হয়েছে।',
  );
  await expect(page.getByTestId('balance')).toHaveText(/১,০০০\.০০/);

  // step: a second deposit, declined on the pay page, shows failed; the balance stays
  await page.getByRole('radio', { name: 'নগদ' }).check();
  // Typed on a phone's keypad (Latin digits): shown in Bengali ones, read as the same amount.
  await page.getByLabel('পরিমাণ (৳)').fill('500');
  await expect(page.getByLabel('পরিমাণ (৳)')).toHaveValue('৫০০');
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
  await page.getByRole('button', { name: 'প্রত্যাখ্যান করুন' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByRole('region', { name: 'আপনার জমা' }).getByRole('status')).toHaveText(
    '৳৫০০.০০ পেমেন্ট প্রত্যাখ্যাত হয়েছে। কোনো টাকা কাটা হয়নি।',
  );
  await expect(page.getByTestId('balance')).toHaveText(/১,০০০\.০০/);

  // step: the deposit records list both, newest first
  await page.getByRole('link', { name: 'জমার রেকর্ড' }).click();
  await expect(page).toHaveURL(/\/m\/vouReport$/);
  const records = page.getByRole('list', { name: 'জমার রেকর্ড' }).getByRole('listitem');
  await expect(records).toHaveCount(2);
  await expect(records.nth(0)).toContainText('৳৫০০.০০');
  await expect(records.nth(0)).toContainText('নগদ');
  await expect(records.nth(0)).toContainText('ব্যর্থ');
  await expect(records.nth(1)).toContainText('৳১,০০০.০০');
  await expect(records.nth(1)).toContainText('বিকাশ');
  await expect(records.nth(1)).toContainText('সফল');
});
