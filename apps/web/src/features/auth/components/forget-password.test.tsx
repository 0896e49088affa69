import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes, buildLoginResult } from '../../../testing/accounts';
import { openSealed } from '../../../testing/fake-crypto';
import { buildSystemStatus } from '../../../testing/factories';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

function openForget(path = '/m/forget', api: MockRoutes = {}, history?: string[]) {
  return renderApp(path, { api: { ...accountsRoutes(), ...api }, history });
}

describe('forgot password', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers mobile (first) or e-mail when CHNGPASSVERIF3 is on', async () => {
    const { user } = openForget();
    const tabs = await screen.findByRole('tablist', { name: 'Recovery method' });
    expect(within(tabs).getByRole('tab', { name: 'By mobile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Mobile number')).toBeVisible();
    expect(screen.getByLabelText('SMS code')).toBeVisible();
    expect(screen.getByLabelText('New password')).toBeVisible();

    await user.click(within(tabs).getByRole('tab', { name: 'By e-mail' }));
    expect(screen.getByLabelText('Username')).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retrieve password' })).toBeVisible();
  });

  it('offers only the e-mail method when CHNGPASSVERIF3 is off', async () => {
    openForget('/m/forget', {
      '/wps/system/status': ok(buildSystemStatus({ flags: { CHNGPASSVERIF3: false } })),
    });
    expect(await screen.findByLabelText('E-mail')).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile number')).not.toBeInTheDocument();
  });

  it('sends username and e-mail, trimmed and form-encoded, then goes back after 1 s', async () => {
    let sent: string | undefined;
    const { user, pathname } = openForget(
      '/m/forget',
      {
        '/wps/system/status': ok(buildSystemStatus({ flags: { CHNGPASSVERIF3: false } })),
        '/wps/member/password/forget/email': ((_url, init) => {
          sent = (init?.body as URLSearchParams).toString();
          return ok({});
        }) satisfies MockHandler,
      },
      ['/m/login', '/m/forget'],
    );
    const button = await screen.findByRole('button', { name: 'Retrieve password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), ' rahim ');
    await user.type(screen.getByLabelText('E-mail'), 'rahim@mail');
    await user.tab();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('email incorrect');
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('E-mail'), '.com ');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(
      await screen.findByText(
        'If the username and e-mail match an account, a reset link is on its way.',
      ),
    ).toBeVisible();
    expect(new URLSearchParams(sent)).toEqual(
      new URLSearchParams({ username: 'rahim', email: 'rahim@mail.com' }),
    );
    await waitFor(() => expect(pathname()).toBe('/m/login'), { timeout: 2500 });
  });

  it('keeps the phone submit disabled until a field is touched and while any error exists', async () => {
    const { user } = openForget();
    const submit = await screen.findByRole('button', { name: 'Reset password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Mobile number'), '01712345678');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('SMS code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), '-and-long');
    expect(submit).toBeEnabled();
  });

  async function fillPhoneForm(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText('Mobile number'), '01712345678');
    await user.type(screen.getByLabelText('SMS code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'Brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
  }

  it('sets the password by phone and logs in with the answered username', async () => {
    let reset: Record<string, unknown> = {};
    let loggedIn: Record<string, unknown> = {};
    const { user, pathname } = openForget('/m/forget', {
      '/wps/member/password/forget/phone': ((_url, init) => {
        reset = openSealed(init);
        return ok({ userName: 'rahim' });
      }) satisfies MockHandler,
      '/wps/session/login': ((_url, init) => {
        loggedIn = openSealed(init);
        return ok(buildLoginResult({ userName: 'rahim' }));
      }) satisfies MockHandler,
    });
    await fillPhoneForm(user);
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(reset).toEqual({
      newPassword: 'Brand-new-pass-1',
      mobileNum: '01712345678',
      countryDialingCode: '+880',
      verificationCode: '123456',
    });
    expect(loggedIn).toEqual({ type: 'username', username: 'rahim', password: 'Brand-new-pass-1' });
  });

  it('shows the same-password popup and clears the password when it equals the old one', async () => {
    const { user } = openForget('/m/forget', {
      '/wps/member/password/forget/phone': failure(
        400,
        'modify.new.old.same',
        'The new password must be different from the old one',
      ),
    });
    await fillPhoneForm(user);
    const popup = await screen.findByRole('dialog', { name: 'Same password' });
    expect(
      within(popup).getByText('The new password must be different from the old one'),
    ).toBeVisible();
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('SMS code')).toHaveValue('123456');
  });

  it('clears the SMS code after any other failure', async () => {
    const { user } = openForget('/m/forget', {
      '/wps/member/password/forget/phone': failure(
        400,
        'verification.codeError',
        'Verification code error',
      ),
    });
    await fillPhoneForm(user);
    const code = screen.getByLabelText('SMS code');
    await waitFor(() => expect(code).toHaveValue(''));
    expect(code).toHaveAccessibleDescription('Verification code error');
    expect(screen.getByLabelText('New password')).toHaveValue('Brand-new-pass-1');
  });

  it('sets a new password from the e-mail link and logs in', async () => {
    let reset: Record<string, unknown> = {};
    const { user, pathname } = openForget('/m/forget?resetToken=token-0123456789abcdef', {
      '/wps/member/password/reset': ((_url, init) => {
        reset = openSealed(init);
        return ok({ userName: 'rahim' });
      }) satisfies MockHandler,
      '/wps/session/login': ok(buildLoginResult({ userName: 'rahim' })),
    });
    await user.type(await screen.findByLabelText('New password'), 'Brand-new-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-pass-2');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Confirmation password not matched',
    );
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(reset).toEqual({
      resetToken: 'token-0123456789abcdef',
      newPassword: 'Brand-new-pass-1',
    });
  });

  it('says when the e-mail link has expired', async () => {
    const { user } = openForget('/m/forget?resetToken=token-0123456789abcdef', {
      '/wps/member/password/reset': failure(
        400,
        'reset.invalid',
        'This reset link is invalid or has expired',
      ),
    });
    await user.type(await screen.findByLabelText('New password'), 'Brand-new-pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Brand-new-pass-1');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('This reset link is invalid or has expired')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/m/forget',
    );
  });
});
