/**
 * WCAG AA on the screens a player meets (Bengali, 360×640): axe finds no violation of its WCAG 2
 * A and AA rules (every text and control's contrast among them), as a visitor on home, a game lobby, login and registration,
 * and as a funded member on the lottery with a stake typed, deposit, withdraw, the records, the
 * inbox, the member centre and the security centre.
 */
import { randomUUID } from 'node:crypto';
import { expectAccessible } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { E2E_OPS_TOKEN } from '../support/env';
import { logIn, registerMember } from '../support/members';

test('a visitor’s screens meet WCAG AA', async ({ page }) => {
  // step: home
  await page.goto('/m/home');
  await expect(page.getByRole('region', { name: 'জিলি', exact: true })).toBeVisible();
  await expectAccessible(page, 'home');

  // step: a game lobby
  await page.goto('/m/slot-games?vassalage=JILI');
  await expect(page.getByRole('list', { name: 'স্লট' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, 'slot lobby');

  // step: login
  await page.goto('/m/login');
  await expect(page.getByRole('button', { name: 'লগইন করুন', exact: true })).toBeVisible();
  await expectAccessible(page, 'login');

  // step: registration
  await page.goto('/m/register');
  await expect(page.getByRole('button', { name: 'নিবন্ধন করুন', exact: true })).toBeVisible();
  await expectAccessible(page, 'register');
});

test('a member’s screens meet WCAG AA', async ({ page, request }) => {
  // Nine screens, each read whole by axe on a shared two-core machine.
  test.setTimeout(120_000);
  const username = await registerMember(request, 'aa');
  const funded = await request.post('/ops/api/wallet/adjustments', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { username, amountMinor: 1_000_00, reason: 'e2e contrast', key: randomUUID() },
  });
  expect(funded.ok()).toBe(true);
  await logIn(page, username);

  // step: the lottery, with numbers picked and a stake typed
  await page.goto('/m/lottery');
  await expect(page.getByRole('timer')).toContainText('বাজি বন্ধ হবে');
  await page.getByRole('button', { name: 'ঘর ১: ১', exact: true }).click();
  await page.getByLabel('বাজির পরিমাণ').fill('25');
  // The Bet button stays inside its card at 360 px.
  const bet = page.getByRole('button', { name: 'বাজি ধরুন', exact: true });
  const button = (await bet.boundingBox())!;
  const card = (await page.locator('section').filter({ has: bet }).boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(card.x + card.width);
  await expectAccessible(page, 'lottery');

  // step: deposit
  await page.goto('/m/voucherCenter');
  await expect(page.getByRole('button', { name: '১,০০০', exact: true })).toBeVisible();
  await expectAccessible(page, 'deposit');

  // step: withdraw
  await page.goto('/m/withdraw');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'withdraw');

  // step: transaction records
  await page.goto('/m/transaction/record');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'transaction records');

  // step: game records
  await page.goto('/m/gameRecord');
  await expect(page.getByText('এই সময়কালে কোনো খেলার রাউন্ড নেই।')).toBeVisible();
  await expectAccessible(page, 'game records');

  // step: inbox
  await page.goto('/m/webEmail');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'inbox');

  // step: member centre
  await page.goto('/m/member/home');
  await expect(page.getByRole('link', { name: 'ইনবক্স', exact: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'member centre');

  // step: security centre
  await page.goto('/m/securityCenter');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'security centre');
});
