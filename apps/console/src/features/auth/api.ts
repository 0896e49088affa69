/** Signing in and out of the console, and the forced password change. */
import {
  OPS_AUTH_PATHS,
  OperatorSessionSchema,
  type ChangeOperatorPasswordBody,
  type OperatorLoginBody,
  type OperatorSession,
} from '@khela/contract/backoffice/operators';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, setCsrfToken } from '../../lib/api';

export const SESSION_KEY = ['ops', 'session'] as const;

/** The session, or null when signed out (401). */
export async function getSession(): Promise<OperatorSession | null> {
  try {
    const session = await api.get(OPS_AUTH_PATHS.me, { parse: OperatorSessionSchema });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setCsrfToken(undefined);
      return null;
    }
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: SESSION_KEY, queryFn: getSession, staleTime: Infinity, retry: false });

export async function login(body: OperatorLoginBody): Promise<OperatorSession> {
  const session = await api.post(OPS_AUTH_PATHS.login, body, { parse: OperatorSessionSchema });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function logout(): Promise<void> {
  try {
    await api.post(OPS_AUTH_PATHS.logout);
  } finally {
    setCsrfToken(undefined);
  }
}

export const changePassword = (body: ChangeOperatorPasswordBody) =>
  api.post(OPS_AUTH_PATHS.password, body);
