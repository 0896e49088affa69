/** Factories for API tests: members made through the real registration call, and sign-in. */
import type { FastifyInstance } from 'fastify';
import { opsHeaders } from './test-app';

let counter = 0;
export const uniqueName = (prefix = 'player') =>
  `${prefix}${Date.now() % 100_000}${(counter += 1)}`;

export const STRONG_PASSWORD = 'Sundarban-Tiger-42';

/** A fresh captcha and its answer (tests run with OPS_CAPTCHA_PEEK on). */
export async function solvedCaptcha(app: FastifyInstance) {
  const { captchaId } = (await app.inject({ url: '/wps/captcha' })).json().value;
  const peek = await app.inject({ url: `/ops/api/captcha/${captchaId}`, headers: opsHeaders() });
  return { captchaId: captchaId as string, captcha: peek.json().value.answer as string };
}

export async function createMember(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{ username: string; password: string; token: string }> {
  const username = (fields.username as string | undefined) ?? uniqueName();
  const password = (fields.password as string | undefined) ?? STRONG_PASSWORD;
  const res = await app.inject({
    method: 'PUT',
    url: '/wps/member/register?language=EN',
    headers,
    payload: {
      username,
      password,
      confirmPassword: password,
      ...(await solvedCaptcha(app)),
      ...fields,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return { username, password, token: res.json().value.token };
}

export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress = '127.0.0.1',
) {
  return app.inject({
    method: 'POST',
    url: '/wps/session/login?language=EN',
    payload: { type: 'username', username, password, ...extra },
    remoteAddress,
  });
}

export const withToken = (token: string) => ({ token });

export async function latestOutbox(app: FastifyInstance, to: string) {
  const res = await app.inject({
    url: `/ops/api/outbox?to=${encodeURIComponent(to)}`,
    headers: opsHeaders(),
  });
  return res.json().value as Array<{ body: string; subject: string | null }>;
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
