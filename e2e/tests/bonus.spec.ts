/**
 * Bonus journeys (Bengali, 360×640), one per promise of docs/bonuses.md, each with members of its
 * own:
 * - a 70% first-deposit bonus chosen before paying is wagered in the demo vendor's slot (the
 *   partners process) and an in-house dice game, and turns into cash;
 * - a withdrawal asks to forfeit the active bonus: confirmed, the bonus is gone and cash intact;
 * - a bonus whose time is up (the operator brings its end forward) expires, cash untouched;
 * - promo codes: the demo's code on the bonus page, an operator's match code on the deposit
 *   screen (a wrong one refused beside the field), queued behind the first;
 * - a promotion application the operator approves pays its bonus;
 * - a deposit promo code typed from three accounts on one phone is flagged for the operator.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { PASSWORD } from '../support/captcha';
import { bn } from '../support/digits';
import { E2E_OPS_TOKEN, SANDBOX_PAY_PAGE } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { jiliSlot, openFromHome, spinOnce } from '../support/vendor-game';

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

// Each journey crosses several screens (deposit, games, withdraw, the bonus page) and waits for
// the wagering pass: longer than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** "1,000.00" as every screen groups amounts. */
const amount = (minor: number) =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The header's total, whatever currency symbol the operator set. */
const headerShows = (minor: number) =>
  new RegExp(`^[^০-৯]*${bn(amount(minor)).replace(/\./g, '\\.')}$`);

async function createCampaign(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post('/ops/api/bonuses/campaigns', { headers: ops, data: body });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { value: { id: string } }).value;
}

