import { SESSION_END_MESSAGES } from '@khela/contract/session-end-messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { useGameLaunchStore } from '../../../lib/game-launch-store';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { accountsRoutes, buildLoginResult } from '../../../testing/accounts';
import { openSealed } from '../../../testing/fake-crypto';
import { buildSystemStatus } from '../../../testing/factories';
import { failure, ok, type MockHandler, type MockRoutes } from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';
import { forgetPublicKey } from '../api/sealed';
import { browser } from './social-buttons';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

const INVALID = failure(401, 'login.invalidCredentials', 'Incorrect username or password');

async function openLogin(api: MockRoutes = {}) {
  const view = renderApp('/m/login', { api: { ...accountsRoutes(), ...api } });
  await screen.findByRole('button', { name: 'Log in' });
  return view;
}

/** Answers the login call with `answer` and keeps every payload it was sent. */
function loginCalls(answer: (payload: Record<string, unknown>, index: number) => unknown) {
  const payloads: Record<string, unknown>[] = [];
  const handler: MockHandler = (_url, init) => {
    const payload = openSealed(init);
    payloads.push(payload);
    return answer(payload, payloads.length - 1) as ReturnType<MockHandler>;
  };
  return { payloads, handler };
}

describe('login', () => {
  beforeEach(async () => {
    forgetPublicKey();
    await changeLanguage('EN');
  });

  it('logs in with username and password, keeps the session and says when the last login was', async () => {
    const { payloads, handler } = loginCalls(() => ok(buildLoginResult({ userName: 'rahim' })));
    const { user, pathname } = await openLogin({ '/wps/session/login': handler });
    await user.type(screen.getByLabelText('Username'), ' rahim ');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(payloads[0]).toEqual({
      type: 'username',
      username: 'rahim',
      password: 'Secret-pass-42',
      rememberMe: false,
    });
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toEqual({
      token: 'new-token',
      merchantCode: 'KHELA',
      userName: 'rahim',
      type: 0,
      firstTimeLogin: false,
    });
    expect(await screen.findByText(/^Last login: /)).toBeVisible();
  });

  it('tells the player what is missing and sends nothing', async () => {
    const { user, api } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required');
    expect(api.calls('/wps/session/login')).toHaveLength(0);
  });

  it('shows a wrong password without logging anyone out', async () => {
    const { user, pathname } = await openLogin({ '/wps/session/login': INVALID });
    await user.type(screen.getByLabelText('Username'), 'rahim');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect username or password')).toBeVisible();
    expect(pathname()).toBe('/m/login');
    expect(screen.queryByLabelText('Captcha')).not.toBeInTheDocument();
  });

  it('shows the captcha after a failure that asks for it, and a new one after each failure', async () => {
    const { payloads, handler } = loginCalls((_payload, index) =>
      index < 2
        ? failure(401, 'login.invalidCredentials', 'Incorrect username or password', {
            captchaRequired: true,
          })
        : ok(buildLoginResult()),
    );
    const { user, api, pathname } = await openLogin({ '/wps/session/login': handler });
    await user.type(screen.getByLabelText('Username'), 'rahim');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const captcha = await screen.findByLabelText('Captcha');
    expect(captcha).toHaveAttribute('inputmode', 'numeric');
    expect(captcha).toHaveAttribute('maxlength', '6');
    await waitFor(() => expect(api.calls('/wps/captcha')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'New captcha image' })).toBeVisible();

    await user.type(captcha, '1111');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(api.calls('/wps/captcha')).toHaveLength(2));
    expect(payloads[1]).toMatchObject({ captcha: '1111', captchaId: 'captcha-1' });
    expect(screen.getByLabelText('Captcha')).toHaveValue('');

    await user.type(screen.getByLabelText('Captcha'), '2222');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(payloads[2]).toMatchObject({ captcha: '2222', captchaId: 'captcha-2' });
  });

  it('remembers the username and device token, never the password, and logs in with the token next time', async () => {
    const { payloads, handler } = loginCalls((payload) =>
      ok(
        buildLoginResult({
          userName: 'rahim',
          deviceToken: payload.password ? 'device-1' : undefined,
        }),
      ),
    );
    const first = await openLogin({ '/wps/session/login': handler });
    await first.user.type(screen.getByLabelText('Username'), 'rahim');
    await first.user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await first.user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await first.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(first.pathname()).toBe('/m/home'));
    expect(payloads[0]).toMatchObject({ rememberMe: true, password: 'Secret-pass-42' });

    const saved = localStorage.getItem('rememberedLogin') ?? '';
    expect(JSON.parse(saved)).toEqual({
      method: 'username',
      username: 'rahim',
      deviceToken: 'device-1',
    });
    expect(saved).not.toContain('Secret-pass-42');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('Secret-pass-42');

    first.unmount();
    sessionStorage.clear();
    const next = await openLogin({ '/wps/session/login': handler });
    expect(screen.getByLabelText('Username')).toHaveValue('rahim');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Your password is saved on this device. Tap Log in.',
    );
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await next.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(next.pathname()).toBe('/m/home'));
    expect(payloads[1]).toEqual({
      type: 'username',
      username: 'rahim',
      deviceToken: 'device-1',
      rememberMe: true,
    });
  });

  it('drops a revoked device token and asks for the password', async () => {
    localStorage.setItem(
      'rememberedLogin',
      JSON.stringify({ method: 'username', username: 'rahim', deviceToken: 'old-device' }),
    );
    const { user, pathname } = await openLogin({ '/wps/session/login': INVALID });
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription(
      'Your saved login has ended. Please enter your password.',
    );
    expect(JSON.parse(localStorage.getItem('rememberedLogin') ?? '{}')).toEqual({
      method: 'username',
      username: 'rahim',
    });
    expect(pathname()).toBe('/m/login');
  });

  it('forgets a remembered login when Remember me is unticked', async () => {
    localStorage.setItem(
      'rememberedLogin',
      JSON.stringify({ method: 'username', username: 'rahim' }),
    );
    const { user, pathname } = await openLogin({ '/wps/session/login': ok(buildLoginResult()) });
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(localStorage.getItem('rememberedLogin')).toBeNull();
  });

  it('waits out a rate limit with the button disabled', async () => {
    const { user } = await openLogin({
      '/wps/session/login': failure(429, 'rate.limited', 'Too many requests', {
        retryAfterSeconds: 30,
        captchaRequired: true,
      }),
    });
    await user.type(screen.getByLabelText('Username'), 'rahim');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Try again in (30|29) s/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByLabelText('Captcha')).toBeVisible();
  });

  it('logs in by mobile and SMS code when MOBILEVERCODELOGIN3 is on', async () => {
    const { payloads, handler } = loginCalls(() => ok(buildLoginResult()));
    const { user, pathname } = await openLogin({ '/wps/session/login': handler });
    await user.click(screen.getByRole('tab', { name: 'By mobile' }));
    await user.selectOptions(screen.getByLabelText('Country code'), '+91');
    await user.type(screen.getByLabelText('Mobile number'), '98765x43210');
    await user.type(screen.getByLabelText('SMS code'), '12345678901');
    expect(screen.getByLabelText('SMS code')).toHaveValue('1234567890');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(payloads[0]).toEqual({
      type: 'sms',
      countryDialingCode: '+91',
      mobileNum: '9876543210',
      verificationCode: '1234567890',
    });
  });

  it('has no mobile tab, forgot-password link or social buttons when their flags are off', async () => {
    await openLogin({
      '/wps/system/status': ok(
        buildSystemStatus({
          flags: { MOBILEVERCODELOGIN3: false, CHNGPASSMAIL3: false, CHNGPASSVERIF3: false },
        }),
      ),
    });
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Log in with/ })).not.toBeInTheDocument();
  });

  it('shows the social buttons whose flags are on and that the server has configured', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { user } = await openLogin({
      '/wps/system/status': ok(
        buildSystemStatus({
          flags: { FACEBOOKLOGIN3: true, GOOGLELOGIN3: true, TELEGRAMLOGIN3: true },
        }),
      ),
      // Google's switch is on but the server has no Google provider: no button for it.
      '/wps/social/providers': ok({ google: false, facebook: true, telegram: null }),
      '/wps/social/facebook/start': ok({ authorizationUrl: 'https://idp.example/authorize?s=1' }),
    });
    const social = await screen.findByRole('region', { name: 'Other ways to log in' });
    expect(within(social).getByRole('button', { name: 'Log in with Facebook' })).toBeVisible();
    expect(within(social).queryByRole('button', { name: 'Log in with Google' })).toBeNull();
    expect(within(social).queryByRole('button', { name: 'Log in with Telegram' })).toBeNull();
    // The provider's sign-in page opens.
    await user.click(within(social).getByRole('button', { name: 'Log in with Facebook' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://idp.example/authorize?s=1'));
    go.mockRestore();
  });

  it('offers home, registration, password recovery, customer service and a trial in its strip', async () => {
    await openLogin();
    const strip = within(screen.getByRole('navigation', { name: 'More options' }));
    expect(strip.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/m/home');
    expect(strip.getByRole('link', { name: 'Register now' })).toHaveAttribute(
      'href',
      '/m/register',
    );
    expect(strip.getByRole('link', { name: 'Forgot password' })).toHaveAttribute(
      'href',
      '/m/forget',
    );
    expect(strip.getByRole('button', { name: 'Customer service' })).toBeVisible();
    expect(strip.getByRole('button', { name: 'Try it' })).toBeVisible();
  });

  it('starts a trial account that the member centre asks to register', async () => {
    const { user, pathname } = await openLogin({
      '/wps/member/trialuser': ok({
        token: 'trial-token',
        userName: 'guest00000001',
        customerType: 4,
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Try it' }));
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({
      token: 'trial-token',
      userName: 'guest00000001',
      type: 4,
      merchantCode: 'KHELA',
    });
    const footer = within(await screen.findByRole('navigation', { name: 'Footer menu' }));
    await user.click(footer.getByRole('button', { name: 'Member centre' }));
    const prompt = await screen.findByRole('dialog', { name: 'Trial account' });
    expect(within(prompt).getByRole('link', { name: 'Register now' })).toHaveAttribute(
      'href',
      '/m/register',
    );
  });

  it('tells a member whose session ended under them why, and takes them back after login', async () => {
    await changeLanguage('BN');
    const { pathname, user } = renderApp('/m/securityCenter', {
      session: memberSession(),
      api: {
        ...accountsRoutes(),
        '/wps/test/dead': failure(401, 'session.expired', 'gone', { reason: 'disabled' }),
        '/wps/session/login': ok(buildLoginResult()),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'নিরাপত্তা কেন্দ্র' });
    await act(() => api.get('/wps/test/dead').catch(() => undefined));
    // Loading the login screen's module can take seconds on a loaded 2-core CI machine.
    await waitFor(() => expect(pathname()).toBe('/m/login'), { timeout: 10_000 });
    expect(await screen.findByText(SESSION_END_MESSAGES.disabled.BN)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(useSessionStore.getState().session).toBeNull();
    await user.type(screen.getByLabelText('ব্যবহারকারীর নাম'), 'rahim');
    await user.type(screen.getByLabelText('পাসওয়ার্ড'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'লগইন করুন' }));
    await waitFor(() => expect(pathname()).toBe('/m/securityCenter'), { timeout: 10_000 });
  }, 30_000);

  it('keeps the way back and the tapped game through the register screen and back', async () => {
    const { user, router, pathname } = renderApp('/m/help', {
      api: { ...accountsRoutes(), '/wps/session/login': ok(buildLoginResult()) },
    });
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    // A visitor tapped a game on help: login was pushed on top of it.
    const game = { nodeId: '42', gameName: 'Fortune Gems' };
    // Every launch asked for, so one the launcher has already ended still counts.
    const launched: unknown[] = [];
    const unsubscribe = useGameLaunchStore.subscribe(({ request }) => {
      if (request) launched.push(request);
    });
    await act(() => router.navigate('/m/login', { state: { from: '/m/help', below: true, game } }));
    await user.click(await screen.findByRole('link', { name: 'Register now' }));
    await screen.findByRole('heading', { level: 1, name: 'Register' });
    // Register's own link back to login: Back would now land on register, so the screen is named.
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(router.state.location.state).toEqual({ from: '/m/help', game });
    await user.type(screen.getByLabelText('Username'), 'rahim');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(pathname()).toBe('/m/help'));
    // The game is asked for once the way back has landed, a moment after the path changes.
    await waitFor(() => expect(launched).toContainEqual(expect.objectContaining(game)));
    unsubscribe();
  });

  it('names its controls in Bengali by default', async () => {
    await changeLanguage('BN');
    renderApp('/m/login', { api: accountsRoutes() });
    expect(await screen.findByRole('button', { name: 'লগইন করুন' })).toBeVisible();
    expect(screen.getByLabelText('ব্যবহারকারীর নাম')).toBeVisible();
    expect(screen.getByLabelText('পাসওয়ার্ড')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'মনে রাখুন' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'মোবাইল দিয়ে' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ট্রায়াল' })).toBeVisible();
  });
});
