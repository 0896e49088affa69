/**
 * Bonus journey (Bengali, 360×640): the operator runs a 70% first-deposit bonus wagered once; a
 * new member chooses it on the deposit screen before paying, sees the bonus part of the balance
 * and the wagering progress on /m/bonus, plays an in-house game until the requirement is met, and
 * the bonus turns into cash. Then a promo code on the bonus page starts the next bonus.
 */
import { randomUUID } from 'node:crypto';
import { E2E_OPS_TOKEN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

test('bonus: a 70% first-deposit bonus chosen before paying is wagered and becomes cash', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const nameBn = `জার্নি বোনাস ৭০% ${tag}`;
  const made = await request.post('/ops/api/bonuses/campaigns', {
    headers: ops,
    data: {
      kind: 'first_deposit',
      nameEn: `Journey bonus 70% ${tag}`,
      nameBn,
      termsEn: 'Get 70% of your first deposit. Wager the bonus once.',
      termsBn: 'প্রথম জমার ৭০% বোনাস পান। বোনাসের সমান বাজি ধরুন।',
      percentBp: 7000,
      capMinor: 1_000_00,
      minDepositMinor: 100_00,
      wageringMultiplier: 1,
      wageringBase: 'bonus',
      validHours: 24,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);

  const username = await registerMember(request, 'bon');
  await logIn(page, username);

  // step: the deposit screen offers the bonus with its key terms; the player chooses it and pays ৳200
  await page.goto('/m/voucherCenter');
  const choice = page.getByRole('group', { name: 'বোনাস' });
  await expect(choice.getByRole('radio', { name: 'বোনাস চাই না' })).toBeChecked();
  await choice.getByRole('radio', { name: nameBn }).check();
  await page.getByLabel('পরিমাণ (৳)').fill('200');
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);

  // step: the header shows cash and bonus together, and the bonus part on its own
  await expect(page.getByTestId('balance')).toHaveText(/৩৪০\.০০/);
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১৪০.০০');

  // step: the bonus page shows the active bonus and its wagering progress, nothing wagered yet
  await page.goto('/m/bonus');
  const progress = page.getByRole('progressbar', { name: 'বাজির অগ্রগতি' });
  await expect(progress).toHaveAttribute('aria-valuemax', '140');
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  // step: two rounds of an in-house dice game at ৳100 each (cash first)
  const list = await request.get('/wps/game/list?vassalage=BGS&pageSize=50&language=EN');
  const games = ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games;
  let diceNode: string | undefined;
  for (const game of games) {
    const kind = await request.get(`/wps/originals/game/${game.nodeId}?language=EN`);
    if (((await kind.json()) as { value: { game: string } }).value.game === 'dice') {
      diceNode = game.nodeId;
      break;
    }
  }
  expect(diceNode).toBeDefined();
  await page.goto(`/m/originals/${diceNode}`);
  for (let round = 0; round < 2; round += 1) {
    await page.getByLabel('বাজি (৳)').fill('100.00');
    const played = page.waitForResponse(
      (res) => res.url().includes('/wps/originals/bet') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'খেলুন', exact: true }).click();
    expect((await played).ok()).toBe(true);
  }
  await expect(page.getByRole('status').filter({ hasText: /^রোল / })).toBeVisible();

  // step: the wagering pass counts the settled rounds; the bonus has become cash
  await page.goto('/m/bonus');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('৳১৪০.০০ নগদে পরিণত হয়েছে')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('আপনার কোনো চলমান বোনাস নেই।')).toBeVisible();

  // step: the demo's promo code starts the next bonus, without a deposit
  await page.getByLabel('প্রোমো কোড').fill('welcome100');
  await page.getByRole('button', { name: 'ব্যবহার করুন' }).click();
  await expect(page.getByRole('progressbar', { name: 'বাজির অগ্রগতি' })).toHaveAttribute(
    'aria-valuemax',
    '1000',
  );

  // step: the header, once the first bonus became cash, shows the new bonus's part alone
  await page.goto('/m/voucherCenter');
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১০০.০০');
});
