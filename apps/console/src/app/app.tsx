/**
 * The console's root: signed out → login; on the one-time password → change it; otherwise the
 * shell and its screens. A 401 from any call (the session ended) brings the login back.
 */
import {
  QueryClientProvider,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { LoadState } from '../components/load-state';
import { ChangePasswordScreen } from '../features/auth/components/change-password-screen';
import { LoginScreen } from '../features/auth/components/login-screen';
import { SESSION_KEY, sessionQueryOptions } from '../features/auth/api';
import { onUnauthorized } from '../lib/api';
import { SessionProvider } from '../lib/session';
import { BASENAME, ROUTES } from './router';

type CreateRouter = (
  routes: typeof ROUTES,
  options: { basename: string },
) => ReturnType<typeof createBrowserRouter>;

function Gate({ createRouter }: { createRouter: CreateRouter }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  useEffect(
    () =>
      onUnauthorized(() => {
        if (queryClient.getQueryData(SESSION_KEY)) queryClient.setQueryData(SESSION_KEY, null);
      }),
    [queryClient],
  );
  const signedIn = Boolean(session.data && !session.data.mustChangePassword);
  // One router for the signed-in time, so screens keep their place while data reloads.
  const router = useMemo(
    () => (signedIn ? createRouter(ROUTES, { basename: BASENAME }) : null),
    [signedIn, createRouter],
  );
  return (
    <LoadState
      isPending={session.isPending}
      error={session.error}
      onRetry={() => void session.refetch()}
    >
      {!session.data ? (
        <LoginScreen />
      ) : session.data.mustChangePassword ? (
        <ChangePasswordScreen />
      ) : (
        router && (
          <SessionProvider session={session.data}>
            <RouterProvider router={router} />
          </SessionProvider>
        )
      )}
    </LoadState>
  );
}

export function App({
  queryClient,
  createRouter,
}: {
  queryClient: QueryClient;
  createRouter: CreateRouter;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Gate createRouter={createRouter} />
    </QueryClientProvider>
  );
}
