/**
 * Withdraw journey (Bengali, 360×640): a member with a balance binds a payee account in the
 * security centre, withdraws, sees it pending, cancels it and gets the balance back; the operator
 * pays another one, and the records show both.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { PASSWORD } from '../support/captcha';
import { E2E_OPS_TOKEN } from '../support/env';
import { logIn, registerMember } from '../support/members';

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

async function credit(request: APIRequestContext, username: string, amountMinor: number) {
  const res = await request.post('/ops/api/wallet/adjustments', {
    headers: ops,
    data: { username, amountMinor, reason: 'E2E funding', key: `e2e-${username}` },
  });
  if (!res.ok()) throw new Error(`adjustment: ${res.status()} ${await res.text()}`);
}

async function approvePending(request: APIRequestContext, username: string) {
  const res = await request.get('/ops/api/wallet/withdrawals?status=pending&limit=200', {
    headers: ops,
  });
  const list = ((await res.json()) as { value: Array<{ id: string; username: string }> }).value;
  const mine = list.filter((w) => w.username === username);
  expect(mine).toHaveLength(1);
  const approved = await request.post(`/ops/api/wallet/withdrawals/${mine[0]!.id}/approve`, {
    headers: ops,
  });
  expect(approved.ok()).toBe(true);
  // The demo pays approved withdrawals out through the sandbox gateway (PAYOUT_PROVIDERS in
  // demo.env): the approval sends it, and it is paid a few seconds later.
  expect(((await approved.json()) as { value: { status: string } }).value.status).toBe(
    'processing',
  );
}

test('withdraw: bind an account, request, cancel, and one being paid out in the records', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'wd');
  await credit(request, username, 200_000);
  await logIn(page, username);

  // step: bind a bKash account in the security centre, with the login password again
  await page.goto('/m/securityCenter');
  const payees = page.getByRole('region', { name: 'উত্তোলন অ্যাকাউন্ট' });
  await expect(payees.getByText('এখনো কোনো উত্তোলন অ্যাকাউন্ট যুক্ত নেই।')).toBeVisible();
  await payees.getByLabel('মাধ্যম').selectOption('BKASH');
  await payees.getByLabel('অ্যাকাউন্টধারীর নাম').fill('Rahim Uddin');
  await payees.getByLabel('অ্যাকাউন্ট নম্বর').fill('01712345678');
  await payees.getByLabel('লগইন পাসওয়ার্ড').fill(PASSWORD);
  await payees.getByRole('button', { name: 'অ্যাকাউন্ট যুক্ত করুন', exact: true }).click();
  await expect(payees.getByText('বিকাশ •••• 5678')).toBeVisible();
  // The success is said beside the list and the form just used, to a screen reader too.
  await expect(payees.getByRole('status')).toHaveText('উত্তোলন অ্যাকাউন্ট যুক্ত হয়েছে।');
  await expect(payees.getByRole('status')).toBeInViewport();

  // step: withdraw 600.00 to it; it shows pending and the balance drops
  await page.goto('/m/withdraw');
  await expect(page.getByText('৳২,০০০.০০').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: /বিকাশ •••• 5678/ })).toBeChecked();
  await page.getByLabel('পরিমাণ (৳)').fill('600');
  await page.getByRole('button', { name: 'উত্তোলন করুন' }).click();
  const pending = page.getByRole('region', { name: 'অপেক্ষমাণ উত্তোলন' });
  await expect(pending.getByText('৳৬০০.০০')).toBeVisible();
  await expect(pending.getByText('অপেক্ষমাণ', { exact: true })).toBeVisible();
  await expect(page.getByText('৳১,৪০০.০০').first()).toBeVisible();
  await expect(page.getByRole('banner').getByText('৳১,৪০০.০০')).toBeVisible();

  // step: cancel it; the balance comes back, in the header too
  await pending.getByRole('button', { name: '৳৬০০.০০ উত্তোলন বাতিল করুন' }).click();
  await expect(pending).toBeHidden();
  await expect(page.getByRole('banner').getByText('৳২,০০০.০০')).toBeVisible();

  // step: withdraw 700.00; the operator approves it and the payout is sent
  await page.getByLabel('পরিমাণ (৳)').fill('700');
  await page.getByRole('button', { name: 'উত্তোলন করুন' }).click();
  await expect(pending.getByText('৳৭০০.০০')).toBeVisible();
  await approvePending(request, username);

  // step: the records show it being paid out and the first one cancelled
  await page.getByRole('link', { name: 'উত্তোলনের রেকর্ড' }).click();
  await expect(page).toHaveURL(/\/m\/withdrawReport$/);
  const records = page.getByRole('list', { name: 'উত্তোলনের রেকর্ড' });
  const sent = records.getByRole('listitem').filter({ hasText: '৳৭০০.০০' });
  await expect(sent.getByText('প্রক্রিয়াধীন')).toBeVisible();
  const cancelled = records.getByRole('listitem').filter({ hasText: '৳৬০০.০০' });
  await expect(cancelled.getByText('বাতিল', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByText('৳১,৩০০.০০')).toBeVisible();
});
