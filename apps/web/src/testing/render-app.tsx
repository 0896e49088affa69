/**
 * Renders the whole app (router, lazy shell, providers) at a path, against the fake server,
 * the way a player would open it. Wait for something visible before asserting (screens load lazily).
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../app/router';
import { initialSessionState, useSessionStore, type SessionInfo } from '../lib/session-store';
import { STORAGE_KEYS } from '@khela/contract/constants';
import { mockApi, type MockRoutes } from './mock-api';

interface RenderAppOptions {
  api?: MockRoutes;
  /** More than one entry gives the page a history to go back to; the last one is shown. */
  history?: string[];
  session?: SessionInfo;
}

export function renderApp(path = '/m/home', options: RenderAppOptions = {}) {
  const api = mockApi(options.api);
  if (options.session) {
    sessionStorage.setItem(STORAGE_KEYS.sessionInfo, JSON.stringify(options.session));
  }
  useSessionStore.setState(initialSessionState());
  const entries = options.history ?? [path];
  const router = createMemoryRouter(appRoutes, {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, user, api, pathname: () => router.state.location.pathname };
}

export const memberSession = (overrides: Partial<SessionInfo> = {}): SessionInfo => ({
  token: 'test-token',
  merchantCode: 'KHELA',
  userName: 'player1',
  type: 0,
  firstTimeLogin: false,
  ...overrides,
});
