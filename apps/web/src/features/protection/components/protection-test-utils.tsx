/** Test helpers: a protection overview and a page that renders one protection component. */
import { STORAGE_KEYS } from '@khela/contract/constants';
import type { Protection } from '@khela/contract/protection';
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

const noLimits = () =>
  (['day', 'week', 'month'] as const).map((period) => ({
    period,
    amountMinor: null,
    pending: null,
    usedMinor: 0,
    remainingMinor: null,
  }));

export function buildProtection(overrides: Partial<Protection> = {}): Protection {
  return {
    currency: 'BDT',
    depositLimits: noLimits(),
    remaining: null,
    lossLimits: noLimits(),
    lossRemaining: null,
    exclusion: null,
    realityCheckMinutes: null,
    session: {
      startedAt: new Date(Date.now() - 72 * 60_000).toISOString(),
      restricted: false,
      netResultMinor: 0,
    },
    ...overrides,
  };
}

export function renderWithSession(
  ui: ReactNode,
  options: { api?: MockRoutes; user?: Parameters<typeof userEvent.setup>[0] } = {},
) {
  const api = mockApi(options.api);
  sessionStorage.setItem(STORAGE_KEYS.sessionInfo, JSON.stringify(memberSession()));
  useSessionStore.setState(initialSessionState());
  const router = createMemoryRouter(
    [
      { path: '/m/responsibleGaming', element: ui },
      { path: '/m/login', element: <h1>Login screen</h1> },
    ],
    { initialEntries: ['/m/responsibleGaming'] },
  );
  const user = userEvent.setup(options.user);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Notifications />
    </QueryClientProvider>,
  );
  return { api, router, user, pathname: () => router.state.location.pathname };
}