async function credit(request: APIRequestContext, username: string, amountMinor: number) {
  const res = await request.post('/ops/api/wallet/adjustments', {
    headers: ops,
    data: { username, amountMinor, reason: 'E2E funding', key: `e2e-bonus-${username}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The operator gives a member a bonus on a manual campaign of its own; answers the bonus id. */
async function giveManualBonus(
  request: APIRequestContext,
  username: string,
  nameBn: string,
  amountMinor: number,
) {
  const tag = randomUUID().slice(0, 6);
  const campaign = await createCampaign(request, {
    kind: 'manual',
    nameEn: `Journey goodwill ${tag}`,
    nameBn,
    termsEn: 'A bonus from our team. Wager it 5 times within a day.',
    termsBn: 'আমাদের দলের দেওয়া বোনাস। এক দিনের মধ্যে ৫ গুণ বাজি ধরুন।',
    amountMinor,
    wageringMultiplier: 5,
    validHours: 24,
  });
  const res = await request.post(`/ops/api/members/${username}/bonuses`, {
    headers: ops,
    data: { campaignId: campaign.id, key: `e2e-${tag}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { value: { bonus: { id: string } } }).value.bonus.id;
}

/** Binds a bKash payee account in the security centre, as withdraw.spec does. */
async function bindPayee(page: Page) {
  await page.goto('/m/securityCenter');
  const payees = page.getByRole('region', { name: 'উত্তোলন অ্যাকাউন্ট' });
  await payees.getByLabel('মাধ্যম').selectOption('BKASH');
  await payees.getByLabel('অ্যাকাউন্টধারীর নাম').fill('Rahim Uddin');
  await payees.getByLabel('অ্যাকাউন্ট নম্বর').fill('01712345678');
  await payees.getByLabel('লগইন পাসওয়ার্ড').fill(PASSWORD);
  await payees.getByRole('button', { name: 'অ্যাকাউন্ট যুক্ত করুন', exact: true }).click();
  await expect(payees.getByText('বিকাশ •••• 5678')).toBeVisible();
}

/** Pays ৳amount on the deposit screen (its bonus choice already made) through the sandbox. */
async function payDeposit(page: Page, taka: string) {
  await page.getByLabel('পরিমাণ (৳)').fill(taka);
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page).toHaveURL(SANDBOX_PAY_PAGE);
  await page.getByRole('button', { name: 'পেমেন্ট অনুমোদন করুন' }).click();
  await expect(page).toHaveURL(/\/m\/voucherCenter\?deposit=\d+$/);
}

/** The bonus page, reloaded until the wagering pass (once a second here) shows `text`. */
async function bonusPageShows(page: Page, text: string) {
  await page.goto('/m/bonus');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

test('bonus: a 70% first-deposit bonus is wagered in a vendor slot and an in-house game, and becomes cash', async ({
  page,
  request,
}) => {
  const tag = randomUUID().slice(0, 6);
  const nameBn = `জার্নি বোনাস ৭০% ${tag}`;
  await createCampaign(request, {
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
  });
  const game = await jiliSlot(request);
  const username = await registerMember(request, 'bon');
  await logIn(page, username);

  // step: the deposit screen offers the bonus with its key terms; the player chooses it and pays ৳200
  await page.goto('/m/voucherCenter');
  const choice = page.getByRole('group', { name: 'বোনাস' });
  await expect(choice.getByRole('radio', { name: 'বোনাস চাই না' })).toBeChecked();
  await choice.getByRole('radio', { name: nameBn }).check();
  await payDeposit(page, '200');

  // step: the header shows cash and bonus together, and the bonus part on its own
  await expect(page.getByTestId('balance')).toHaveText(/৩৪০\.০০/);
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১৪০.০০');

  // step: the bonus page shows the active bonus and its wagering progress, nothing wagered yet
  await page.goto('/m/bonus');
  const progress = page.getByRole('progressbar', { name: 'বাজির অগ্রগতি' });
  await expect(progress).toHaveAttribute('aria-valuemax', '140');
  await expect(progress).toHaveAttribute('aria-valuenow', '0');

  // step: two spins of the demo vendor's slot at ৳50 each, opened from home (cash pays first)
  await page.goto('/m/home');
  const dialog = await openFromHome(page, game);
  await expect(dialog).toBeVisible();
  for (let spin = 0; spin < 2; spin += 1) {
    const round = await spinOnce(page, game, 50_00);
    expect(round.stake).toBe(50_00);
  }
  await dialog.getByRole('button', { name: 'গেম বন্ধ করুন' }).click();
  await expect(dialog).toBeHidden();

  // step: the vendor's settled rounds count in full (slots): ৳100 of ৳140 wagered, still a bonus
  await page.goto('/m/bonus');
  await expect(async () => {
    await page.reload();
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText('৳১৪০.০০ এর মধ্যে ৳১০০.০০ বাজি ধরা হয়েছে')).toBeVisible();

  // step: one round of an in-house dice game at ৳40 meets the requirement
  const list = await request.get('/wps/game/list?vassalage=BGS&pageSize=50&language=EN');
  const games = ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games;
  let diceNode: string | undefined;
  for (const inHouse of games) {
    const kind = await request.get(`/wps/originals/game/${inHouse.nodeId}?language=EN`);
    if (((await kind.json()) as { value: { game: string } }).value.game === 'dice') {
      diceNode = inHouse.nodeId;
      break;
    }
  }
  expect(diceNode).toBeDefined();
  await page.goto(`/m/originals/${diceNode}`);
  await page.getByLabel('বাজি (৳)').fill('40.00');
  const played = page.waitForResponse(
    (res) => res.url().includes('/wps/originals/bet') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'খেলুন', exact: true }).click();
  const dice = await played;
  expect(dice.ok()).toBe(true);
  const total = ((await dice.json()) as { value: { balanceMinor: number } }).value.balanceMinor;
  await expect(page.getByRole('status').filter({ hasText: /^রোল / })).toBeVisible();

  // step: the wagering pass counts both games; the whole ৳140 bonus has become cash
  await bonusPageShows(page, '৳১৪০.০০ নগদে পরিণত হয়েছে');
  await expect(page.getByText('আপনার কোনো চলমান বোনাস নেই।')).toBeVisible();

  // step: the header's total is the same money, now all cash: no bonus part beneath it
  await page.goto('/m/voucherCenter');
  await expect(page.getByTestId('balance')).toHaveText(headerShows(total));
  await expect(page.getByTestId('bonus-balance')).toBeHidden();
});

test('bonus: withdrawing with an active bonus asks to forfeit it; confirmed, the bonus is gone and cash intact', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'bwd');
  await credit(request, username, 2_000_00);
  await giveManualBonus(request, username, `শুভেচ্ছা বোনাস ${randomUUID().slice(0, 4)}`, 100_00);
  await logIn(page, username);
  await expect(page.getByTestId('balance')).toHaveText(/২,১০০\.০০/);
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১০০.০০');
  await bindPayee(page);

  // step: a withdrawal of ৳600 asks first: withdrawing forfeits the ৳100 bonus balance
  await page.goto('/m/withdraw');
  await page.getByLabel('পরিমাণ (৳)').fill('600');
  await page.getByRole('button', { name: 'উত্তোলন করুন' }).click();
  const ask = page.getByRole('dialog', { name: 'উত্তোলন করে বোনাস ছেড়ে দেবেন?' });
  await expect(ask).toContainText('৳১০০.০০');

  // step: keeping the bonus withdraws nothing
  await ask.getByRole('button', { name: 'বোনাস রাখুন' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('region', { name: 'অপেক্ষমাণ উত্তোলন' })).toBeHidden();

  // step: asked again, the player forfeits and withdraws
  await page.getByRole('button', { name: 'উত্তোলন করুন' }).click();
  await ask.getByRole('button', { name: 'ছেড়ে দিয়ে উত্তোলন করুন' }).click();
  await expect(ask).toBeHidden();
  const pending = page.getByRole('region', { name: 'অপেক্ষমাণ উত্তোলন' });
  await expect(pending.getByText('৳৬০০.০০')).toBeVisible();

  // step: the header holds the cash left, ৳1,400, and no bonus
  await expect(page.getByRole('banner').getByText('৳১,৪০০.০০')).toBeVisible();
  await expect(page.getByTestId('bonus-balance')).toBeHidden();

  // step: the bonus page shows it forfeited, its ৳100 removed
  await page.goto('/m/bonus');
  await expect(page.getByText('আপনার কোনো চলমান বোনাস নেই।')).toBeVisible();
  await expect(page.getByText('ছেড়ে দেওয়া হয়েছে: ৳১০০.০০ বোনাস সরানো হয়েছে')).toBeVisible();
});

test('bonus: a bonus whose time is up expires; its balance goes and cash stays', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'bex');
  await credit(request, username, 500_00);
  const nameBn = `মেয়াদি বোনাস ${randomUUID().slice(0, 4)}`;
  const bonusId = await giveManualBonus(request, username, nameBn, 150_00);
  await logIn(page, username);

  // step: the bonus page shows the active bonus with the time it has left
  await page.goto('/m/bonus');
  await expect(page.getByRole('heading', { name: `চলমান বোনাস: ${nameBn}` })).toBeVisible();
  await expect(page.getByText(/^২৩ ঘণ্টা [০-৯]+ মিনিট/)).toBeVisible();

  // step: its time runs out (the operator brings the end to now, as a day passing would)
  const ended = await request.put(`/ops/api/bonuses/${bonusId}/expiry`, {
    headers: ops,
    data: { expiresAt: new Date().toISOString(), reason: 'E2E: the day has passed' },
  });
  expect(ended.ok(), await ended.text()).toBe(true);

  // step: the page shows it expired with its ৳150 removed, and no active bonus
  await page.reload();
  await expect(page.getByText('মেয়াদোত্তীর্ণ: ৳১৫০.০০ বোনাস সরানো হয়েছে')).toBeVisible();
  await expect(page.getByText('আপনার কোনো চলমান বোনাস নেই।')).toBeVisible();

  // step: the header shows the ৳500 cash, untouched, and no bonus
  await page.goto('/m/voucherCenter');
  await expect(page.getByTestId('balance')).toHaveText(headerShows(500_00));
  await expect(page.getByTestId('bonus-balance')).toBeHidden();
});

