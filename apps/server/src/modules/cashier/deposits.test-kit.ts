/** Helpers the deposit suites share: members, deposits, and notices signed as the sandbox signs. */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxNotice } from '@khela/contract/cashier';
import { createMember } from '../../../test/factories';

export const SANDBOX_SECRET = 'test-sandbox-secret-0123456789';

export async function memberWithId(app: FastifyInstance) {
  const member = await createMember(app);
  const session = await app.services.sessions.resolve(member.token);
  if (!session || session === 'expired') throw new Error('no session');
  return { ...member, memberId: session.memberId };
}

export async function startDeposit(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = { channelCode: 'BKASH', amountMinor: 100_000 },
  key: string = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: '/wps/wallet/deposits?language=EN',
    headers: { token, 'idempotency-key': key },
    payload: body,
  });
}

export function signedNotice(
  notice: SandboxNotice,
  secret = SANDBOX_SECRET,
  timestamp = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify(notice);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-sandbox-timestamp': String(timestamp),
      'x-sandbox-signature': `sha256=${digest}`,
    },
  };
}

export async function deliver(app: FastifyInstance, notice: SandboxNotice, secret?: string) {
  const { body, headers } = signedNotice(notice, secret);
  return app.inject({
    method: 'POST',
    url: '/payments/sandbox/notify?language=EN',
    headers,
    payload: body,
  });
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({ url: '/wps/member/wallet', headers: { token } });
  return res.json<{ value: { sumBalance: number } }>().value.sumBalance;
}
