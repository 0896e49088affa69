import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';
import { createMember, solvedCaptcha, uniqueName, withToken } from '../../../test/factories';
import {
  signInAtProvider,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../../test/local-oidc-provider';
import { telegramHash } from './telegram-auth';

const SITE = 'http://khela.test';
const RETURN = `${SITE}/m/social/google`;
const BOT_TOKEN = '123456789:AAHk-test-bot-token-0123456789abcdef';

let t: TestApp;
let idp: LocalOidcProvider;

beforeAll(async () => {
  idp = await startLocalOidcProvider({ redirectUris: [RETURN] });
  t = await createTestApp({
    publicUrl: SITE,
    social: {
      google: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      facebook: undefined,
      telegram: { botToken: BOT_TOKEN, botName: 'khela_test_bot', maxAgeSeconds: 86_400 },
    },
  });
  for (const flag of ['GOOGLELOGIN3', 'TELEGRAMLOGIN3']) await setFlag(flag, true);
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

function setFlag(name: string, enabled: boolean) {
  return t.app.inject({
    method: 'PUT',
    url: `/ops/api/flags/${name}`,
    headers: opsHeaders(),
    payload: { enabled },
  });
}

async function start(language = 'EN') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/social/google/start?language=${language}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.authorizationUrl as string;
}

/** What the site's return page sends: the provider's query as it came. */
function callback(returned: URL, language = 'EN') {
  return t.app.inject({
    method: 'POST',
    url: `/wps/social/google/callback?language=${language}`,
    payload: Object.fromEntries(returned.searchParams),
  });
}

async function providerReturn(login: string, options: { refuse?: boolean; url?: string } = {}) {
  return signInAtProvider(options.url ?? (await start()), {
    login,
    refuse: options.refuse,
    returnPrefix: SITE,
  });
}

const memberInfo = async (token: string) =>
  (await t.app.inject({ url: '/wps/member/info', headers: withToken(token) })).json().value;

describe('which social logins are offered', () => {
  it('shows a provider only with its flag on and its configuration present', async () => {
    const on = (await t.app.inject({ url: '/wps/social/providers' })).json().value;
    expect(on).toEqual({ google: true, facebook: false, telegram: { botName: 'khela_test_bot' } });
    await setFlag('FACEBOOKLOGIN3', true);
    // Facebook's flag is on but it has no issuer configured: no button, and a clear refusal.
    expect((await t.app.inject({ url: '/wps/social/providers' })).json().value.facebook).toBe(
      false,
    );
    const facebook = await t.app.inject({
      method: 'POST',
      url: '/wps/social/facebook/start?language=EN',
    });
    expect(facebook.statusCode).toBe(404);
    expect(facebook.json()).toMatchObject({
      errorCode: 'social.notConfigured',
      message: 'This way of logging in is not available',
    });
    await setFlag('GOOGLELOGIN3', false);
    expect((await t.app.inject({ url: '/wps/social/providers' })).json().value.google).toBe(false);
    expect(
      (await t.app.inject({ method: 'POST', url: '/wps/social/google/start' })).statusCode,
    ).toBe(404);
    await setFlag('GOOGLELOGIN3', true);
  });

  it('asks the provider for code with PKCE (S256), state and nonce, returning to the site', async () => {
    const url = new URL(await start());
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(RETURN);
  });
});

describe('OpenID Connect sign-up and sign-in', () => {
  it('registers a new player through the registration rules, then signs them in again', async () => {
    const login = uniqueName('g');
    const first = await callback(await providerReturn(login));
    expect(first.statusCode).toBe(200);
    const outcome = first.json().value;
    expect(outcome).toMatchObject({
      status: 'needsAccount',
      provider: 'google',
      suggested: { email: `${login}@example.com`, nickname: `Player ${login}` },
    });

    // The registration rules apply: the username and captcha are still needed.
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: { ticket: outcome.ticket },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toHaveProperty('username');
    expect(missing.json().data.fields).toHaveProperty('captcha');
    expect(missing.json().data.fields).not.toHaveProperty('password');
    // An under-age birthday is refused as on the registration form.
    const young = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: {
        ticket: outcome.ticket,
        username: login,
        birthday: `${new Date().getFullYear() - 10}-01-01`,
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().data.fields).toHaveProperty('birthday');

    const registered = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: {
        ticket: outcome.ticket,
        username: login,
        email: outcome.suggested.email,
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(registered.statusCode).toBe(200);
    const session = registered.json().value;
    expect(session).toMatchObject({ userName: login, firstTimeLogin: true });
    expect((await memberInfo(session.token)).account).toBe(login);
    // The ticket was used up.
    const again = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: { ticket: outcome.ticket, username: uniqueName(), ...(await solvedCaptcha(t.app)) },
    });
    expect(again.json().errorCode).toBe('social.ticketExpired');

    // The next time the same Google account signs the player straight in.
    const second = await callback(await providerReturn(login));
    expect(second.statusCode).toBe(200);
    expect(second.json().value).toMatchObject({ status: 'signedIn', login: { userName: login } });
    expect((await memberInfo(second.json().value.login.token)).account).toBe(login);
  });

  it('links an existing account with its password, refusing a wrong one', async () => {
    const member = await createMember(t.app);
    const outcome = (await callback(await providerReturn(uniqueName('link')))).json().value;
    expect(outcome.status).toBe('needsAccount');
    const link = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/wps/social/link?language=EN',
        payload: { ticket: outcome.ticket, username: member.username, password },
      });
    const wrong = await link('Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe('login.invalidCredentials');
    const linked = await link(member.password);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().value.userName).toBe(member.username);

    // A second Google account cannot be linked to the same member.
    const other = (await callback(await providerReturn(uniqueName('other')))).json().value;
    const twice = await t.app.inject({
      method: 'POST',
      url: '/wps/social/link?language=EN',
      payload: { ticket: other.ticket, username: member.username, password: member.password },
    });
    expect(twice.json().errorCode).toBe('social.alreadyLinked');
  });

  it('brings a refused consent back with a message in the player language', async () => {
    const returned = await providerReturn(uniqueName('no'), { refuse: true });
    expect(returned.searchParams.get('error')).toBe('access_denied');
    const en = await callback(returned);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      errorCode: 'social.consentRefused',
      message: expect.stringContaining('You did not allow the sign-in'),
    });
    const bn = await callback(await providerReturn(uniqueName('no'), { refuse: true }), 'BN');
    expect(bn.json().message).toContain('আপনি সাইন-ইনের অনুমতি দেননি');
  });

  it('refuses a replayed state', async () => {
    const returned = await providerReturn(uniqueName('replay'));
    expect((await callback(returned)).statusCode).toBe(200);
    const replay = await callback(returned);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errorCode).toBe('social.failed');
    // A state the server never made is refused the same way.
    returned.searchParams.set('state', 'made-up-state');
    expect((await callback(returned)).json().errorCode).toBe('social.failed');
  });

  it('refuses an ID token whose nonce is not the one the server sent', async () => {
    const url = new URL(await start());
    url.searchParams.set('nonce', 'a-nonce-the-server-never-made');
    const login = uniqueName('nonce');
    const res = await callback(await providerReturn(login, { url: url.href }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('social.failed');
  });

  it('refuses a code sent back with another PKCE verifier (a code from another start)', async () => {
    const one = new URL(await start());
    const two = new URL(await start());
    // The code of the first start with the second start's state: its verifier does not match.
    one.searchParams.set('state', two.searchParams.get('state')!);
    const res = await callback(await providerReturn(uniqueName('pkce'), { url: one.href }));
    expect(res.json().errorCode).toBe('social.failed');
  });
});

