import { ROUTES } from '@khela/contract/routes';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSystemStatus } from '../testing/factories';
import { ok } from '../testing/mock-api';
import { useSessionStore } from '../lib/session-store';
import { memberSession, renderApp } from '../testing/render-app';

describe('routes', () => {
  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html', '/m/no-such-page', '/elsewhere'])(
    'sends %s to the home page',
    async (path) => {
      const { pathname } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'হোম' })).toBeInTheDocument();
      expect(pathname()).toBe('/m/home');
    },
  );

  it('has a screen with its own title for every route of both specs', async () => {
    // Logged in, so the screens that need a session show too.
    const { router } = renderApp('/m/home', { session: memberSession() });
    await screen.findByRole('heading', { level: 1, name: 'হোম' });
    for (const route of ROUTES) {
      await router.navigate(route.path);
      expect(
        await screen.findByRole('heading', { level: 1, name: route.title.BN }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(route.path);
    }
    // Some 70 screens, each loaded for the first time: more than the default 5 s per test.
  }, 30_000);

  it('sends the reward centre home while its flag is off', async () => {
    const { pathname } = renderApp('/m/rewardCenter', {
      api: { '/wps/system/status': ok(buildSystemStatus({ flags: { REWCEN3: false } })) },
    });
    await waitFor(() => expect(pathname()).toBe('/m/home'));
  });

  it('names the document after the screen', async () => {
    renderApp('/m/help');
    await screen.findByRole('heading', { level: 1, name: 'সাহায্য' });
    await waitFor(() => expect(document.title).toBe('সাহায্য | Khela'));
  });

  describe('access from the route map, enforced by the router', () => {
    const memberScreens = ROUTES.filter(
      (route) => 'access' in route && !('visitorTo' in route) && !route.path.includes(':'),
    ).map((route) => route.path);

    it.each(memberScreens)('sends a visitor opening %s to login', async (path) => {
      const { pathname } = renderApp(path);
      await waitFor(() => expect(pathname()).toBe('/m/login'));
    });

    it('lets a member stay on a member screen', async () => {
      const { pathname } = renderApp('/m/withdraw', { session: memberSession() });
      expect(await screen.findByRole('heading', { level: 1, name: 'উত্তোলন' })).toBeInTheDocument();
      expect(pathname()).toBe('/m/withdraw');
      expect(screen.queryByText(/শুধু আসল অ্যাকাউন্টের জন্য/)).not.toBeInTheDocument();
    });

    it('offers a trial account registration on a screen for registered members', async () => {
      const { pathname } = renderApp('/m/withdraw', {
        session: memberSession({ type: 4 }), // a trial account
      });
      expect(await screen.findByText(/শুধু আসল অ্যাকাউন্টের জন্য/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'এখনই নিবন্ধন করুন' })).toHaveAttribute(
        'href',
        '/m/register',
      );
      expect(pathname()).toBe('/m/withdraw');
    });

    it('sends a visitor home from the change-password screen, as the map says', async () => {
      const { pathname } = renderApp('/m/changePsw');
      await waitFor(() => expect(pathname()).toBe('/m/home'));
    });

    it('sends a member to login after logging out on a member screen', async () => {
      const { pathname } = renderApp('/m/securityCenter', { session: memberSession() });
      await screen.findByRole('heading', { level: 1, name: 'নিরাপত্তা কেন্দ্র' });
      act(() => useSessionStore.getState().clearSession());
      await waitFor(() => expect(pathname()).toBe('/m/login'));
    });
  });
});