test('bonus: promo codes on the bonus page and on the deposit screen', async ({
  page,
  request,
}) => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
  const code = `DEP${tag}`;
  const nameBn = `কোড ম্যাচ ৫০% ${tag}`;
  await createCampaign(request, {
    kind: 'promo_code',
    nameEn: `Code match 50% ${tag}`,
    nameBn,
    termsEn: 'Type the code on the deposit screen: 50% of the deposit.',
    termsBn: 'জমার পাতায় কোডটি লিখুন: জমার ৫০%।',
    promoCode: code,
    percentBp: 5000,
    capMinor: 500_00,
    minDepositMinor: 100_00,
    wageringMultiplier: 1,
    validHours: 24,
  });
  const username = await registerMember(request, 'bpc');
  await logIn(page, username);

  // step: the demo's code on the bonus page starts a bonus without a deposit
  await page.goto('/m/bonus');
  await page.getByLabel('প্রোমো কোড').fill('welcome100');
  await page.getByRole('button', { name: 'ব্যবহার করুন' }).click();
  await expect(page.getByRole('progressbar', { name: 'বাজির অগ্রগতি' })).toHaveAttribute(
    'aria-valuemax',
    '1000',
  );

  // step: on the deposit screen a wrong code is refused beside the field, and nothing is paid
  await page.goto('/m/voucherCenter');
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১০০.০০');
  const promo = page.getByLabel('প্রোমো কোড (ঐচ্ছিক)');
  await promo.fill(`NO${tag}`);
  await page.getByLabel('পরিমাণ (৳)').fill('200');
  await page.getByRole('button', { name: 'পেমেন্টে যান' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'এই প্রোমো কোডটি সঠিক নয়' })).toBeVisible();
  await expect(page).toHaveURL(/\/m\/voucherCenter$/);

  // step: the operator's match code, typed on the deposit screen, gives 50% of the ৳200 paid
  await promo.fill(code.toLowerCase());
  await payDeposit(page, '200');

  // step: it waits behind the active bonus: the header shows ৳300 with the first bonus's ৳100
  await expect(page.getByTestId('balance')).toHaveText(/৩০০\.০০/);
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳১০০.০০');
  await page.goto('/m/bonus');
  const queue = page.getByRole('list', { name: 'শুরুর অপেক্ষায়' });
  await expect(queue.getByRole('listitem').filter({ hasText: nameBn })).toContainText('৳১০০.০০');
});

