/**
 * Renders the whole app (router, lazy shell, providers) at a path, against the fake server,
 * the way a player would open it. Wait for something visible before asserting (screens load lazily).
 */
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
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

/**
 * A query that meets a server fault asks twice more, 1 s and then 2 s later (TanStack Query's
 * back-off under lib/query-client's retry rule), before the screen offers its retry button. With
 * fake timers on (`vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout',
 * 'clearTimeout'] })`), this waits for the first call, then runs the clock through the back-off
 * instead of waiting 3 s of real time.
 */
export async function runRetryBackOff(calls: () => number) {
  await waitFor(() => expect(calls()).toBeGreaterThan(0));
  await act(() => vi.advanceTimersByTimeAsync(1_000));
  await waitFor(() => expect(calls()).toBeGreaterThan(1));
  await act(() => vi.advanceTimersByTimeAsync(2_000));
}
