/**
 * The login's code step (step-up on a new device): the login is answered login.stepUpRequired,
 * the player types the code sent to the masked number, sees wrong tries counted, resends after
 * the cooldown, and logs in; in Bengali too.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes, buildLoginResult } from '../../../testing/accounts';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { forgetPublicKey } from '../api/sealed';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

const TICKET = 'ticket-0123456789abcdef';

const challenge = (resendAt = Date.now() + 60_000) => ({
  ticket: TICKET,
  channel: 'sms',
  destination: '+880 17••••5678',
  resendAt,
  expiresAt: Date.now() + 600_000,
});

const STEP_UP_REQUIRED = (resendAt?: number) =>
  failure(
    403,
    'login.stepUpRequired',
    'This device is new to your account: enter the code we have sent you',
    challenge(resendAt),
  );

async function logInToCode(routes: MockRoutes, language: 'EN' | 'BN' = 'EN') {
  await changeLanguage(language);
  const view = renderApp('/m/login', {
    api: { ...accountsRoutes(), '/wps/session/login': STEP_UP_REQUIRED(), ...routes },
  });
  const { user } = view;
  const [username, password, logIn] =
    language === 'EN'
      ? ['Username', 'Password', 'Log in']
      : ['ব্যবহারকারীর নাম', 'পাসওয়ার্ড', 'লগইন করুন'];
  await user.type(await screen.findByLabelText(username, { exact: true }), 'rahim');
  await user.type(screen.getByLabelText(password, { exact: true }), 'Secret-pass-42');
  await user.click(screen.getByRole('button', { name: logIn }));
  return view;
}

describe('login code step (new device)', () => {
  beforeEach(() => {
    forgetPublicKey();
  });

  it('asks for the code sent to the masked number and logs in with it', async () => {
    const sent: unknown[] = [];
    const confirm: MockHandler = (_url, init) => {
      sent.push(jsonBody(init));
      return ok(buildLoginResult({ userName: 'rahim' }));
    };
    const { user, pathname } = await logInToCode({ '/wps/session/login/step-up': confirm });

    expect(await screen.findByRole('heading', { name: 'Check this device' })).toBeVisible();
    expect(screen.getByText(/by SMS to \+880 17••••5678/)).toBeVisible();
    const code = screen.getByLabelText('One-time code');
    expect(code).toHaveFocus();
    expect(await screen.findByRole('button', { name: /^New code in / })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription('This field is required');
    expect(sent).toHaveLength(0);

    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(sent).toEqual([{ ticket: TICKET, code: '123456' }]);
  }, 15_000);

  it('counts wrong codes, then says the code is burnt', async () => {
    let left = 2;
    const { user } = await logInToCode({
      '/wps/session/login/step-up': () => {
        left -= 1;
        return failure(400, 'verification.codeError', 'Verification code error', {
          field: 'code',
          triesLeft: left,
          canResend: true,
        });
      },
    });
    const code = await screen.findByLabelText('One-time code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Wrong code: 1 tries left')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This code can no longer be used: send a new one.'),
    ).toBeVisible();
  }, 15_000);

  it('resends once the cooldown is over', async () => {
    let resends = 0;
    const { user } = await logInToCode({
      '/wps/session/login': STEP_UP_REQUIRED(Date.now() - 1),
      '/wps/session/login/step-up/resend': () => {
        resends += 1;
        return ok(challenge());
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is on its way.')).toBeVisible();
    expect(resends).toBe(1);
    expect(screen.getByRole('button', { name: /^New code in / })).toBeDisabled();
  });

  it('goes back to login when the check has run out', async () => {
    const { user } = await logInToCode({
      '/wps/session/login/step-up': failure(
        400,
        'login.stepUpExpired',
        'This login check has expired, please log in again',
      ),
    });
    await user.type(await screen.findByLabelText('One-time code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('This login check has expired, please log in again'),
    ).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
  });

  it('speaks Bengali', async () => {
    await logInToCode({}, 'BN');
    expect(await screen.findByRole('heading', { name: 'এই ডিভাইসটি যাচাই করুন' })).toBeVisible();
    expect(screen.getByLabelText('এককালীন কোড')).toBeVisible();
    expect(screen.getByRole('button', { name: 'নিশ্চিত করুন' })).toBeVisible();
  });
});

describe('choosing where the code goes', () => {
  beforeEach(() => {
    forgetPublicKey();
  });

  it('sends the code by e-mail instead when the member chooses it', async () => {
    const sent: unknown[] = [];
    const withEmail = failure(
      403,
      'login.stepUpRequired',
      'This device is new to your account: enter the code we have sent you',
      { ...challenge(), alternative: { channel: 'email', destination: 'r•••@example.com' } },
    );
    const resend: MockHandler = (_url, init) => {
      sent.push(jsonBody(init));
      return ok({
        ...challenge(),
        channel: 'email',
        destination: 'r•••@example.com',
        alternative: { channel: 'sms', destination: '+880 17••••5678' },
      });
    };
    const { user } = await logInToCode({
      '/wps/session/login': withEmail,
      '/wps/session/login/step-up/resend': resend,
    });
    await user.click(
      await screen.findByRole('button', {
        name: 'Send the code by e-mail to r•••@example.com instead',
      }),
    );
    expect(await screen.findByText(/by e-mail to r•••@example.com/)).toBeVisible();
    expect(sent).toEqual([{ ticket: TICKET, channel: 'email' }]);
    // The field, left empty to tap the switch, waits for the new code without calling it missing.
    const code = screen.getByLabelText('One-time code');
    expect(code).toHaveFocus();
    expect(code).not.toHaveAccessibleDescription(/required/);
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByRole('button', { name: 'Send the code by SMS to +880 17••••5678 instead' }),
    ).toBeVisible();
  }, 15_000);

  it('offers no choice when the member has one contact', async () => {
    await logInToCode({});
    expect(await screen.findByRole('heading', { name: 'Check this device' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /instead$/ })).toBeNull();
  }, 15_000);
});
