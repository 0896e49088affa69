import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { accountsRoutes } from '../../../testing/accounts';
import { jsonBody } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

async function openChangePassword(api: MockRoutes = {}) {
  const view = renderApp('/m/changePsw', {
    api: { ...accountsRoutes(), ...api },
    session: memberSession({ userName: 'rahim' }),
  });
  await screen.findByRole('button', { name: 'Save password' });
  return view;
}

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  old: string,
  next: string,
  confirm = next,
) {
  await user.type(screen.getByLabelText('Old password'), old);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('change password', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('sends a visitor home', async () => {
    const { pathname } = renderApp('/m/changePsw', { api: accountsRoutes() });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });

  it('keeps Save disabled until all three fields are filled', async () => {
    const { user } = await openChangePassword();
    const save = screen.getByRole('button', { name: 'Save password' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Old password'), 'Old-pass-111');
    await user.type(screen.getByLabelText('New password'), 'New-pass-222');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm password'), 'New-pass-22');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Confirmation password not matched',
    );
  });

  it('shows the same-password popup when the new password is the old one, without a call', async () => {
    const { user, api } = await openChangePassword();
    await fill(user, 'Same-pass-123', 'Same-pass-123');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    const popup = await screen.findByRole('dialog', { name: 'Same password' });
    expect(
      within(popup).getByText('The new password must be different from the old one'),
    ).toBeVisible();
    expect(api.calls('/wps/member/password')).toHaveLength(0);
  });

  it('shows the same-password popup when the server says so', async () => {
    const { user } = await openChangePassword({
      '/wps/member/password': failure(
        400,
        'modify.new.old.same',
        'The new password must be different',
      ),
    });
    await fill(user, 'Old-pass-111', 'New-pass-222');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('dialog', { name: 'Same password' })).toBeVisible();
  });

  it('puts a wrong old password under its field and keeps the player logged in', async () => {
    const { user, pathname } = await openChangePassword({
      '/wps/member/password': failure(400, 'validation.invalid', 'Please check', {
        fields: { oldPassword: ['incorrect password'] },
      }),
    });
    await fill(user, 'Wrong-pass-111', 'New-pass-222');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    const old = screen.getByLabelText('Old password');
    await waitFor(() => expect(old).toHaveAccessibleDescription('incorrect password'));
    expect(old).toHaveFocus();
    expect(pathname()).toBe('/m/changePsw');
    expect(sessionStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
  });

  it('saves, replaces the remembered device token and goes home after 1 s', async () => {
    localStorage.setItem(
      'rememberedLogin',
      JSON.stringify({ method: 'username', username: 'rahim', deviceToken: 'old-device' }),
    );
    let sent: Record<string, unknown> = {};
    const { user, pathname } = await openChangePassword({
      '/wps/member/password': ((_url, init) => {
        sent = jsonBody(init);
        return ok({ deviceToken: 'new-device' });
      }) satisfies MockHandler,
    });
    await fill(user, 'Old-pass-111', 'New-pass-222');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Password saved')).toBeVisible();
    expect(sent).toEqual({
      oldPassword: 'Old-pass-111',
      newPassword: 'New-pass-222',
      confirmNewPassword: 'New-pass-222',
      rememberMe: true,
    });
    expect(JSON.parse(localStorage.getItem('rememberedLogin') ?? '{}')).toEqual({
      method: 'username',
      username: 'rahim',
      deviceToken: 'new-device',
    });
    expect(pathname()).toBe('/m/changePsw');
    await waitFor(() => expect(pathname()).toBe('/m/home'), { timeout: 2500 });
  });
});