test('bonus: an approved promotion application pays its bonus', async ({ page, request }) => {
  const username = await registerMember(request, 'bap');
  await logIn(page, username);

  // step: the promotion says how to get its bonus; the player applies with a remark
  await page.goto('/m/activity');
  await page.getByRole('link', { name: 'ক্রিকেট অ্যাকুমুলেটর বীমা' }).click();
  await expect(page.getByRole('heading', { name: 'এই বোনাস কীভাবে পাবেন' })).toBeVisible();
  await page.getByRole('textbox', { name: 'মন্তব্য' }).fill('বাজি নম্বর 555');
  await page.getByRole('button', { name: 'আবেদন করুন' }).click();
  await expect(page.getByText('আবেদন পাঠানো হয়েছে। আমরা শীঘ্রই যাচাই করব।')).toBeVisible();

  // step: the operator approves the application
  const pending = await request.get(
    '/ops/api/content/promotion-applications?status=pending&limit=500',
    { headers: ops },
  );
  const applications = ((await pending.json()) as { value: { id: number; username: string }[] })
    .value;
  const mine = applications.filter((application) => application.username === username);
  expect(mine).toHaveLength(1);
  const approved = await request.patch(`/ops/api/content/promotion-applications/${mine[0]!.id}`, {
    headers: ops,
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  // step: the promotion shows the application approved
  await page.reload();
  await expect(page.getByText(/আবেদন করেছেন: অনুমোদিত$/)).toBeVisible();

  // step: the bonus page shows the ৳500 bonus active, to wager 3 times (৳1,500)
  await page.goto('/m/bonus');
  await expect(
    page.getByRole('heading', { name: 'চলমান বোনাস: ক্রিকেট অ্যাকুমুলেটর বীমা: ৳৫০০ বোনাস' }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'বাজির অগ্রগতি' })).toHaveAttribute(
    'aria-valuemax',
    '1500',
  );

  // step: the header shows the bonus part
  await page.goto('/m/voucherCenter');
  await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳৫০০.০০');
});

test('bonus: a deposit promo code typed from three accounts on one phone is flagged for the operator', async ({
  page,
  request,
}) => {
  const tag = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
  const code = `ONE${tag}`;
  const campaign = await createCampaign(request, {
    kind: 'promo_code',
    nameEn: `One phone ${tag}`,
    nameBn: `এক ফোন ${tag}`,
    termsEn: 'Type the code on the deposit screen: 10% of the deposit.',
    termsBn: 'জমার পাতায় কোডটি লিখুন: জমার ১০%।',
    promoCode: code,
    percentBp: 1000,
    capMinor: 100_00,
    minDepositMinor: 100_00,
    wageringMultiplier: 1,
    validHours: 24,
  });
  const flags = async () => {
    const res = await request.get('/ops/api/bonuses/flags?limit=100', { headers: ops });
    const answer = (await res.json()) as {
      value: { list: { kind: string; campaignId: string | null; username: string | null }[] };
    };
    return answer.value.list.filter((flag) => flag.campaignId === campaign.id);
  };
  const usernames: string[] = [];
  for (let i = 0; i < 3; i += 1) usernames.push(await registerMember(request, 'bdv'));

  for (const [i, username] of usernames.entries()) {
    // step: on the same phone, one account after another pays a deposit with the code (after a
    // log-out, login returns to the deposit screen the last account left)
    await logIn(page, username, /\/m\/(home|voucherCenter)/);
    await page.goto('/m/voucherCenter');
    await page.getByLabel('প্রোমো কোড (ঐচ্ছিক)').fill(code);
    await payDeposit(page, '200');
    await expect(page.getByTestId('bonus-balance')).toHaveText('বোনাস ৳২০.০০');
    // step: two accounts on one phone are not yet a pattern
    if (i < 2) expect(await flags()).toEqual([]);
    // step: log out through the account menu for the next account
    if (i < 2) {
      await expect(async () => {
        await page.getByRole('banner').getByRole('button', { name: 'অ্যাকাউন্ট মেনু' }).click();
        await page.getByRole('menuitem', { name: 'লগআউট' }).click({ timeout: 3_000 });
      }).toPass({ timeout: 15_000 });
      await page
        .getByRole('dialog', { name: 'লগআউট করবেন?' })
        .getByRole('button', { name: 'লগআউট' })
        .click();
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'লগইন', exact: true }),
      ).toBeVisible();
    }
  }

  // step: the third account raises one flag for the operator, naming it
  expect(await flags()).toEqual([
    expect.objectContaining({ kind: 'promo_device', username: usernames[2] }),
  ]);
});
