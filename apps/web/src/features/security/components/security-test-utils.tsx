/** Test helpers: a security summary and a page that renders one security centre section. */
import { STORAGE_KEYS } from '@khela/contract/constants';
import type { SecuritySummary } from '@khela/contract/security';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Notifications } from '../../../components/notifications';
import { createQueryClient } from '../../../lib/query-client';
import { initialSessionState, useSessionStore } from '../../../lib/session-store';
import { mockApi, type MockRoutes } from '../../../testing/mock-api';
import { memberSession } from '../../../testing/render-app';

export const THIS_SESSION = '11111111-1111-4111-8111-111111111111';
export const PHONE_SESSION = '22222222-2222-4222-8222-222222222222';

export function buildSummary(overrides: Partial<SecuritySummary> = {}): SecuritySummary {
  return {
    paymentPasswordSet: false,
    mobile: '+880 17••••5678',
    email: 'r•••@example.com',
    loginHistory: [
      {
        at: '2026-03-02T10:00:00.000Z',
        ip: '203.0.113.•',
        device: { browser: 'Chrome', os: 'Android' },
        outcome: 'ok',
      },
      {
        at: '2026-03-01T09:00:00.000Z',
        ip: '198.51.100.•',
        device: { browser: null, os: null },
        outcome: 'fail',
      },
    ],
    sessions: [
      {
        id: THIS_SESSION,
        kind: 'member',
        createdAt: '2026-03-02T10:00:00.000Z',
        lastSeenAt: '2026-03-02T10:30:00.000Z',
        ip: '192.0.2.•',
        device: { browser: 'Firefox', os: 'Windows' },
        current: true,
      },
      {
        id: PHONE_SESSION,
        kind: 'member',
        createdAt: '2026-03-01T08:00:00.000Z',
        lastSeenAt: '2026-03-01T09:00:00.000Z',
        ip: '203.0.113.•',
        device: { browser: 'Chrome', os: 'Android' },
        current: false,
      },
    ],
    ...overrides,
  };
}

export function renderSection(ui: ReactNode, options: { api?: MockRoutes } = {}) {
  const api = mockApi(options.api);
  sessionStorage.setItem(STORAGE_KEYS.sessionInfo, JSON.stringify(memberSession()));
  useSessionStore.setState(initialSessionState());
  const router = createMemoryRouter(
    [
      { path: '/m/securityCenter', element: ui },
      { path: '/m/login', element: <h1>Login screen</h1> },
      { path: '/m/changePsw', element: <h1>Change password screen</h1> },
    ],
    { initialEntries: ['/m/securityCenter'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { api, router, user, pathname: () => router.state.location.pathname };
}
