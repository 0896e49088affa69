/**
 * Step-up on a new device (LOGINIPVERF3) through the API: who is asked, the code's rules (wrong
 * tries, expiry, single use, resend), trust after the code, the trusted devices list and its
 * removal, the inbox message, and the flag off. PGlite by default; Postgres and Redis when
 * DATABASE_URL and REDIS_URL are set.
 */
import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { members } from '../../db/schema/accounts';
import { inboxMessages } from '../../db/schema/inbox';
import {
  codeIn,
  createMember,
  latestOutbox,
  solvedCaptcha,
  withToken,
} from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { memberId } from '../withdrawals/withdrawals.fixtures';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

let t: TestApp;
const setFlag = (enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/api/flags/LOGINIPVERF3',
    headers: opsHeaders(),
    payload: { enabled },
  });

beforeAll(async () => {
  t = await createTestApp();
  expect((await setFlag(true)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Player {
  username: string;
  password: string;
  id: bigint;
  /** +8801… */
  phone: string;
}

/** A member with a bound mobile number (registered through the API, so no device trusted). */
async function player(contact: 'mobile' | 'email' | 'none' = 'mobile'): Promise<Player> {
  const made = await createMember(t.app);
  const id = await memberId(t.app, made.username);
  const mobileNum = `17${String(randomInt(10_000_000, 99_999_999))}`;
  if (contact === 'none') return { ...made, id, phone: '' };
  await t.app.database.db
    .update(members)
    .set(
      contact === 'mobile'
        ? { countryDialingCode: '+880', mobileNum }
        : contact === 'email'
          ? { email: `${made.username}@example.com` }
          : {},
    )
    .where(eq(members.id, id));
  return { ...made, id, phone: `+880${mobileNum}` };
}

interface From {
  device?: string;
  ip: string;
}

const headersOf = (from: From) => ({
  'user-agent': ANDROID_CHROME,
  ...(from.device && { 'x-device-id': from.device }),
});

const login = (p: Player, from: From) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login?language=EN',
    payload: { type: 'username', username: p.username, password: p.password },
    headers: headersOf(from),
    remoteAddress: from.ip,
  });

const confirm = (from: From, ticket: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/step-up?language=EN',
    payload: { ticket, code },
    headers: headersOf(from),
    remoteAddress: from.ip,
  });

const resend = (from: From, ticket: string) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/session/login/step-up/resend?language=EN',
    payload: { ticket },
    headers: headersOf(from),
    remoteAddress: from.ip,
  });

const trusted = (token: string, from: From) =>
  t.app.inject({
    url: '/wps/member/trusted-devices?language=EN',
    headers: { ...withToken(token), ...headersOf(from) },
    remoteAddress: from.ip,
  });

const newDevice = () => `dev-${randomInt(1e9, 9e9)}-${randomInt(1e9, 9e9)}`;

async function codeFor(p: Player) {
  return codeIn((await latestOutbox(t.app, p.phone))[0]?.body ?? '');
}

/** A login that meets the code; returns the challenge. */
async function challenged(p: Player, from: From) {
  const res = await login(p, from);
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ success: false, errorCode: 'login.stepUpRequired' });
  return res.json().data as { ticket: string; channel: string; destination: string };
}

/** A login from a new device, through its code: the session token. */
async function trustedLogin(p: Player, from: From) {
  const { ticket } = await challenged(p, from);
  const res = await confirm(from, ticket, await codeFor(p));
  expect(res.statusCode).toBe(200);
  return res.json().value.token as string;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a login from a new device and network', () => {
  it('is asked for a code sent by SMS, masked, and no session starts', async () => {
    const p = await player();
    const res = await login(p, { device: newDevice(), ip: '198.51.100.7' });
    expect(res.statusCode).toBe(403);
    const body = res.json();
    expect(body.message).toBe(
      'This device is new to your account: enter the code we have sent you',
    );
    expect(body.data).toMatchObject({
      channel: 'sms',
      destination: `+880 ${p.phone.slice(4, 6)}••••${p.phone.slice(-4)}`,
      ticket: expect.any(String),
    });
    expect(body.data.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(body).not.toHaveProperty('value');
    expect(await codeFor(p)).toMatch(/^\d{6}$/);
  });

  it('sends the code by e-mail to a member with no mobile', async () => {
    const p = await player('email');
    const data = await challenged(p, { device: newDevice(), ip: '198.51.100.8' });
    expect(data).toMatchObject({
      channel: 'email',
      destination: `${p.username[0]}•••@example.com`,
    });
    const [mail] = await latestOutbox(t.app, `${p.username}@example.com`);
    expect(mail?.subject).toMatch(/login code/);
  });

  it('lets a member with no mobile or e-mail in, trusts the device and says so in the inbox', async () => {
    const p = await player('none');
    const from = { device: newDevice(), ip: '198.51.100.9' };
    expect((await login(p, from)).statusCode).toBe(200);
    const topics = await t.app.database.db
      .select({ topic: inboxMessages.topic })
      .from(inboxMessages)
      .where(eq(inboxMessages.memberId, p.id));
    expect(topics.map((row) => row.topic)).toContain('security.newDeviceUnchecked');
    expect((await login(p, { ...from, ip: '192.0.2.200' })).statusCode).toBe(200);
  });
});