describe('Telegram login widget', () => {
  const signed = (fields: Record<string, string | number>) => ({
    ...fields,
    hash: telegramHash(fields, BOT_TOKEN),
  });
  const send = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/wps/social/telegram?language=EN', payload });

  it('accepts data signed with the bot token and fresh', async () => {
    const res = await send(
      signed({ id: 777001, first_name: 'Rahim', auth_date: Math.floor(Date.now() / 1000) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      status: 'needsAccount',
      provider: 'telegram',
      suggested: { nickname: 'Rahim' },
    });
    // Registered once, the same Telegram account signs in.
    const username = uniqueName('tg');
    const made = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: { ticket: res.json().value.ticket, username, ...(await solvedCaptcha(t.app)) },
    });
    expect(made.statusCode).toBe(200);
    const again = await send(
      signed({ id: 777001, first_name: 'Rahim', auth_date: Math.floor(Date.now() / 1000) }),
    );
    expect(again.json().value).toMatchObject({ status: 'signedIn', login: { userName: username } });
  });

  it('refuses a wrong hash and data signed by another bot', async () => {
    const data = signed({ id: 777002, auth_date: Math.floor(Date.now() / 1000) });
    const tampered = await send({ ...data, id: 777003 });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().errorCode).toBe('social.telegramInvalid');
    const fields = { id: 777002, auth_date: Math.floor(Date.now() / 1000) };
    const otherBot = await send({
      ...fields,
      hash: telegramHash(fields, '1:other-bot-token-xxxxxxxxxxxxxxx'),
    });
    expect(otherBot.statusCode).toBe(401);
  });

  it('refuses a stale auth_date', async () => {
    const res = await send(
      signed({ id: 777004, auth_date: Math.floor(Date.now() / 1000) - 2 * 86_400 }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('social.telegramInvalid');
  });
});

