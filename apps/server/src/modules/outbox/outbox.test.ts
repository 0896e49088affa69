/**
 * The outbox as a delivery queue, on the run's database (PGlite, or Postgres with DATABASE_URL):
 * retries with back-off, failures the operator sees, one sender per message with two workers on
 * one database, the per-recipient cap, expiry, and a restarted worker picking up the queue.
 * Time is the queue's own clock, moved by the test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { startHttpStandIn, type HttpStandIn } from '../../../test/http-stand-in';
import { freshDatabase, testConfig } from '../../../test/test-app';
import {
  DeliveryError,
  type MessageProvider,
  type OutgoingMessage,
} from '../../providers/messages/message-provider';
import { outboxOnly } from '../../providers/messages/outbox-only';
import { TwilioSms } from '../../providers/messages/twilio-sms';
import {
  MAX_ATTEMPTS,
  OutboxService,
  RATE_LIMIT,
  RATE_WINDOW_MS,
  retryPauseMs,
} from './outbox.service';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let standIn: HttpStandIn;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase(testConfig()));
  standIn = await startHttpStandIn(() => ({ status: 500, text: 'not set' }));
});
afterAll(async () => {
  await standIn.close();
  await database.close();
  await drop();
});

/** A clock the test moves; every queue in a test shares it. */
let clock = Date.now();
const now = () => clock;
const later = (ms: number) => (clock += ms);

/** A provider that records what it is given and answers as the test says. */
function recordingProvider(
  answer: (message: OutgoingMessage) => Promise<string | null> = async () => null,
) {
  const sent: OutgoingMessage[] = [];
  const provider: MessageProvider = {
    name: 'twilio',
    async send(message) {
      // Another sender's claim runs while this one waits, as a network call lets it.
      await new Promise((resolve) => setImmediate(resolve));
      const id = await answer(message);
      sent.push(message);
      return { providerMessageId: id };
    },
  };
  return { provider, sent };
}

const queue = (sms: MessageProvider, email: MessageProvider = outboxOnly) =>
  new OutboxService(database.db, { providers: { sms, email }, now });

let numberSeq = 0;
/** A number no other test uses, so the per-number cap of one test does not reach another. */
const newNumber = () =>
  `+88017${String(Date.now() % 1e6).padStart(6, '0')}${(numberSeq += 1) % 10}`;

const stateOf = async (outbox: OutboxService, to: string) => outbox.list({ to, limit: 50 });

afterEach(async () => {
  // Whatever a test left queued is settled so the next test's passes do not send it.
  await database.db.execute(`update outbox set state = 'failed' where state = 'queued'`);
});

describe('with no provider configured', () => {
  it('counts a message delivered where it lies, readable by the operator', async () => {
    const outbox = queue(outboxOnly);
    const to = newNumber();
    await outbox.send({ channel: 'sms', to, text: 'Your Khela verification code is 123456.' });
    await outbox.kick();
    const [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'sent',
      attempts: 1,
      provider: 'outbox',
      providerMessageId: null,
      body: 'Your Khela verification code is 123456.',
      nextAttemptAt: null,
    });
    expect(message!.sentAt).toBe(new Date(clock).toISOString());
  });
});