describe('every login kind', () => {
  it('an SMS-code login from a new device meets the step-up code too', async () => {
    const p = await player();
    const mobileNum = p.phone.slice(4);
    const from = { device: newDevice(), ip: '198.51.100.60' };
    const send = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: {
        mobileNum,
        countryDialingCode: '+880',
        moduleId: 'MOBILEVERCODELOGIN3',
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(send.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/session/login?language=EN',
      payload: {
        type: 'sms',
        countryDialingCode: '+880',
        mobileNum,
        verificationCode: await codeFor(p),
      },
      headers: headersOf(from),
      remoteAddress: from.ip,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('login.stepUpRequired');
    const confirmed = await confirm(from, res.json().data.ticket, await codeFor(p));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().value.userName).toBe(p.username);
  });
});

describe('POST /wps/session/login/step-up', () => {
  it('starts the session with the right code, trusts the device and writes the inbox message', async () => {
    const p = await player();
    const from = { device: newDevice(), ip: '203.0.113.10' };
    const token = await trustedLogin(p, from);
    expect(
      (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).statusCode,
    ).toBe(200);

    const [message] = await t.app.database.db
      .select({ params: inboxMessages.params })
      .from(inboxMessages)
      .where(and(eq(inboxMessages.memberId, p.id), eq(inboxMessages.topic, 'security.newDevice')));
    expect(message?.params).toMatchObject({ device: 'Chrome, Android', network: '203.0.113.•' });
    const inbox = await t.app.inject({
      url: '/wps/inbox?language=EN',
      headers: withToken(token),
    });
    expect(inbox.json().value.list[0]).toMatchObject({
      title: 'Login from a new device',
      body: expect.stringContaining('Chrome, Android, network 203.0.113.•'),
    });

    // The same device logs in again from anywhere without a code.
    expect((await login(p, from)).statusCode).toBe(200);
    expect((await login(p, { ...from, ip: '192.0.2.33' })).statusCode).toBe(200);
  });

  it('counts wrong codes, burns the code at the fifth, and a resend gives a new one', async () => {
    const p = await player();
    const from = { device: newDevice(), ip: '203.0.113.20' };
    const { ticket } = await challenged(p, from);
    const code = await codeFor(p);
    for (let left = 4; left >= 0; left -= 1) {
      const res = await confirm(from, ticket, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'verification.codeError',
        data: { field: 'code', triesLeft: left },
      });
    }
    expect((await confirm(from, ticket, code)).json().data.triesLeft).toBe(0);

    // Before the cooldown: 429; after it, a new code that works.
    expect((await resend(from, ticket)).statusCode).toBe(429);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect((await resend(from, ticket)).statusCode).toBe(200);
    const fresh = await codeFor(p);
    expect(fresh).not.toBe('');
    expect((await confirm(from, ticket, fresh)).statusCode).toBe(200);
  });

  it('takes a code once: the ticket is used up', async () => {
    const p = await player();
    const from = { device: newDevice(), ip: '203.0.113.30' };
    const { ticket } = await challenged(p, from);
    const code = await codeFor(p);
    expect((await confirm(from, ticket, code)).statusCode).toBe(200);
    const again = await confirm(from, ticket, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errorCode: 'login.stepUpExpired',
      message: 'This login check has expired, please log in again',
    });
  });

  it('refuses a code after its 10 minutes', async () => {
    const p = await player();
    const from = { device: newDevice(), ip: '203.0.113.40' };
    const { ticket } = await challenged(p, from);
    const code = await codeFor(p);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 10 * 60_000 + 1_000);
    const late = await confirm(from, ticket, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe('login.stepUpExpired');
  });

  it('refuses the ticket on another device', async () => {
    const p = await player();
    const from = { device: newDevice(), ip: '203.0.113.50' };
    const { ticket } = await challenged(p, from);
    const code = await codeFor(p);
    const other = await confirm({ device: newDevice(), ip: from.ip }, ticket, code);
    expect(other.json().errorCode).toBe('login.stepUpExpired');
  });

  it('checks its input', async () => {
    const res = await confirm({ ip: '203.0.113.51' }, 'short', '12');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('validation.invalid');
  });
});

