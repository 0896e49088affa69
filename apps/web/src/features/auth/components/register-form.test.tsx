import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import {
  accountsRoutes,
  buildLoginResult,
  buildRegistrationSettings,
} from '../../../testing/accounts';
import { openSealed } from '../../../testing/fake-crypto';
import { failure, ok, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { buildAnnouncements, buildBanner } from '../../../testing/content';
import { defaultRegisterMethod } from './register-form';

vi.mock('../../../lib/crypto', () => import('../../../testing/fake-crypto'));

type Settings = ReturnType<typeof buildRegistrationSettings>;

async function openRegister(settings: Settings = buildRegistrationSettings(), api = {}) {
  const view = renderApp('/m/register', { api: { ...accountsRoutes(settings), ...api } });
  await screen.findByRole('button', { name: 'Register' });
  return view;
}

const registerButton = () => screen.getByRole('button', { name: 'Register' });

/** A username-method form that passes every rule. */
async function fillValidUsernameForm(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText('Username'), 'player7');
  await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
  await user.type(screen.getByLabelText('Confirm password'), 'Secret-pass-42');
  await user.type(screen.getByLabelText('Captcha'), '1234');
  await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
}

describe('registration', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('starts on mobile only when mobile is on and username is off', () => {
    expect(defaultRegisterMethod({ username: true, mobile: true })).toBe('username');
    expect(defaultRegisterMethod({ username: true, mobile: false })).toBe('username');
    expect(defaultRegisterMethod({ username: false, mobile: true })).toBe('mobile');
  });

  it('offers both methods as tabs, username first, and switches to the mobile fields', async () => {
    const { user } = await openRegister();
    const tabs = screen.getByRole('tablist', { name: 'Registration method' });
    expect(within(tabs).getByRole('tab', { name: 'By username' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Username')).toBeVisible();

    await user.click(within(tabs).getByRole('tab', { name: 'By mobile' }));
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toBeVisible();
    expect(screen.getByLabelText('Country code')).toHaveValue('+880');
    expect(screen.getByLabelText('SMS code')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('opens on the mobile form when only mobile registration is on, without tabs', async () => {
    await openRegister(buildRegistrationSettings({ methods: { username: false, mobile: true } }));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toBeVisible();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('asks for no password on the mobile method when the setting is off, nor an SMS code', async () => {
    await openRegister(
      buildRegistrationSettings({
        methods: { username: false, mobile: true },
        mobilePassword: false,
        smsVerification: false,
      }),
    );
    expect(screen.getByLabelText('Mobile number')).toBeVisible();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('SMS code')).not.toBeInTheDocument();
  });

  it('shows each optional field only when its setting enables it', async () => {
    await openRegister(
      buildRegistrationSettings({
        captcha: false,
        fields: {
          nickname: { enabled: false },
          email: { enabled: false },
          birthday: { enabled: false },
          mobileNum: { enabled: false },
          affiliateCode: { enabled: false },
          payeeName: { enabled: true },
          whatsapp: { enabled: true },
          paymentPassword: { enabled: true },
        },
      }),
    );
    expect(screen.getByLabelText('Payee name')).toBeVisible();
    expect(screen.getByLabelText('WhatsApp')).toBeVisible();
    expect(screen.getByLabelText('Payment password')).toBeVisible();
    for (const label of ['Nickname', 'E-mail', 'Birthday', 'Mobile number', 'Invitation code']) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Captcha')).not.toBeInTheDocument();
  });

  it('offers a birthday from 1900 to the end of this year', async () => {
    await openRegister();
    const birthday = screen.getByLabelText('Birthday');
    expect(birthday).toHaveAttribute('type', 'date');
    expect(birthday).toHaveAttribute('min', '1900-01-01');
    expect(birthday).toHaveAttribute('max', `${new Date().getFullYear()}-12-31`);
  });

  it('checks the served rules and lists every password problem, comma-joined', async () => {
    const { user } = await openRegister(
      buildRegistrationSettings({ fields: { password: { pattern: '[A-Za-z0-9]+' } } }),
    );
    const username = screen.getByLabelText('Username');
    await user.type(username, 'ab');
    await user.tab();
    expect(username).toHaveAccessibleDescription('At least 4 characters');
    expect(username).toHaveAttribute('aria-invalid', 'true');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'a!');
    await user.tab();
    expect(password).toHaveAccessibleDescription('At least 8 characters, Wrong format');

    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(email).toHaveAccessibleDescription('email incorrect');
  });

  it('marks a filled valid field as good and leaves an empty optional one alone', async () => {
    const { user } = await openRegister();
    const nickname = screen.getByLabelText('Nickname');
    await user.type(nickname, 'Rahim');
    await user.tab();
    expect(nickname).not.toHaveAttribute('aria-invalid');
    expect(nickname.closest('[data-state]')).toHaveAttribute('data-state', 'valid');

    const email = screen.getByLabelText('E-mail');
    await user.click(email);
    await user.tab();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email.closest('[data-state]')).toBeNull();
  });

  it('needs the confirmation, and it must match the password', async () => {
    const { user } = await openRegister();
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    const confirm = screen.getByLabelText('Confirm password');
    await user.click(confirm);
    await user.tab();
    expect(confirm).toHaveAccessibleDescription('incorrect password');
    await user.type(confirm, 'Secret-pass-43');
    expect(confirm).toHaveAccessibleDescription('Confirmation password not matched');
    // Changing the password re-checks the confirmation.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-43');
    expect(confirm).not.toHaveAttribute('aria-invalid');
  });

  it('shows and hides the password with a pressed toggle', async () => {
    const { user } = await openRegister();
    const password = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeVisible();
  });

  it('keeps Register disabled until the disclaimer is ticked', async () => {
    const { user } = await openRegister();
    expect(registerButton()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    expect(registerButton()).toBeEnabled();
  });

  it('focuses the first invalid field on submit and sends nothing', async () => {
    const { user, api } = await openRegister();
    await user.type(screen.getByLabelText('Username'), 'player7');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(registerButton());
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('Captcha')).toHaveAccessibleDescription('enter a captcha');
    expect(api.calls('/wps/member/register')).toHaveLength(0);
  });

  it('checks the username while typing, once, 500 ms after the last key', async () => {
    const { user, api } = await openRegister(buildRegistrationSettings(), {
      '/wps/check/username': ((url) =>
        ok({ available: url.searchParams.get('username') !== 'taken1' })) satisfies MockHandler,
    });
    const username = screen.getByLabelText('Username');
    await user.type(username, 'player7');
    expect(api.calls('/wps/check/username')).toHaveLength(0);
    expect(await screen.findByText('This username is available')).toBeVisible();
    expect(api.calls('/wps/check/username').map((url) => url.searchParams.get('username'))).toEqual(
      ['player7'],
    );

    await user.clear(username);
    await user.type(username, 'taken1');
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription('Sorry, the username already exists'),
    );
  });

  it('checks the invitation code before registering; a bad one is shown and focused', async () => {
    const { user, api } = await openRegister(buildRegistrationSettings(), {
      '/wps/member/affiliate/check': failure(400, 'affiliate.invalid', 'Invalid invitation code'),
    });
    await fillValidUsernameForm(user);
    await user.type(screen.getByLabelText('Invitation code'), 'BAD1');
    await user.click(registerButton());

    const code = screen.getByLabelText('Invitation code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleDescription('Invalid invitation code');
    expect(api.calls('/wps/member/affiliate/check')[0]?.searchParams.get('code')).toBe('BAD1');
    expect(api.calls('/wps/member/register')).toHaveLength(0);
  });

  it("pre-fills the domain's invitation code, read-only", async () => {
    await openRegister(buildRegistrationSettings(), {
      '/wps/member/affiliate': ok({ code: 'AGENT7' }),
    });
    const code = screen.getByLabelText('Invitation code');
    expect(code).toHaveValue('AGENT7');
    expect(code).toHaveAttribute('readonly');
  });

  it('registers with a sealed body and logs the player in', async () => {
    let sent: Record<string, unknown> = {};
    const { user, pathname } = await openRegister(buildRegistrationSettings(), {
      '/wps/member/register': ((_url, init) => {
        sent = openSealed(init);
        return ok(buildLoginResult({ userName: 'player7', lastLoginAt: null }));
      }) satisfies MockHandler,
    });
    await fillValidUsernameForm(user);
    await user.click(registerButton());

    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(sent).toMatchObject({
      username: 'player7',
      password: 'Secret-pass-42',
      confirmPassword: 'Secret-pass-42',
      captcha: '1234',
      captchaId: expect.stringMatching(/^captcha-/),
      registerMethod: 'H5',
      type: 0,
      domain: 'localhost',
      registerUrl: expect.stringMatching(/^http/),
    });
    expect(sent).not.toHaveProperty('email');
    expect(JSON.parse(sessionStorage.getItem('MC_SESSION_INFO') ?? '{}')).toMatchObject({
      token: 'new-token',
      userName: 'player7',
    });
    // A brand-new account is welcomed, not "welcomed back".
    expect(await screen.findByText('Welcome, player7')).toBeInTheDocument();
    expect(await within(screen.getByRole('banner')).findByText('player1')).toBeVisible();
  });

  it('asks one captcha on the mobile method: the one before the SMS code, none on the form', async () => {
    let sent: Record<string, unknown> = {};
    const { user, api, pathname } = await openRegister(
      buildRegistrationSettings({ methods: { username: false, mobile: true } }),
      {
        '/wps/verification/sms/register': ok({ expirationTime: Date.now() + 60_000 }),
        '/wps/member/register/mobile': ((_url, init) => {
          sent = openSealed(init);
          return ok(buildLoginResult({ userName: 'luckytiger27', lastLoginAt: null }));
        }) satisfies MockHandler,
      },
    );
    expect(screen.queryByLabelText('Captcha')).not.toBeInTheDocument();
    expect(api.calls('/wps/captcha')).toHaveLength(0);

    // step: the code is sent after the one captcha, in its dialog
    await user.type(screen.getByLabelText('Mobile number'), '1712345678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    const check = await screen.findByRole('dialog');
    await user.type(within(check).getByLabelText('Captcha'), '1234');
    await user.click(within(check).getByRole('button', { name: /code/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/wps/captcha')).toHaveLength(1);

    // step: the form has no second captcha; it registers with the code
    await user.type(screen.getByLabelText('SMS code'), '123456');
    await user.type(screen.getByLabelText('Password'), 'Secret-pass-42');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret-pass-42');
    await user.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await user.click(registerButton());
    await waitFor(() => expect(pathname()).toBe('/m/home'));
    expect(sent).toMatchObject({ mobileNum: '1712345678', verificationCode: '123456' });
    expect(sent).not.toHaveProperty('captcha');
    expect(api.calls('/wps/captcha')).toHaveLength(1);
    // step: the new player is welcomed by the name made for them, and told it may change once
    expect(
      await screen.findByText(
        'Welcome, luckytiger27! This is your username; you can change it once in My account.',
      ),
    ).toBeInTheDocument();
    // A long journey through two forms: more time than one field's check on a busy machine.
  }, 20_000);

  it('shows the terms over the form from a link beside the disclaimer, keeping what was typed', async () => {
    const { user, pathname } = await openRegister();
    await user.type(screen.getByLabelText('Username'), 'player7');
    await user.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(terms).getByText(/One account per person/)).toBeVisible();
    expect(within(terms).getByText(/18 or older to open an account/)).toBeVisible();

    await user.click(within(terms).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(pathname()).toBe('/m/register');
    expect(screen.getByLabelText('Username')).toHaveValue('player7');
  });

  it("shows the server's field errors under their fields and renews the spent captcha", async () => {
    const { user, api } = await openRegister(buildRegistrationSettings(), {
      '/wps/member/register': failure(400, 'validation.invalid', 'Please check', {
        fields: { password: ['This password is too common, choose another'] },
      }),
    });
    await fillValidUsernameForm(user);
    const captchasBefore = api.calls('/wps/captcha').length;
    await user.click(registerButton());

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAccessibleDescription('This password is too common, choose another');
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
    await waitFor(() => expect(api.calls('/wps/captcha').length).toBe(captchasBefore + 1));
  });

  it('re-checks the rules in the new language 200 ms after a switch', async () => {
    const { user } = await openRegister();
    const username = screen.getByLabelText('Username');
    await user.type(username, 'ab');
    await user.tab();
    expect(username).toHaveAccessibleDescription('At least 4 characters');

    await act(() => changeLanguage('BN'));
    const renamed = screen.getByLabelText('ব্যবহারকারীর নাম');
    // The messages follow after the debounce, not at once.
    expect(renamed).toHaveAccessibleDescription('At least 4 characters');
    await waitFor(() => expect(renamed).toHaveAccessibleDescription('কমপক্ষে ৪ অক্ষর'));
  });

  it('shows the registration banners of the language (m_reg_{language}) above the form', async () => {
    await changeLanguage('EN');
    const { api } = await openRegister(buildRegistrationSettings(), {
      '/wps/announcement': ok(
        buildAnnouncements({
          banners: [buildBanner(7, { groupName: 'm_reg_EN', title: 'Join today' })],
        }),
      ),
    });
    expect(await screen.findByRole('img', { name: 'Join today' })).toBeVisible();
    const call = api.calls('/wps/announcement')[0]!;
    expect(call.searchParams.get('groupName')).toBe('m_reg_EN');
  });

  it('still offers the form when the registration banners cannot load', async () => {
    await changeLanguage('EN');
    await openRegister(buildRegistrationSettings(), {
      '/wps/announcement': failure(500, 'server.error', 'x'),
    });
    expect(registerButton()).toBeVisible();
    expect(screen.queryByRole('region', { name: /promotions|banners/i })).toBeNull();
  });

  it('names its controls in Bengali by default', async () => {
    await changeLanguage('BN');
    renderApp('/m/register', { api: accountsRoutes() });
    expect(await screen.findByRole('button', { name: 'নিবন্ধন করুন' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'ব্যবহারকারীর নাম দিয়ে' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'মোবাইল দিয়ে' })).toBeVisible();
    expect(screen.getByLabelText('পাসওয়ার্ড')).toBeVisible();
    expect(screen.getByLabelText('পাসওয়ার্ড নিশ্চিত করুন')).toBeVisible();
    expect(screen.getByLabelText('ক্যাপচা')).toBeVisible();
    expect(screen.getByLabelText('আমন্ত্রণ কোড')).toBeVisible();
    expect(screen.getByRole('button', { name: 'পাসওয়ার্ড দেখান' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'লগইন করুন' })).toHaveAttribute('href', '/m/login');
  });
});
