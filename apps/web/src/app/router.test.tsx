import { ROUTES } from '@khela/contract/routes';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSystemStatus } from '../testing/factories';
import { ok } from '../testing/mock-api';
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
});