describe('retries', () => {
  const twilio = () =>
    new TwilioSms({
      baseUrl: standIn.url,
      accountSid: 'AC0123456789abcdef0123456789abcdef',
      authToken: 'token',
      from: '+15005550006',
      timeoutMs: 300,
    });

  it('a provider 5xx, then no answer: tried again after 15 s and 30 s, then sent', async () => {
    const outbox = queue(twilio());
    const to = newNumber();
    const answers = [
      { status: 503, json: { code: 20500, message: 'Internal Server Error', status: 503 } },
      'no answer' as const,
      { status: 201, json: { sid: 'SM0000000000000000000000000000000a', status: 'queued' } },
    ];
    standIn.answer = () => answers.shift()!;
    await outbox.send({ channel: 'sms', to, text: 'code 111111' });
    await outbox.kick();
    let [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'queued',
      attempts: 1,
      provider: 'twilio',
      lastError: 'HTTP 503: 20500 Internal Server Error',
      nextAttemptAt: new Date(clock + 15_000).toISOString(),
    });
    // Not before its time.
    later(14_000);
    await outbox.deliverDue();
    expect(
      standIn.requests.filter((r) => new URLSearchParams(r.body).get('To') === to),
    ).toHaveLength(1);
    later(1_000);
    await outbox.deliverDue();
    [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'queued',
      attempts: 2,
      lastError: 'unreachable: no answer in 0.3 s',
      nextAttemptAt: new Date(clock + 30_000).toISOString(),
    });
    later(30_000);
    await outbox.deliverDue();
    [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'sent',
      attempts: 3,
      providerMessageId: 'SM0000000000000000000000000000000a',
    });
  });

  it('a refused number fails at once, with Twilio’s code for the operator', async () => {
    const outbox = queue(twilio());
    const to = newNumber();
    standIn.answer = () => ({
      status: 400,
      json: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    });
    await outbox.send({ channel: 'sms', to, text: 'code 222222' });
    await outbox.kick();
    const [message] = await outbox.list({ to, state: 'failed', limit: 5 });
    expect(message).toMatchObject({
      attempts: 1,
      lastError: "HTTP 400: 21211 The 'To' number is not a valid phone number.",
      nextAttemptAt: null,
      sentAt: null,
    });
    expect((await outbox.outboxStats()).failedLastDay).toBeGreaterThanOrEqual(1);
  });

  it(`a provider that keeps failing: pauses double, and after ${MAX_ATTEMPTS} attempts the message fails`, async () => {
    const { provider } = recordingProvider(async () => {
      throw new DeliveryError('HTTP 500: down', false);
    });
    const outbox = queue(provider);
    const to = newNumber();
    await outbox.send({ channel: 'sms', to, text: 'code 333333' });
    await outbox.kick();
    const pauses: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      const [message] = await stateOf(outbox, to);
      expect(message).toMatchObject({ state: 'queued', attempts: attempt });
      const pause = Date.parse(message!.nextAttemptAt!) - clock;
      pauses.push(pause);
      later(pause);
      await outbox.deliverDue();
    }
    expect(pauses).toEqual([15_000, 30_000, 60_000, 120_000, 240_000]);
    expect(pauses).toEqual([1, 2, 3, 4, 5].map(retryPauseMs));
    const [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: 'HTTP 500: down',
      nextAttemptAt: null,
    });
  });

  it('a code that runs out while it waits is failed, never sent late', async () => {
    const failing = recordingProvider(async () => {
      throw new DeliveryError('HTTP 500: down', false);
    });
    const outbox = queue(failing.provider);
    const to = newNumber();
    await outbox.send({
      channel: 'sms',
      to,
      text: 'code 444444',
      expiresAt: new Date(clock + 20_000),
    });
    await outbox.kick();
    later(30_000);
    await outbox.deliverDue();
    const [message] = await stateOf(outbox, to);
    expect(message).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'expired before it could be sent (last error: HTTP 500: down)',
    });
  });
});

