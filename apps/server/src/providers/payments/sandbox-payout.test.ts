/**
 * The sandbox payout gateway (play money): accepted at once, paid after its delay, failed for an
 * account ending in 0000, the same payout for the same reference, the same answer from another
 * process's instance, and down when told.
 */
import { describe, expect, it } from 'vitest';
import { GatewayUnavailable, type PayoutRequest } from './payment-gateway';
import { SandboxPayoutGateway } from './sandbox-payout';

const payout = (ourRef: string, account = '01712345678'): PayoutRequest => ({
  ourRef,
  amountMinor: 100_000n,
  currency: 'BDT',
  account,
  accountName: 'Karim Ahmed',
});

describe('sandbox payout gateway', () => {
  it('accepts a payout at once and reads it paid after its delay, in any process', async () => {
    let now = 1_000_000;
    const gateway = new SandboxPayoutGateway({ delayMs: 5_000, now: () => now });
    const sent = await gateway.send(payout('101'));
    expect(sent).toMatchObject({ state: 'processing', reason: null });
    expect((await gateway.query({ ref: sent.ref, ourRef: '101' })).state).toBe('processing');
    now += 5_000;
    const elsewhere = new SandboxPayoutGateway({ delayMs: 5_000, now: () => now });
    expect(await elsewhere.query({ ref: sent.ref, ourRef: '101' })).toMatchObject({
      ref: sent.ref,
      state: 'paid',
      raw: { playMoney: true },
    });
  });

  it('answers a repeated send with the first payout', async () => {
    const gateway = new SandboxPayoutGateway();
    const first = await gateway.send(payout('102'));
    const again = await gateway.send(payout('102'));
    expect(again.ref).toBe(first.ref);
  });

  it('fails a payout to an account ending in 0000', async () => {
    const gateway = new SandboxPayoutGateway();
    const sent = await gateway.send(payout('103', '01712340000'));
    expect(sent).toMatchObject({ state: 'failed', reason: 'no such wallet account' });
    expect((await new SandboxPayoutGateway().query({ ref: sent.ref, ourRef: '103' })).state).toBe(
      'failed',
    );
  });

  it('ends a payout on command and is down when told', async () => {
    const gateway = new SandboxPayoutGateway({ delayMs: Number.POSITIVE_INFINITY });
    const sent = await gateway.send(payout('104'));
    gateway.settle('104', 'failed', 'frozen');
    expect(await gateway.query({ ref: sent.ref, ourRef: '104' })).toMatchObject({
      state: 'failed',
      reason: 'frozen',
    });
    gateway.unavailable(1);
    await expect(gateway.send(payout('105'))).rejects.toBeInstanceOf(GatewayUnavailable);
    expect((await gateway.send(payout('105'))).state).toBe('processing');
  });
});
