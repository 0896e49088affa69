/**
 * Records journey (Bengali, 360×640): after a deposit through the sandbox pay page, the
 * transaction records show it with the balance after, profit and loss counts it in the period's
 * deposits and net deposits, game records are an empty period, and with the member bet-report
 * flag off the game records screen shows the contact_service message.
 */
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { setFlag } from '../support/ops';
import { SANDBOX_PAY_PAGE } from '../support/env';

test('records: a funded member finds the deposit in transactions and profit and loss', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'rec');

  // step: records need a login
  await page.goto('/m/transaction/record');
  await expect(page).toHaveURL(/\/m\/login$/);
  // Login returns to the screen that sent the player there.
  await logIn(page, username, /\/m\/transaction\/record$/);

  // step: deposit ৳1,000 through the sandbox pay page
  await page.goto('/m/voucherCenter');
  await page.getByRole('button', { name: '১,০০০', exact: true }).click();
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
  await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
  await expect(page.getByTestId('balance')).toHaveText(/১,০০০\.০০/);

  // step: transaction records list the deposit with the balance after it
  await page.goto('/m/transaction/record');
  const rows = page.getByRole('list', { name: 'লেনদেন' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('জমা');
  await expect(rows.first()).toContainText('+৳১,০০০.০০');
  await expect(rows.first()).toContainText('ব্যালেন্স ৳১,০০০.০০');
  await expect(page.getByRole('button', { name: 'গত ৭ দিন' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // One page: the pagination control is hidden.
  await expect(page.getByRole('navigation', { name: 'পাতা' })).toHaveCount(0);

  // step: filtering by bets finds nothing
  await page.getByLabel('ধরন').selectOption({ label: 'বাজি' });
  await expect(page.getByText('এই সময়কালে কোনো লেনদেন নেই।')).toBeVisible();

  // step: profit and loss counts the deposit in the period
  await page.goto('/m/profitandloss');
  const totals = page.getByRole('region', { name: 'এই সময়কালের মোট' });
  await expect(totals.getByRole('definition').first()).toHaveText('৳১,০০০.০০');
  await expect(totals).toContainText('নিট জমা৳১,০০০.০০');
  await expect(totals).toContainText('নিট ফলাফল৳০.০০');

  // step: game records: an empty period
  await page.goto('/m/gameRecord');
  await expect(page.getByText('এই সময়কালে কোনো খেলার রাউন্ড নেই।')).toBeVisible();

  // step: with the member bet-report flag off, the contact_service message shows
  await setFlag(request, 'TRANSBETREPMEM3', false);
  try {
    await page.reload();
    await expect(page.getByText('অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন').first()).toBeVisible();
    await expect(page.getByLabel('শুরু')).toHaveCount(0);
  } finally {
    await setFlag(request, 'TRANSBETREPMEM3', true);
  }
});
