/**
 * In-house game journey (Bengali, 360×640): a funded member opens a BGS dice game directly,
 * sees the server seed's hash before playing, plays one round (the result announced, the balance
 * refreshed), rotates the seed, and the verifier recomputes the same round from the revealed
 * seed in the browser, with the hash shown before play matching.
 */
import { randomUUID } from 'node:crypto';
import { E2E_OPS_TOKEN } from '../support/env';
import { expect, test } from '../support/fixtures';
import { logIn, registerMember } from '../support/members';
import { bn, latin } from '../support/digits';

test('in-house game: play a round, rotate the seed, verify the round', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'fair');
  const funded = await request.post('/ops/api/wallet/adjustments', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { username, amountMinor: 100_00, reason: 'e2e originals', key: randomUUID() },
  });
  expect(funded.ok()).toBe(true);

  // step: find a BGS dice game through the catalogue and the originals API
  const list = await request.get('/wps/game/list?vassalage=BGS&pageSize=50&language=EN');
  const games = ((await list.json()) as { value: { games: { nodeId: string }[] } }).value.games;
  expect(games.length).toBeGreaterThan(0);
  let diceNode: string | undefined;
  for (const game of games) {
    const kind = await request.get(`/wps/originals/game/${game.nodeId}?language=EN`);
    if (((await kind.json()) as { value: { game: string } }).value.game === 'dice') {
      diceNode = game.nodeId;
      break;
    }
  }
  expect(diceNode).toBeDefined();

  // step: log in and open the game page directly
  await logIn(page, username);
  await page.goto(`/m/originals/${diceNode}`);
  await expect(page.getByText('ডাইস', { exact: true })).toBeVisible();
  const fairness = page.getByRole('region', { name: 'ন্যায্যতা' });
  const hashBefore = fairness.getByLabel('সার্ভার সিড হ্যাশ (SHA-256)');
  await expect(hashBefore).toHaveText(/^[0-9a-f]{64}$/);
  const shownHash = (await hashBefore.textContent())!;
  await expect(fairness.getByLabel('পরবর্তী ননস')).toHaveText('0');

  // step: play one round at ৳1.00, rolling under 50
  await page.getByLabel('বাজি (৳)').fill('1.00');
  await page.getByRole('button', { name: 'খেলুন', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: /^রোল / });
  await expect(result).toHaveText(/^রোল [০-৯]+\.[০-৯]{2} \(৫০ এর নিচে\)\. /);
  const resultText = (await result.textContent())!;
  const roll = latin(/^রোল ([০-৯]+\.[০-৯]{2}) \(৫০ এর নিচে\)/.exec(resultText)![1]!);
  const expectedBalance = Number(roll) < 50 ? '100.98' : '99.00';
  await expect(result).toContainText(Number(roll) < 50 ? 'আপনি জিতেছেন ৳১.৯৮' : 'এবার জেতা হয়নি');
  await expect(page.getByText(`ব্যালেন্স ৳${bn(expectedBalance)}`)).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText(
    new RegExp(bn(expectedBalance).replace('.', '\\.')),
  );
  await expect(fairness.getByLabel('পরবর্তী ননস')).toHaveText('1');

  // step: rotate the seed: the old one is revealed, a new hash is shown
  await expect(fairness.getByText('এখনও কোনো সিড প্রকাশিত হয়নি।', { exact: false })).toBeVisible();
  await fairness.getByRole('button', { name: 'সিড রোটেট করুন' }).click();
  await expect(hashBefore).not.toHaveText(shownHash);
  await expect(fairness.getByLabel('পরবর্তী ননস')).toHaveText('0');
  const revealed = fairness.getByRole('list', { name: 'প্রকাশিত সিড' }).getByRole('listitem');
  await expect(revealed).toHaveCount(1);
  await expect(revealed.first()).toContainText('১টি বাজি');

  // step: the verifier recomputes the round in the browser and the hash matches
  await revealed.first().getByRole('link', { name: 'এই রাউন্ডগুলো যাচাই করুন' }).click();
  await expect(page).toHaveURL(/\/m\/fair\?/);
  await expect(page.getByLabel('খেলার আগে দেখানো সার্ভার সিড হ্যাশ (ঐচ্ছিক)')).toHaveValue(shownHash);
  await expect(page.getByLabel('ননস', { exact: true })).toHaveValue('0');
  const verified = page.getByRole('status').filter({ hasText: 'গুণক' });
  await expect(verified).toContainText(`রোল ${bn(roll)} (৫০ এর নিচে)`);
  await expect(verified).toContainText('সার্ভার সিডের SHA-256 খেলার আগে দেখানো হ্যাশের সাথে মেলে');

  // step: another nonce gives another round; a wrong hash is called out
  await page.getByLabel('খেলার আগে দেখানো সার্ভার সিড হ্যাশ (ঐচ্ছিক)').fill('0'.repeat(64));
  await page.getByRole('button', { name: 'যাচাই করুন', exact: true }).click();
  await expect(verified).toContainText('সার্ভার সিডের SHA-256 ওই হ্যাশের সাথে মেলে না');
});