describe('known devices and networks', () => {
  it('a new device on a network a trusted device uses is let in, but not trusted', async () => {
    const p = await player();
    const home = { device: newDevice(), ip: '192.0.2.10' };
    const token = await trustedLogin(p, home);
    expect((await login(p, { device: newDevice(), ip: '192.0.2.77' })).statusCode).toBe(200);
    const list = (await trusted(token, home)).json().value.list;
    expect(list).toHaveLength(1);
  });

  it('lists trusted devices with "this device"; removing one makes it ask again', async () => {
    const p = await player();
    const phone = { device: newDevice(), ip: '192.0.2.20' };
    const laptop = { device: newDevice(), ip: '2001:db8:85a3:1::5' };
    await trustedLogin(p, phone);
    const token = await trustedLogin(p, laptop);

    const res = await trusted(token, laptop);
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as Array<{
      id: string;
      current: boolean;
      network: string;
      device: unknown;
    }>;
    expect(list).toHaveLength(2);
    expect(list.find((row) => row.current)).toMatchObject({
      network: '2001:db8:85a3:•',
      device: { browser: 'Chrome', os: 'Android' },
    });
    const phoneRow = list.find((row) => !row.current)!;
    expect(phoneRow.network).toBe('192.0.2.•');

    // Another member cannot remove it; the owner can, once.
    const stranger = await createMember(t.app);
    const remove = (tok: string, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/wps/member/trusted-devices/${id}?language=EN`,
        headers: withToken(tok),
      });
    expect((await remove(stranger.token, phoneRow.id)).statusCode).toBe(404);
    expect((await remove(token, phoneRow.id)).statusCode).toBe(200);
    expect((await remove(token, phoneRow.id)).statusCode).toBe(404);
    expect((await trusted(token, laptop)).json().value.list).toHaveLength(1);

    // Its next login asks again, on its own network too.
    await challenged(p, phone);
  });

  it('asks for a session', async () => {
    expect((await t.app.inject({ url: '/wps/member/trusted-devices' })).statusCode).toBe(401);
  });
});

describe('with LOGINIPVERF3 off', () => {
  it('asks nothing and records nothing', async () => {
    const p = await player();
    expect((await setFlag(false)).statusCode).toBe(200);
    try {
      const res = await login(p, { device: newDevice(), ip: '198.18.0.1' });
      expect(res.statusCode).toBe(200);
      const list = (await trusted(res.json().value.token, { ip: '198.18.0.1' })).json().value.list;
      expect(list).toEqual([]);
    } finally {
      expect((await setFlag(true)).statusCode).toBe(200);
    }
  });
});

describe('choosing SMS or e-mail for the code', () => {
  /** A member with both a mobile number and an e-mail bound. */
  async function bothContacts() {
    const p = await player('mobile');
    const email = `${p.username}@example.com`;
    await t.app.database.db.update(members).set({ email }).where(eq(members.id, p.id));
    return { ...p, email };
  }
  const switchTo = (from: From, ticket: string, channel: string) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/session/login/step-up/resend?language=EN',
      payload: { ticket, channel },
      headers: headersOf(from),
      remoteAddress: from.ip,
    });

  it('offers the e-mail beside the mobile and sends the code there at once when chosen', async () => {
    const p = await bothContacts();
    const from = { device: newDevice(), ip: '198.51.100.71' };
    const challenge = (await challenged(p, from)) as unknown as {
      ticket: string;
      alternative: unknown;
    };
    expect(challenge).toMatchObject({
      channel: 'sms',
      alternative: { channel: 'email', destination: expect.stringContaining('@example.com') },
    });
    const res = await switchTo(from, challenge.ticket, 'email');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ channel: 'email', alternative: { channel: 'sms' } });
    const mail = (await latestOutbox(t.app, p.email))[0];
    const code = codeIn(`${mail?.subject ?? ''} ${mail?.body ?? ''}`);
    expect(code).toMatch(/^\d{6}$/);
    const done = await confirm(from, challenge.ticket, code);
    expect(done.statusCode).toBe(200);
    expect(done.json().value.token).toEqual(expect.any(String));
  });

  it('has no alternative with one contact, and refuses a channel the member has not', async () => {
    const p = await player('mobile');
    const from = { device: newDevice(), ip: '198.51.100.72' };
    const challenge = (await challenged(p, from)) as unknown as {
      ticket: string;
      alternative: unknown;
    };
    expect(challenge.alternative).toBeNull();
    const res = await switchTo(from, challenge.ticket, 'email');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('login.stepUpNoChannel');
    const bad = await switchTo(from, challenge.ticket, 'pigeon');
    expect(bad.statusCode).toBe(400);
  });
});
