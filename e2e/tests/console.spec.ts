/**
 * Back office journeys (English, desktop): each role signs in with its authenticator code and
 * does its daily work. Finance approves a withdrawal from the money desk; support finds a player
 * by mobile and ends their session; a viewer is refused a change (no action offered, and the API
 * answers forbidden when asked anyway).
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { newMobile, PASSWORD } from '../support/captcha';
import { E2E_OPS_TOKEN } from '../support/env';
import { registerMember } from '../support/members';
import { captchaAnswer, latestSmsCode } from '../support/ops';
import { addOperator, signInToConsole } from '../support/operators';

test.use({
  viewport: { width: 1280, height: 800 },
  screen: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  locale: 'en-GB',
});

const ops = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

/** A player's session token, from the login call the site makes. */
async function playerToken(request: APIRequestContext, username: string) {
  const res = await request.post('/wps/session/login?language=EN', {
    data: { username, password: PASSWORD },
  });
  if (!res.ok()) throw new Error(`login: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { value: { token: string } }).value.token;
}

/** A member with 2,000.00, a bound bKash account and a withdrawal of 700.00 waiting. */
async function memberWithPendingWithdrawal(request: APIRequestContext) {
  const username = await registerMember(request, 'cwd');
  const credit = await request.post('/ops/api/wallet/adjustments', {
    headers: ops,
    data: { username, amountMinor: 200_000, reason: 'E2E funding', key: `e2e-${username}` },
  });
  if (!credit.ok()) throw new Error(`adjustment: ${credit.status()} ${await credit.text()}`);
  const token = await playerToken(request, username);
  const payee = await request.post('/wps/wallet/payees?language=EN', {
    headers: { token },
    data: {
      channelCode: 'BKASH',
      accountName: 'Rahim Uddin',
      accountNumber: '01712345678',
      password: PASSWORD,
    },
  });
  if (!payee.ok()) throw new Error(`payee: ${payee.status()} ${await payee.text()}`);
  const payeeId = ((await payee.json()) as { value: { id: string } }).value.id;
  const withdrawal = await request.post('/wps/wallet/withdrawals?language=EN', {
    headers: { token, 'idempotency-key': randomUUID() },
    data: { payeeId, amountMinor: 70_000 },
  });
  if (!withdrawal.ok())
    throw new Error(`withdraw: ${withdrawal.status()} ${await withdrawal.text()}`);
  const id = ((await withdrawal.json()) as { value: { withdrawal: { id: string } } }).value
    .withdrawal.id;
  return { username, id };
}

/** A player registered with a mobile number (SMS code from the outbox), and their session. */
async function memberWithMobile(request: APIRequestContext) {
  const mobileNum = newMobile('17');
  const solved = async () => {
    const captcha = await request.get('/wps/captcha');
    const { captchaId } = ((await captcha.json()) as { value: { captchaId: string } }).value;
    return { captchaId, captcha: await captchaAnswer(request, captchaId) };
  };
  const sent = await request.post('/wps/verification/sms/register?language=EN', {
    data: { mobileNum, countryDialingCode: '+880', ...(await solved()) },
  });
  if (!sent.ok()) throw new Error(`sms: ${sent.status()} ${await sent.text()}`);
  const code = await latestSmsCode(request, `+880${mobileNum}`);
  const res = await request.put('/wps/member/register/mobile?language=EN', {
    data: {
      mobileNum,
      countryDialingCode: '+880',
      verificationCode: code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...(await solved()),
    },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()} ${await res.text()}`);
  const { token, userName } = ((await res.json()) as { value: { token: string; userName: string } })
    .value;
  return { mobileNum, token, username: userName };
}

test('finance signs in with the code and approves a withdrawal from the money desk', async ({
  page,
  request,
}) => {
  const { username, id } = await memberWithPendingWithdrawal(request);
  const finance = await addOperator('finance');

  // step: sign in with password and authenticator code; the one-time password is replaced
  await signInToConsole(page, finance);
  await expect(page.getByText(`${finance.username} (Finance)`)).toBeVisible();

  // step: the money desk lists the withdrawal with its risk signals
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: /Money desk/ })
    .click();
  const queue = page.getByRole('table', { name: /Withdrawals waiting/ });
  const row = queue.getByRole('row', { name: new RegExp(username) });
  await expect(row.getByText('700.00')).toBeVisible();
  await expect(row.getByText('First withdrawal')).toBeVisible();

  // step: tick it and approve
  await row.getByRole('checkbox', { name: `Select withdrawal ${id} of ${username}` }).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve 1 withdrawal(s)' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Decided: 1.')).toBeVisible();
  await expect(queue.getByRole('row', { name: new RegExp(username) })).toHaveCount(0);

  // step: the withdrawal is on its way, decided by this operator
  const all = await request.get('/ops/api/wallet/withdrawals?status=all&limit=200', {
    headers: ops,
  });
  const mine = (
    (await all.json()) as { value: Array<{ id: string; status: string; decidedBy: string | null }> }
  ).value.find((withdrawal) => withdrawal.id === id);
  expect(mine?.status).toMatch(/processing|paid/);
  expect(mine?.decidedBy).toBe(finance.username);
});

test('support finds a player by mobile and ends their session', async ({ page, request }) => {
  const player = await memberWithMobile(request);
  expect((await request.get('/wps/member/info', { headers: { token: player.token } })).ok()).toBe(
    true,
  );
  const support = await addOperator('support');
  await signInToConsole(page, support);

  // step: search by mobile (a prefix of the number)
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Members' })
    .click();
  await page.getByLabel('Search by').selectOption('mobile');
  await page.getByLabel('Search for').fill(player.mobileNum.slice(0, 8));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('table', { name: /Members found/ });
  await results.getByRole('link', { name: player.username }).click();
  await expect(page.getByRole('heading', { name: `Member ${player.username}` })).toBeVisible();

  // step: end every session of the player
  await page.getByRole('button', { name: 'End sessions' }).click();
  const dialog = page.getByRole('dialog', { name: `End every session of ${player.username}` });
  await dialog.getByRole('button', { name: 'End sessions' }).click();
  await expect(page.getByText(/Sessions ended: [1-9]/)).toBeVisible();

  // step: the player's session is dead on the server
  expect(
    (await request.get('/wps/member/info', { headers: { token: player.token } })).status(),
  ).toBe(401);
});

test('a viewer sees no change to make, and the API refuses one anyway', async ({
  page,
  request,
}) => {
  const username = await registerMember(request, 'cvw');
  const viewer = await addOperator('viewer');
  await signInToConsole(page, viewer);

  // step: the sections of a viewer only
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await expect(nav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit trail' })).toHaveCount(0);

  // step: a member's page without actions
  await page.goto(`/ops/members/${username}`);
  await expect(page.getByRole('heading', { name: `Member ${username}` })).toBeVisible();
  await expect(page.getByText('Balance')).toBeVisible();
  for (const name of ['Disable account', 'End sessions', 'Send password reset', 'Adjust balance']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }

  // step: the change asked for anyway, with the viewer's own session and CSRF token: forbidden
  const me = await page.request.get('/ops/api/auth/me');
  const { csrfToken } = ((await me.json()) as { value: { csrfToken: string } }).value;
  const refused = await page.request.post(`/ops/api/members/${username}/status?language=EN`, {
    headers: { 'x-csrf-token': csrfToken },
    data: { status: 'disabled', reason: 'not mine to do' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { success: boolean }).success).toBe(false);
});
