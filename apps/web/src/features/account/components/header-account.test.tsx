import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { accountsRoutes } from '../../../testing/accounts';
import { jsonBody } from '../../../testing/fake-crypto';
import {
  failure,
  ok,
  requestUrl,
  type MockHandler,
  type MockRoutes,
} from '../../../testing/mock-api';
import { memberSession, renderApp } from '../../../testing/render-app';

const memberInfo = (overrides: Record<string, unknown> = {}) =>
  ok({
    id: '7',
    nickname: 'Rahim Bhai',
    account: 'rahim',
    regDate: '2026-01-01T00:00:00.000Z',
    toUpline: null,
    type: 0,
    clubLabel: { labelName: 'VIP3' },
    lastLoginAt: null,
    ...overrides,
  });

async function openAsMember(api: MockRoutes = {}) {
  const view = renderApp('/m/home', {
    api: { ...accountsRoutes(), '/wps/member/info': memberInfo(), ...api },
    session: memberSession({ userName: 'rahim' }),
  });
  const banner = within(await screen.findByRole('banner'));
  return { ...view, banner };
}

describe('header account area', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('shows the rank, the nickname and the balance with 2 decimals', async () => {
    const { banner } = await openAsMember({ '/wps/member/wallet': ok({ sumBalance: 1234.5 }) });
    expect(await banner.findByText('Rahim Bhai')).toBeVisible();
    expect(banner.getByText('VIP3')).toBeVisible();
    expect(await banner.findByText('৳1,234.50')).toBeVisible();
    expect(banner.getByRole('link', { name: 'Deposit' })).toHaveAttribute(
      'href',
      '/m/voucherCenter',
    );
    expect(banner.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(banner.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows the bonus part beneath the total while there is one, hidden with it', async () => {
    const { banner, user } = await openAsMember({
      '/wps/member/wallet': ok({ sumBalance: 1700, cashBalance: 500, bonusBalance: 1200 }),
    });
    expect(await banner.findByText('৳1,700.00')).toBeVisible();
    expect(banner.getByText('Bonus ৳1,200.00')).toBeVisible();
    await user.click(banner.getByRole('button', { name: 'Hide balance' }));
    expect(banner.queryByText('Bonus ৳1,200.00')).not.toBeInTheDocument();
  });

  it('shows no bonus line without a bonus balance, in Bengali too', async () => {
    await changeLanguage('BN');
    const { banner } = await openAsMember({
      '/wps/member/wallet': ok({ sumBalance: 50, cashBalance: 50, bonusBalance: 0 }),
    });
    expect(await banner.findByText('৳৫০.০০')).toBeVisible();
    expect(banner.queryByText(/বোনাস/)).not.toBeInTheDocument();
  });

  it('falls back to the account name and VIP0', async () => {
    const { banner } = await openAsMember({
      '/wps/member/info': memberInfo({ nickname: null, clubLabel: null }),
    });
    expect(await banner.findByText('rahim')).toBeVisible();
    expect(banner.getByText('VIP0')).toBeVisible();
  });

  it('renews the VIP badge when the balance moves, and tells the member of a step up', async () => {
    let balance = 10;
    const renewals: unknown[] = [];
    const { user, banner } = await openAsMember({
      '/wps/member/info': memberInfo({ clubLabel: { labelName: 'VIP0', labelId: 0 } }),
      '/wps/member/wallet': (() => ok({ sumBalance: balance })) satisfies MockHandler,
      '/wps/member/vip/renewal': ((_url, init) => {
        renewals.push(jsonBody(init));
        return ok({
          clubLabel: { labelName: 'VIP1', labelId: 1 },
          labelId: 1,
          changed: true,
          upgraded: true,
        });
      }) satisfies MockHandler,
    });
    expect(await banner.findByText('৳10.00')).toBeVisible();
    expect(banner.getByText('VIP0')).toBeVisible();
    // The first figure comes with the level already in member info: no renewal yet.
    expect(renewals).toEqual([]);

    balance = 1010;
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refresh balance' }));
    expect(await banner.findByText('৳1,010.00')).toBeVisible();
    expect(await banner.findByText('VIP1')).toBeVisible();
    expect(renewals).toEqual([{ knownLabelId: 0 }]);
    expect(await screen.findByText('You are now VIP1. Congratulations!')).toBeVisible();
  });

  it('keeps the badge when the renewal finds the same level', async () => {
    let balance = 10;
    const { user, banner, api } = await openAsMember({
      '/wps/member/info': memberInfo({ clubLabel: { labelName: 'VIP3', labelId: 3 } }),
      '/wps/member/wallet': (() => ok({ sumBalance: balance })) satisfies MockHandler,
      '/wps/member/vip/renewal': ok({
        clubLabel: { labelName: 'VIP3', labelId: 3 },
        labelId: 3,
        changed: false,
        upgraded: false,
      }),
    });
    expect(await banner.findByText('৳10.00')).toBeVisible();
    balance = 5;
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refresh balance' }));
    expect(await banner.findByText('৳5.00')).toBeVisible();
    await waitFor(() => expect(api.calls('/wps/member/vip/renewal')).toHaveLength(1));
    expect(banner.getByText('VIP3')).toBeVisible();
    expect(screen.queryByText(/Congratulations/)).not.toBeInTheDocument();
  });

  it('labels a trial account as trial, in place of the VIP level', async () => {
    renderApp('/m/home', {
      api: {
        ...accountsRoutes(),
        '/wps/member/info': failure(403, 'member.trialForbidden', 'Please login an actual account'),
        '/wps/member/wallet': ok({ sumBalance: 2000 }),
      },
      session: memberSession({ userName: 'guest12345678', type: 4 }),
    });
    const banner = within(await screen.findByRole('banner'));
    expect(await banner.findByText('Trial')).toBeVisible();
    expect(banner.getByText('guest12345678')).toBeVisible();
    expect(banner.queryByText('VIP0')).not.toBeInTheDocument();
  });

  it('shows a long name cut on screen but whole to whoever asks for it', async () => {
    const { banner } = await openAsMember({
      '/wps/member/info': memberInfo({ nickname: null, account: 'm8801812345678ab' }),
    });
    const name = await banner.findByText('m8801812345678ab');
    expect(name).toHaveAttribute('title', 'm8801812345678ab');
    expect(banner.getByText('VIP3')).toBeVisible();
  });

  it('hides the balance behind asterisks and shows it again', async () => {
    const { user, banner } = await openAsMember({ '/wps/member/wallet': ok({ sumBalance: 50 }) });
    expect(await banner.findByText('৳50.00')).toBeVisible();
    const toggle = banner.getByRole('button', { name: 'Hide balance' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(banner.queryByText('৳50.00')).not.toBeInTheDocument();
    expect(banner.getByText('****')).toBeVisible();
    expect(useSessionStore.getState().hideBalance).toBe(true);

    // The menu offers the same switch.
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Show balance' }));
    expect(await banner.findByText('৳50.00')).toBeVisible();
  });

  it('masks the balance while refreshing it from the menu', async () => {
    let balance = 10;
    let release: () => void = () => undefined;
    const { user, banner, api } = await openAsMember({
      '/wps/member/wallet': (() => ok({ sumBalance: balance })) satisfies MockHandler,
    });
    expect(await banner.findByText('৳10.00')).toBeVisible();
    balance = 25;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (requestUrl(input).pathname === '/wps/member/wallet') await gate;
      return slow(input, init);
    });
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refresh balance' }));
    expect(await banner.findByText('****')).toBeVisible();
    release();
    expect(await banner.findByText('৳25.00')).toBeVisible();
    // The refresh reads past the server's balance cache.
    expect(api.calls('/wps/member/wallet').at(-1)?.searchParams.get('refresh')).toBe('1');
  });

  it('offers deposit, withdraw, refresh, show/hide balance, feedback, language and logout', async () => {
    const { user, banner } = await openAsMember();
    const button = banner.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = within(screen.getByRole('menu', { name: 'Account menu' }));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Deposit',
      'Withdraw',
      'Refresh balance',
      'Hide balance',
      'Feedback',
      'Log out',
    ]);
    expect(menu.getByRole('menuitem', { name: 'Feedback' })).toHaveAttribute('href', '/m/feedback');
    expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(menu.getAllByRole('menuitem')[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Withdraw' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('menuitemradio', { name: 'বাংলা' }));
    expect(await banner.findByRole('button', { name: 'অ্যাকাউন্ট মেনু' })).toBeVisible();
  });

  it('logs out after a confirm: token revoked, session cleared, autoLogin 0, home', async () => {
    const { user, banner, api, pathname, router } = await openAsMember({
      '/wps/session/logout': ok({}),
    });
    await router.navigate('/m/help');
    await screen.findByRole('heading', { level: 1, name: 'Help' });
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(pathname()).toBe('/m/home'));
    const logout = api.fetchMock.mock.calls.find(
      ([input]) => requestUrl(input).pathname === '/wps/session/logout',
    );
    expect(logout?.[1]?.method).toBe('DELETE');
    expect(new Headers(logout?.[1]?.headers).get('token')).toBe('test-token');
    expect(sessionStorage.getItem('MC_SESSION_INFO')).toBeNull();
    expect(localStorage.getItem('autoLogin')).toBe('0');
    expect(await banner.findByRole('link', { name: 'Login' })).toBeVisible();
    expect(banner.queryByText('rahim')).not.toBeInTheDocument();
  });

  it('cancels the logout', async () => {
    const { user, banner, api } = await openAsMember();
    await user.click(banner.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Log out?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(api.calls('/wps/session/logout')).toHaveLength(0);
    expect(sessionStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
  });

  it('gives a visitor the menu without balance or logout; refresh goes to login', async () => {
    const { user, pathname } = renderApp('/m/home', { api: accountsRoutes() });
    const banner = within(await screen.findByRole('banner'));
    await user.click(await banner.findByRole('button', { name: 'Account menu' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Deposit',
      'Withdraw',
      'Refresh balance',
      'Feedback',
    ]);
    await user.click(menu.getByRole('menuitem', { name: 'Refresh balance' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('says while its menu is open, so an operator popup waits (closed by Escape, it says so)', async () => {
    const { user } = renderApp('/m/home', { api: accountsRoutes() });
    const banner = within(await screen.findByRole('banner'));
    expect(useSessionStore.getState().menuOpen).toBe(false);
    await user.click(await banner.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toBeVisible();
    expect(useSessionStore.getState().menuOpen).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(useSessionStore.getState().menuOpen).toBe(false);
  });
});
