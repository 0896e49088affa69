/**
 * Helpers the deposit suites share: members, deposits, notices signed as the sandbox signs, and
 * the player's choice on the sandbox's pay page (its local stand-in, test/stand-ins/sandbox.ts).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxNotice } from '@khela/contract/cashier';
import { createMember } from '../../../test/factories';
import { TEST_SANDBOX_SECRET } from '../../../test/stand-ins/sandbox';
import type { TestApp } from '../../../test/test-app';

export const SANDBOX_SECRET = TEST_SANDBOX_SECRET;

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

/**
 * The player approves or declines a payment on the sandbox's pay page: the sandbox records it and
 * POSTs its signed notice to the notify address the cashier gave it, as the partners app does.
 */
export async function sandboxDecision(
  t: Pick<TestApp, 'app' | 'sandbox'>,
  ref: string,
  decision: 'approve' | 'decline',
  changes: Partial<SandboxNotice> = {},
) {
  const notice = t.sandbox.decide(ref, decision === 'approve' ? 'paid' : 'failed', changes);
  const { pathname, search } = new URL(notice.notifyUrl);
  return t.app.inject({
    method: 'POST',
    url: `${pathname}${search}`,
    headers: notice.headers,
    payload: notice.body,
  });
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await app.inject({ url: '/wps/member/wallet', headers: { token } });
  return res.json<{ value: { sumBalance: number } }>().value.sumBalance;
}
