import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { accountsRoutes, buildLoginResult } from '../../testing/accounts';
import { openSealed } from '../../testing/fake-crypto';
import { failure, ok, requestUrl, type MockHandler } from '../../testing/mock-api';
import { renderApp } from '../../testing/render-app';
import { forgetPublicKey } from '../../features/auth/api/sealed';

vi.mock('../../lib/crypto', () => import('../../testing/fake-crypto'));

const RETURN = '/m/social/google?code=the-code&state=state-1&iss=https%3A%2F%2Fidp.example';
const needsAccount = ok({
  status: 'needsAccount',
  ticket: 'ticket-0123456789abcdef',
  provider: 'google',
  suggested: { email: 'rahim@example.com', nickname: 'Rahim' },
});

describe('the social login return page', () => {
  beforeEach(async () => {
    forgetPublicKey();
    await changeLanguage('EN');
  });

  it('sends the provider answer once and logs a linked player in', async () => {
    const { api, pathname } = renderApp(RETURN, {
      api: {
        ...accountsRoutes(),
        '/wps/social/google/callback': ok({
          status: 'signedIn',
          login: buildLoginResult({ userName: 'rahim7' }),
        }),
      },
    });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(api.calls('/wps/social/google/callback')).toHaveLength(1);
    const [, init] = api.fetchMock.mock.calls.find(
      ([input]) => requestUrl(input).pathname === '/wps/social/google/callback',
    )!;
    expect(JSON.parse(init?.body as string)).toEqual({
      code: 'the-code',
      state: 'state-1',
      iss: 'https://idp.example',
    });
  });

  it('asks a new player to register without a password, sending the ticket', async () => {
    let sent: Record<string, unknown> = {};
    const { user, pathname } = renderApp(`${RETURN}&n=2`, {
      api: {
        ...accountsRoutes(),
        '/wps/social/google/callback': needsAccount,
        '/wps/social/register': ((_url, init) => {
          sent = openSealed(init);
          return ok(buildLoginResult({ userName: 'rahim7', lastLoginAt: null }));
        }) satisfies MockHandler,
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Finish signing in with Google' }),
    ).toBeVisible();
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(screen.getByLabelText('Username'), 'rahim7');
    await user.type(screen.getByLabelText('Captcha'), '1234');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(sent).toMatchObject({
      ticket: 'ticket-0123456789abcdef',
      method: 'username',
      username: 'rahim7',
    });
    expect(sent).not.toHaveProperty('password');
  }, 15_000);

  it('links an existing account, showing a wrong password under its field', async () => {
    let tries = 0;
    const { user, pathname } = renderApp(`${RETURN}&n=3`, {
      api: {
        ...accountsRoutes(),
        '/wps/social/google/callback': needsAccount,
        '/wps/social/link': (() =>
          (tries += 1) === 1
            ? failure(401, 'login.invalidCredentials', 'Incorrect username or password')
            : ok(buildLoginResult({ userName: 'karim9' }))) satisfies MockHandler,
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'I have an account' }));
    await user.type(screen.getByLabelText('Username'), 'karim9');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Link and log in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Link and log in' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });

  it('brings a refused consent back to the login screen with its message', async () => {
    const { pathname } = renderApp('/m/social/google?error=access_denied&state=state-4', {
      api: {
        ...accountsRoutes(),
        '/wps/social/google/callback': failure(
          400,
          'social.consentRefused',
          'You did not allow the sign-in, so you were not logged in.',
        ),
      },
    });
    await waitFor(() => expect(pathname()).toBe('/m/login'));
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((alert) => alert.textContent)
          .join(' '),
      ).toContain('You did not allow the sign-in'),
    );
  });
});
