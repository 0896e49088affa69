/**
 * For tests: a named operator of a role, signed in to the console (cookie and CSRF token), with
 * its one-time password already changed. Each call makes a new operator (a TOTP code is good
 * once, so one operator signs in once per 30-second step).
 */
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  OPS_AUTH_PATHS,
  OPS_SESSION_COOKIE,
  type OperatorCredentials,
} from '@khela/contract/backoffice/operators';
import type { OperatorRole } from '@khela/contract/operators';
import { TEST_OPS_TOKEN } from '../../../test/test-app';
import { totpCode } from './totp';

export const TEST_OPERATOR_PASSWORD = 'console-passphrase-2026';

export interface SignedInOperator {
  id: string;
  username: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
  csrfToken: string;
  /** The session cookie as a request sends it: `khela_ops=…`. */
  cookie: string;
  /** Headers of a console call: the cookie and the CSRF token. */
  headers: Record<string, string>;
}

let made = 0;

/** Creates an operator with the automation token; answers its one-time credentials. */
export async function createOperator(
  app: FastifyInstance,
  role: OperatorRole,
  username = `op${role}${(made += 1)}`,
): Promise<OperatorCredentials> {
  const res = await app.inject({
    method: 'POST',
    url: '/ops/api/operators',
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    payload: { username, role },
  });
  if (res.statusCode !== 200) throw new Error(`creating operator: ${res.body}`);
  return res.json<{ value: OperatorCredentials }>().value;
}

/** The `khela_ops=…` pair of a response's Set-Cookie. */
export function sessionCookieFrom(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith(`${OPS_SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie');
  return header.split(';')[0]!;
}

export async function loginOperator(
  app: FastifyInstance,
  credentials: { username: string; password: string; totpSecret: string },
  at = Date.now(),
) {
  return app.inject({
    method: 'POST',
    url: OPS_AUTH_PATHS.login,
    payload: {
      username: credentials.username,
      password: credentials.password,
      totp: totpCode(credentials.totpSecret, at),
    },
  });
}

export async function signInOperator(
  app: FastifyInstance,
  role: OperatorRole,
  username?: string,
): Promise<SignedInOperator> {
  const credentials = await createOperator(app, role, username);
  const login = await loginOperator(app, credentials);
  if (login.statusCode !== 200) throw new Error(`signing in: ${login.body}`);
  const cookie = sessionCookieFrom(login.headers['set-cookie']);
  const { csrfToken, operator } = login.json<{
    value: { csrfToken: string; operator: { id: string } };
  }>().value;
  const headers = { cookie, [CSRF_HEADER]: csrfToken };
  const changed = await app.inject({
    method: 'POST',
    url: OPS_AUTH_PATHS.password,
    headers,
    payload: { current: credentials.password, next: TEST_OPERATOR_PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`changing password: ${changed.body}`);
  return {
    id: operator.id,
    username: credentials.username,
    role,
    password: TEST_OPERATOR_PASSWORD,
    totpSecret: credentials.totpSecret,
    csrfToken,
    cookie,
    headers,
  };
}
