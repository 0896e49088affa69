/** Renders the whole console at an address, signed in as `role` (or signed out: null). */
import type { OperatorSession } from '@khela/contract/backoffice/operators';
import { ROLE_PERMISSIONS, type OperatorRole } from '@khela/contract/operators';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { createQueryClient } from '../lib/query-client';

export function sessionAs(
  role: OperatorRole,
  overrides: Partial<OperatorSession> = {},
): OperatorSession {
  return {
    operator: { id: '7', username: `${role}1`, role, permissions: [...ROLE_PERMISSIONS[role]] },
    csrfToken: 'csrf-123',
    mustChangePassword: false,
    ...overrides,
  };
}

export function renderConsole(path = '/ops/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  return render(
    <App
      queryClient={queryClient}
      createRouter={(routes, options) =>
        createMemoryRouter(routes, { ...options, initialEntries: [path] })
      }
    />,
  );
}
