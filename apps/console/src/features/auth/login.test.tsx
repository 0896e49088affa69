import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, mockApi, ok } from '../../testing/mock-api';
import { renderConsole, sessionAs } from '../../testing/render-console';

const signedOut = () => failure(401, 'ops.unauthorized', 'Sign in first.');

async function fillLogin(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), 'Finance1');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.type(screen.getByLabelText('Authenticator code'), code);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('signing in to the console', () => {
  it('refuses a code that is not six digits without calling the server', async () => {
    const api = mockApi({ '/ops/api/auth/me': signedOut() });
    renderConsole();
    await fillLogin('12a34');
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Authenticator code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('/ops/api/auth/login')).toHaveLength(0);
  });

  it('signs in with username, password and code, then shows the shell', async () => {
    const api = mockApi({
      '/ops/api/auth/me': signedOut(),
      'POST /ops/api/auth/login': ok(sessionAs('finance')),
      '/ops/api/dashboard': failure(503, 'system.unknown', 'later'),
    });
    renderConsole();
    await fillLogin('123456');
    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(screen.getByText('finance1 (Finance)')).toBeVisible();
    const [login] = api.calls('/ops/api/auth/login');
    expect(JSON.parse(login!.init?.body as string)).toEqual({
      username: 'finance1',
      password: 'correct horse',
      totp: '123456',
    });
  });

  it("shows the server's message when the login is refused", async () => {
    mockApi({
      '/ops/api/auth/me': signedOut(),
      'POST /ops/api/auth/login': failure(401, 'ops.badLogin', 'Wrong username, password or code.'),
    });
    renderConsole();
    await fillLogin('654321');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username, password or code.');
  });

  it('asks for a new password first when signed in with the one-time password', async () => {
    let changed = false;
    const api = mockApi({
      '/ops/api/auth/me': () => (changed ? ok(sessionAs('support')) : signedOut()),
      'POST /ops/api/auth/login': ok(sessionAs('support', { mustChangePassword: true })),
      'POST /ops/api/auth/password': () => {
        changed = true;
        return ok({});
      },
    });
    renderConsole();
    const user = await fillLogin('111111');
    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Sections' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('One-time password'), 'temp-pass');
    await user.type(screen.getByLabelText('New password'), 'a much better one');
    await user.type(screen.getByLabelText('New password again'), 'a much better one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('navigation', { name: 'Sections' })).toBeVisible();
    const [call] = api.calls('/ops/api/auth/password');
    expect(call!.init?.headers).toMatchObject({ 'x-csrf-token': 'csrf-123' });
    expect(JSON.parse(call!.init?.body as string)).toEqual({
      current: 'temp-pass',
      next: 'a much better one',
    });
  });

  it('goes back to the login screen when a call answers 401', async () => {
    mockApi({
      '/ops/api/auth/me': ok(sessionAs('viewer')),
      '/ops/api/dashboard': signedOut(),
    });
    renderConsole();
    expect(await screen.findByRole('heading', { name: 'Back office sign in' })).toBeVisible();
  });
});