describe('the spec firebase login fields', () => {
  it('verifies a Google ID token against the configured issuer and signs in its member', async () => {
    // An ID token as a phone app gets it from the provider itself.
    const login = uniqueName('fb');
    const config = await client.discovery(
      new URL(idp.issuer),
      idp.clientId,
      idp.clientSecret,
      undefined,
      { execute: [client.allowInsecureRequests] },
    );
    const verifier = client.randomPKCECodeVerifier();
    const authorization = client.buildAuthorizationUrl(config, {
      redirect_uri: RETURN,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'app-state',
    });
    const returned = await signInAtProvider(authorization.href, { login, returnPrefix: SITE });
    const tokens = await client.authorizationCodeGrant(config, returned, {
      pkceCodeVerifier: verifier,
      expectedState: 'app-state',
    });
    const firebase = (idToken: string, channel = 'google') =>
      t.app.inject({
        method: 'POST',
        url: '/wps/session/login?language=EN',
        payload: { type: 'firebase', firebaseChannel: channel, firebaseIdToken: idToken },
      });

    // Not linked yet: refused with a ticket to register or link with.
    const unknown = await firebase(tokens.id_token!);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().errorCode).toBe('social.notLinked');
    const registered = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: {
        ticket: unknown.json().data.ticket,
        username: login,
        ...(await solvedCaptcha(t.app)),
      },
    });
    expect(registered.statusCode).toBe(200);
    const known = await firebase(tokens.id_token!);
    expect(known.statusCode).toBe(200);
    expect(known.json().value.userName).toBe(login);

    expect((await firebase('not.a.token')).json().errorCode).toBe('social.failed');
    expect((await firebase(tokens.id_token!, 'phone')).json().errorCode).toBe(
      'social.notConfigured',
    );
  });
});

describe("the member's linked sign-ins and unlinking one", () => {
  let telegramId = 778000;
  /** A fresh Telegram identity's ticket. */
  async function telegramTicket() {
    telegramId += 1;
    const fields = {
      id: telegramId,
      first_name: 'Karim',
      auth_date: Math.floor(Date.now() / 1000),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/social/telegram?language=EN',
      payload: { ...fields, hash: telegramHash(fields, BOT_TOKEN) },
    });
    return res.json().value.ticket as string;
  }
  const identities = (token: string) =>
    t.app.inject({ url: '/wps/social/identities?language=EN', headers: withToken(token) });
  const unlink = (token: string, password: string, provider = 'telegram') =>
    t.app.inject({
      method: 'DELETE',
      url: `/wps/social/identities/${provider}?language=EN`,
      headers: withToken(token),
      payload: { password },
    });

  it('needs a member session', async () => {
    expect((await t.app.inject({ url: '/wps/social/identities' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/wps/social/identities/telegram',
      payload: { password: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('lists a linked sign-in and unlinks it once the password is re-entered', async () => {
    const member = await createMember(t.app);
    const linked = await t.app.inject({
      method: 'POST',
      url: '/wps/social/link?language=EN',
      payload: {
        ticket: await telegramTicket(),
        username: member.username,
        password: member.password,
      },
    });
    expect(linked.statusCode).toBe(200);
    const token = linked.json().value.token as string;
    const listed = (await identities(token)).json().value;
    expect(listed).toMatchObject({
      passwordSet: true,
      list: [{ provider: 'telegram', email: null }],
    });

    const wrong = await unlink(token, 'not-my-password');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errorCode).toBe('wallet.reauthFailed');
    expect(wrong.json().data.triesLeft).toBeGreaterThan(0);
    expect((await identities(token)).json().value.list).toHaveLength(1);

    const done = await unlink(token, member.password);
    expect(done.statusCode).toBe(200);
    expect(done.json().value.list).toEqual([]);
    const again = await unlink(token, member.password);
    expect(again.statusCode).toBe(404);
    expect(again.json().errorCode).toBe('social.identityNotFound');
    expect(again.json().message).toBe('This sign-in is not linked to your account');
  });

  it('refuses to unlink the only way in of a member who never set a password', async () => {
    const made = await t.app.inject({
      method: 'PUT',
      url: '/wps/social/register?language=EN',
      payload: {
        ticket: await telegramTicket(),
        username: uniqueName('tg'),
        ...(await solvedCaptcha(t.app)),
      },
    });
    const token = made.json().value.token as string;
    expect((await identities(token)).json().value).toMatchObject({
      passwordSet: false,
      list: [{ provider: 'telegram' }],
    });
    const res = await unlink(token, 'anything');
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('social.lastSignIn');
    expect((await identities(token)).json().value.list).toHaveLength(1);
    const bad = await unlink(token, 'x', 'myspace');
    expect(bad.statusCode).toBe(400);
  });
});
