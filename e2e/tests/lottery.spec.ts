/**
 * Lottery journey (Bengali, 360×640): a funded member opens /m/lottery, picks three digits,
 * bets and finds the ticket waiting for the draw; the balance drops by the stake.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { bn, latin } from '../support/digits';
import { E2E_OPS_TOKEN } from '../support/env';
import { logIn, registerMember } from '../support/members';

/** Far more than the journey needs from reading the countdown to its last check. */
const JOURNEY_MARGIN_MS = 45_000;

test('lottery: a funded member picks numbers, bets and sees the ticket', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'lot');
  const funded = await request.post('/ops/api/wallet/adjustments', {
    headers: { authorization: `Bearer ${E2E_OPS_TOKEN}` },
    data: { username, amountMinor: 100_00, reason: 'e2e lottery', key: randomUUID() },
  });
  expect(funded.ok()).toBe(true);

  // step: log in and open the lottery page (its first game draws three digits)
  await logIn(page, username);
  await page.goto('/m/lottery');
  await expect(page.getByRole('tablist', { name: 'লটারি গেম' })).toBeVisible();
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('বাজি বন্ধ হবে');

  // step: bet on a draw that stays open through the journey: one closing between the picks and
  // the checks would refuse the bet, or move the ticket off the draw shown. The draws run on the
  // server's clock, so when this one closes within the margin, wait for the next one.
  const [, minutes, seconds] = /(\d+):(\d{2})/.exec(latin((await timer.textContent()) ?? ''))!;
  const leftMs = (Number(minutes) * 60 + Number(seconds)) * 1000;
  if (leftMs < JOURNEY_MARGIN_MS) {
    // Closed, the page asks for the next draw at once, or at its next refresh (30 s).
    const waitMs = leftMs + 35_000;
    test.setTimeout(test.info().timeout + waitMs);
    const draw = page.getByRole('heading', { name: / · ড্র [০-৯]+$/ });
    const shown = (await draw.textContent())!;
    await expect(draw).not.toHaveText(shown, { timeout: waitMs });
    await expect(timer).toContainText('বাজি বন্ধ হবে');
  }

  // step: pick 1, 2, 3
  for (const [position, digit] of [
    [1, 1],
    [2, 2],
    [3, 3],
  ] as const) {
    const ball = page.getByRole('button', {
      name: `ঘর ${bn(position)}: ${bn(digit)}`,
      exact: true,
    });
    await ball.click();
    await expect(ball).toHaveAttribute('aria-pressed', 'true');
  }

  // step: stake 10 and bet
  await page.getByLabel('বাজির পরিমাণ').fill('10');
  await page.getByRole('button', { name: 'বাজি ধরুন', exact: true }).click();

  // step: the ticket waits for the draw and the balance is 90
  const tickets = page.getByRole('region', { name: 'আমার টিকিট' });
  await expect(tickets.getByRole('listitem').first()).toContainText('১ ২ ৩');
  await expect(tickets.getByRole('listitem').first()).toContainText('ড্রয়ের অপেক্ষায়');
  await expect(page.getByTestId('balance')).toHaveText(/৯০\.০০/);
});