describe('one sender per message', () => {
  it('two workers on one database send each of 30 messages exactly once', async () => {
    const { provider, sent } = recordingProvider(async (message) => `id-${message.to}`);
    const first = queue(provider);
    const second = queue(provider);
    const numbers = Array.from({ length: 30 }, newNumber);
    for (const to of numbers)
      await first.enqueue(database.db, { channel: 'sms', to, text: `to ${to}` });
    await Promise.all([
      first.deliverDue(),
      second.deliverDue(),
      first.deliverDue(),
      second.deliverDue(),
    ]);
    expect(sent.map((message) => message.to).sort()).toEqual([...numbers].sort());
    for (const to of numbers) {
      const [message] = await stateOf(first, to);
      expect(message).toMatchObject({ state: 'sent', attempts: 1, providerMessageId: `id-${to}` });
    }
  });

  it('a worker that stopped mid-send: another takes the message once its claim runs out', async () => {
    const stuck = recordingProvider(() => new Promise<never>(() => {}));
    const crashed = queue(stuck.provider);
    const to = newNumber();
    await crashed.enqueue(database.db, { channel: 'sms', to, text: 'code 555555' });
    // Its send never ends; the test is over long before its deadline.
    crashed.deliverDue().catch(() => undefined);
    // Wait until the first worker holds it: attempts 1, queued.
    for (let i = 0; i < 50 && (await stateOf(crashed, to))[0]!.attempts === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const healthy = recordingProvider(async () => 'SM-after-restart');
    const restarted = queue(healthy.provider);
    await restarted.deliverDue();
    expect(healthy.sent).toHaveLength(0);
    later(60_000);
    await restarted.deliverDue();
    expect(healthy.sent.map((message) => message.to)).toEqual([to]);
    expect((await stateOf(restarted, to))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });
});

describe('per-recipient cap', () => {
  it(`holds back SMS past ${RATE_LIMIT.sms} per number in 10 minutes, then sends them`, async () => {
    const { provider, sent } = recordingProvider();
    const workers = Array.from({ length: 6 }, () => queue(provider));
    const first = workers[0]!;
    const to = newNumber();
    const other = newNumber();
    for (let i = 0; i < 20; i += 1) {
      await first.enqueue(database.db, { channel: 'sms', to, text: `code ${i}` });
    }
    await first.enqueue(database.db, { channel: 'sms', to: other, text: 'code other' });
    // Six workers at once cannot slip past the cap together.
    await Promise.all(workers.map((worker) => worker.deliverDue()));
    expect(sent.filter((message) => message.to === to)).toHaveLength(RATE_LIMIT.sms);
    expect(sent.filter((message) => message.to === other)).toHaveLength(1);
    const held = await first.list({ to, state: 'queued', limit: 50 });
    expect(held).toHaveLength(20 - RATE_LIMIT.sms);
    for (const message of held) {
      expect(message).toMatchObject({
        attempts: 0,
        lastError: 'held back: 5 SMS to this recipient in 10 minutes',
        nextAttemptAt: new Date(clock + RATE_WINDOW_MS).toISOString(),
      });
    }
    later(RATE_WINDOW_MS);
    await first.deliverDue();
    expect(sent.filter((message) => message.to === to)).toHaveLength(2 * RATE_LIMIT.sms);
  });

  it('counts e-mail on its own, with a cap of its own', async () => {
    const { provider: mail, sent } = recordingProvider();
    const outbox = queue(outboxOnly, mail);
    const address = `cap-${(numberSeq += 1)}@example.com`;
    for (let i = 0; i < RATE_LIMIT.email + 1; i += 1) {
      await outbox.enqueue(database.db, {
        channel: 'email',
        to: address,
        subject: 's',
        text: `t${i}`,
      });
    }
    await outbox.deliverDue();
    expect(sent).toHaveLength(RATE_LIMIT.email);
  });
});

describe('restarts', () => {
  it('a new worker picks up what the last one left queued, at its time', async () => {
    const down = recordingProvider(async () => {
      throw new DeliveryError('HTTP 502: bad gateway', false);
    });
    const before = queue(down.provider);
    before.start();
    const to = newNumber();
    await before.send({ channel: 'sms', to, text: 'code 666666' });
    await before.kick();
    await before.stop();
    expect((await stateOf(before, to))[0]).toMatchObject({ state: 'queued', attempts: 1 });
    // Stopped: a kick does nothing.
    later(15_000);
    await before.kick();
    expect(down.sent).toHaveLength(0);

    const up = recordingProvider(async () => 'SM-new-process');
    const after = queue(up.provider);
    after.start();
    await after.kick();
    await after.stop();
    expect(up.sent.map((message) => message.text)).toEqual(['code 666666']);
    expect((await stateOf(after, to))[0]).toMatchObject({
      state: 'sent',
      attempts: 2,
      providerMessageId: 'SM-new-process',
      lastError: 'HTTP 502: bad gateway',
    });
  });

  it('reports the queue’s depth and the age of its oldest message', async () => {
    const down = recordingProvider(async () => {
      throw new DeliveryError('HTTP 500: down', false);
    });
    const outbox = queue(down.provider);
    await outbox.send({ channel: 'sms', to: newNumber(), text: 'x' });
    await outbox.kick();
    later(45_000);
    const stats = await outbox.outboxStats();
    expect(stats.queued).toBe(1);
    expect(stats.oldestQueuedSeconds).toBeGreaterThanOrEqual(45);
  });
});
