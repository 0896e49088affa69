/**
 * Live chat through the API: the CBS relay calls, the member's conversation, the operator's
 * answers and the unread count between them, on PGlite and (with DATABASE_URL and REDIS_URL) on
 * Postgres and Redis.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
let trialToken = '';
let trialName = '';
beforeAll(async () => {
  t = await createTestApp();
  const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value;
  trialToken = trial.token;
  trialName = trial.userName;
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const ops = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/ops/api/chat${url}`,
    headers: opsHeaders(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const setCbs3 = (enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/ops/api/flags/CBS3',
    headers: opsHeaders(),
    payload: { enabled },
  });

const UNREAD = '/wps/relay/CBS_unreadCount?moduleId=CBS3';
const unread = async (token: string) =>
  (await get(UNREAD, withToken(token))).json().value.unReadCount as number;
const send = (token: string, body: unknown) =>
  post('/wps/chat/messages?language=EN', { body }, withToken(token));
const conversation = async (token: string, query = '') =>
  (await get(`/wps/chat/conversation${query}`, withToken(token))).json().value;
const reply = (ref: string, body: string) =>
  ops('POST', `/conversations/${ref}/messages`, { body });

/** A member with a token, from the real registration call. */
const newMember = () => createMember(t.app);

async function withFlagOff(run: () => Promise<void>) {
  await setCbs3(false);
  try {
    await run();
  } finally {
    await setCbs3(true);
  }
}

describe('GET /wps/relay/CBS_modelList', () => {
  it('lists our live chat to anyone, in their language, never cached', async () => {
    const res = await get('/wps/relay/CBS_modelList?moduleId=CBS3&language=EN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().value.list).toEqual([
      expect.objectContaining({ modelId: 'LIVECHAT', kind: 'LIVECHAT', name: 'Live chat' }),
    ]);
    const bn = (await get('/wps/relay/CBS_modelList?moduleId=CBS3')).json().value.list;
    expect(bn[0].name).toBe('লাইভ চ্যাট');
  });

  it('lists nothing while CBS3 is off', async () => {
    await withFlagOff(async () => {
      const res = await get('/wps/relay/CBS_modelList?moduleId=CBS3');
      expect(res.statusCode).toBe(200);
      expect(res.json().value.list).toEqual([]);
    });
  });

  it('rejects another module and unknown fields with a 400 naming them', async () => {
    const wrong = await get('/wps/relay/CBS_modelList?moduleId=XYZ&language=EN');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields).toHaveProperty('moduleId');
    const extra = await get('/wps/relay/CBS_modelList?moduleId=CBS3&active=1');
    expect(extra.statusCode).toBe(400);
    expect(extra.json().data.fields).toHaveProperty('active');
  });
});

describe('GET /wps/relay/CBS_unreadCount', () => {
  it('needs a session: 401 without one', async () => {
    const res = await get(UNREAD);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('session.notLoggedIn');
  });

  it('refuses trial accounts with 403 member.trialForbidden', async () => {
    const res = await get(`${UNREAD}&language=EN`, withToken(trialToken));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorCode: 'member.trialForbidden',
      message: 'Please login an actual account to use this function',
    });
  });

  it('answers 0 for a member who never chatted, and 403 feature.disabled while CBS3 is off', async () => {
    const { token } = await newMember();
    expect(await unread(token)).toBe(0);
    await withFlagOff(async () => {
      const res = await get(`${UNREAD}&language=EN`, withToken(token));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        errorCode: 'feature.disabled',
        message: 'Sorry, this feature is temporarily unavailable',
      });
      const bn = await get(UNREAD, withToken(token));
      expect(bn.json().message).toMatch(/সাময়িকভাবে/);
    });
  });

  it('needs moduleId CBS3', async () => {
    const { token } = await newMember();
    const res = await get('/wps/relay/CBS_unreadCount', withToken(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('moduleId');
  });
});

describe('GET /wps/relay/CBS_launchChat', () => {
  const launch = (query: string, token?: string) =>
    get(`/wps/relay/CBS_launchChat?${query}`, token ? withToken(token) : {});
  let token = '';
  beforeAll(async () => {
    token = (await newMember()).token;
  });

  it('needs a real member session', async () => {
    expect((await launch('b2c=1')).statusCode).toBe(401);
    const trial = await launch('b2c=1', trialToken);
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('member.trialForbidden');
  });

  it('gives our chat page with the back path and the language', async () => {
    const res = await launch(
      `b2c=1&language=EN&backUrl=${encodeURIComponent('/m/home?splash=0')}&headerColor=%23101820&title=Support&template=v2`,
      token,
    );
    expect(res.statusCode).toBe(200);
    const chatUrl = new URL(res.json().value.chatUrl, 'http://site.test');
    expect(chatUrl.pathname).toBe('/m/chat');
    expect(chatUrl.searchParams.get('backUrl')).toBe('/m/home?splash=0');
    expect(chatUrl.searchParams.get('language')).toBe('EN');
    expect(res.json().value.chatUrl.startsWith('/m/chat?')).toBe(true);
  });

  it('uses the request language and no back path when none is given', async () => {
    const res = await launch('b2c=1', token);
    expect(res.json().value.chatUrl).toBe('/m/chat?language=BN');
  });

  it.each([
    ['an absolute address', 'https://evil.example/m/home'],
    ['a protocol-relative address', '//evil.example/m/home'],
    ['a backslash host', '/\\evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a bare word', 'home'],
  ])('refuses %s as backUrl (never an open redirect)', async (_name, backUrl) => {
    const res = await launch(`b2c=1&backUrl=${encodeURIComponent(backUrl)}&language=EN`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toHaveProperty('backUrl');
  });

  it('refuses a bad header colour and answers 403 while CBS3 is off', async () => {
    const colour = await launch('b2c=1&headerColor=red;x', token);
    expect(colour.statusCode).toBe(400);
    expect(colour.json().data.fields).toHaveProperty('headerColor');
    await withFlagOff(async () => {
      const res = await launch('b2c=1', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('feature.disabled');
    });
  });
});

describe('the conversation: /wps/chat', () => {
  it('needs a real member for every call', async () => {
    expect((await get('/wps/chat/conversation')).statusCode).toBe(401);
    expect((await post('/wps/chat/messages', { body: 'hi' })).statusCode).toBe(401);
    expect((await post('/wps/chat/read', { lastMessageId: '1' })).statusCode).toBe(401);
    const trial = await send(trialToken, 'hello');
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('member.trialForbidden');
  });

  it('is empty before the first message', async () => {
    const { token } = await newMember();
    expect(await conversation(token)).toEqual({
      conversation: null,
      messages: [],
      hasEarlier: false,
      unReadCount: 0,
    });
  });

  it('keeps a message trimmed, opens a conversation, and shows it in the history', async () => {
    const { token } = await newMember();
    const res = await send(token, '   I cannot see my deposit\n\n  ');
    expect(res.statusCode).toBe(200);
    const { message, conversation: opened } = res.json().value;
    expect(message).toMatchObject({ author: 'player', body: 'I cannot see my deposit' });
    expect(opened.status).toBe('open');
    const view = await conversation(token);
    expect(view.conversation.id).toBe(opened.id);
    expect(view.messages).toEqual([message]);
    // The player's own message is not unread for them.
    expect(view.unReadCount).toBe(0);
  });

  it('refuses empty, blank, too long and control-character text and stores nothing', async () => {
    const { token } = await newMember();
    for (const body of ['', '   \n\t ', 'x'.repeat(10_000), 'x'.repeat(1001), 'nul\u0000byte']) {
      const res = await send(token, body);
      expect(res.statusCode, JSON.stringify(body.slice(0, 20))).toBe(400);
      expect(res.json().errorCode).toBe('validation.invalid');
      expect(res.json().data.fields).toHaveProperty('body');
    }
    const missing = await post('/wps/chat/messages', {}, withToken(token));
    expect(missing.statusCode).toBe(400);
    const extra = await post('/wps/chat/messages', { body: 'hi', html: true }, withToken(token));
    expect(extra.json().data.fields).toHaveProperty('html');
    expect((await conversation(token)).messages).toEqual([]);
    // Exactly 1000 characters is fine.
    expect((await send(token, 'y'.repeat(1000))).statusCode).toBe(200);
  });

  it('stores HTML and SQL metacharacters as text and returns them unchanged', async () => {
    const { token } = await newMember();
    const nasty = `<script>alert("x")</script><img src=x onerror=alert(1)> '; DROP TABLE chat_messages; -- \\ % _ বাংলা`;
    expect((await send(token, nasty)).statusCode).toBe(200);
    const view = await conversation(token);
    expect(view.messages[0].body).toBe(nasty);
    const shown = await ops('GET', `/conversations/${view.conversation.id}`);
    expect(shown.json().value.messages[0].body).toBe(nasty);
  });

  it('pages the history: newest first page, earlier pages, and only newer ones when polling', async () => {
    const { token } = await newMember();
    const ids: string[] = [];
    for (let i = 1; i <= 5; i += 1) ids.push((await send(token, `m${i}`)).json().value.message.id);
    const newest = await conversation(token, '?limit=2');
    expect(newest.messages.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5']);
    expect(newest.hasEarlier).toBe(true);
    const earlier = await conversation(token, `?limit=2&before=${ids[3]}`);
    expect(earlier.messages.map((m: { body: string }) => m.body)).toEqual(['m2', 'm3']);
    expect(earlier.hasEarlier).toBe(true);
    const first = await conversation(token, `?limit=2&before=${ids[1]}`);
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(['m1']);
    expect(first.hasEarlier).toBe(false);
    const poll = await conversation(token, `?after=${ids[2]}`);
    expect(poll.messages.map((m: { body: string }) => m.body)).toEqual(['m4', 'm5']);
    expect((await conversation(token, `?after=${ids[4]}`)).messages).toEqual([]);
  });

  it('rejects bad paging values', async () => {
    const { token } = await newMember();
    for (const query of ['?after=abc', '?before=-1', '?limit=0', '?limit=101', '?page=2']) {
      const res = await get(`/wps/chat/conversation${query}`, withToken(token));
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('limits a member to 15 messages a minute, with Retry-After', async () => {
    const { token } = await newMember();
    for (let i = 0; i < 15; i += 1) expect((await send(token, `n${i}`)).statusCode).toBe(200);
    const res = await send(token, 'one too many');
    expect(res.statusCode).toBe(429);
    expect(res.json().errorCode).toBe('rate.limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await conversation(token)).messages).toHaveLength(15);
  });

  it('answers 403 feature.disabled while CBS3 is off, and keeps nothing', async () => {
    const { token } = await newMember();
    await withFlagOff(async () => {
      expect((await send(token, 'hello')).json().errorCode).toBe('feature.disabled');
      expect((await get('/wps/chat/conversation', withToken(token))).statusCode).toBe(403);
    });
    expect((await conversation(token)).messages).toEqual([]);
  });
});

describe('operator answers and the unread count', () => {
  it('refuses calls without the operator token', async () => {
    const res = await t.app.inject({ url: '/ops/api/chat/conversations' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('ops.unauthorized');
  });

  it('raises the unread count when the operator answers, and reading clears it', async () => {
    const { token, username } = await newMember();
    await send(token, 'Where is my withdrawal?');
    expect(await unread(token)).toBe(0);

    const answered = await reply(username, 'It is on its way, please wait 10 minutes.');
    expect(answered.statusCode).toBe(200);
    expect(answered.json().value.conversation).toMatchObject({
      username,
      unreadForPlayer: 1,
      unreadForOperator: 0,
    });
    expect(await unread(token)).toBe(1);

    const view = await conversation(token, '?language=EN');
    expect(view.unReadCount).toBe(1);
    const last = view.messages.at(-1);
    expect(last).toMatchObject({
      author: 'operator',
      body: 'It is on its way, please wait 10 minutes.',
    });

    const read = await post('/wps/chat/read', { lastMessageId: last.id }, withToken(token));
    expect(read.statusCode).toBe(200);
    expect(read.json().value.unReadCount).toBe(0);
    expect(await unread(token)).toBe(0);
  });

  it('counts only what was read: a later answer stays unread, and a made-up id marks nothing ahead', async () => {
    const { token, username } = await newMember();
    await send(token, 'hello');
    const first = (await reply(username, 'first')).json().value.messages.at(-1);
    await reply(username, 'second');
    await post('/wps/chat/read', { lastMessageId: first.id }, withToken(token));
    expect(await unread(token)).toBe(1);

    await post('/wps/chat/read', { lastMessageId: '999999999999' }, withToken(token));
    expect(await unread(token)).toBe(0);
    await reply(username, 'third');
    expect(await unread(token)).toBe(1);

    const bad = await post('/wps/chat/read', { lastMessageId: 'latest' }, withToken(token));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('lastMessageId');
  });

  it('sends the true count above 99 (the badge caps it, not the server)', async () => {
    const { token, username } = await newMember();
    await send(token, 'spam me');
    for (let i = 0; i < 105; i += 1) await reply(username, `answer ${i}`);
    expect(await unread(token)).toBe(105);
  });

  it('lists conversations with unread player messages first, by id or username', async () => {
    const quiet = await newMember();
    const waiting = await newMember();
    await send(quiet.token, 'thanks, solved');
    await reply(quiet.username, 'glad to help');
    await send(waiting.token, 'first question');
    await send(waiting.token, 'second question');
    // The quiet conversation is the most recent, but the waiting one has unread messages.
    await reply(quiet.username, 'anything else?');

    const list = (await ops('GET', '/conversations')).json().value;
    const waitingIndex = list.findIndex(
      (c: { username: string }) => c.username === waiting.username,
    );
    const quietIndex = list.findIndex((c: { username: string }) => c.username === quiet.username);
    expect(waitingIndex).toBeGreaterThanOrEqual(0);
    expect(waitingIndex).toBeLessThan(quietIndex);
    expect(list[waitingIndex]).toMatchObject({
      unreadForOperator: 2,
      messageCount: 2,
      lastMessage: { author: 'player', body: 'second question' },
    });
    for (const row of list.slice(0, waitingIndex)) expect(row.unreadForOperator).toBeGreaterThan(0);

    const byName = (await ops('GET', `/conversations/${waiting.username}`)).json().value;
    const byId = (await ops('GET', `/conversations/${byName.conversation.id}`)).json().value;
    expect(byId).toEqual(byName);
    expect(byName.messages.map((m: { body: string }) => m.body)).toEqual([
      'first question',
      'second question',
    ]);
    // Showing marks nothing; marking read does.
    expect(byName.conversation.unreadForOperator).toBe(2);
    const marked = (await ops('PUT', `/conversations/${waiting.username}/read`)).json().value;
    expect(marked.conversation.unreadForOperator).toBe(0);
  });

  it('closes a conversation: the next player message opens a new one, the old one is still shown', async () => {
    const { token, username } = await newMember();
    const firstId = (await send(token, 'old problem')).json().value.conversation.id;
    const closed = (await ops('PUT', `/conversations/${firstId}/close`)).json().value;
    expect(closed.conversation).toMatchObject({ status: 'closed', unreadForOperator: 0 });
    expect(closed.conversation.closedAt).not.toBeNull();
    expect((await conversation(token)).conversation.status).toBe('closed');

    const next = (await send(token, 'new problem')).json().value.conversation;
    expect(next.id).not.toBe(firstId);
    expect(next.status).toBe('open');
    const view = await conversation(token);
    expect(view.conversation.id).toBe(next.id);
    expect(view.messages.map((m: { body: string }) => m.body)).toEqual([
      'old problem',
      'new problem',
    ]);

    // Answering the old one would split the thread: the member has another open.
    const stale = await reply(firstId, 'about the old problem');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('chat.conversationClosed');
    // By username the answer goes to the open one.
    expect((await reply(username, 'about the new one')).json().value.conversation.id).toBe(next.id);
  });

  it('reopens a closed conversation when the operator answers it', async () => {
    const { token } = await newMember();
    const id = (await send(token, 'hello?')).json().value.conversation.id;
    await ops('PUT', `/conversations/${id}/close`);
    const res = await reply(id, 'Sorry for the wait');
    expect(res.json().value.conversation).toMatchObject({ status: 'open', closedAt: null });
    expect(await unread(token)).toBe(1);
  });

  it('lets the operator write first to a member, but not to trial accounts or nobody', async () => {
    const { token, username } = await newMember();
    const res = await reply(username.toUpperCase(), 'Welcome! Ask us anything.');
    expect(res.statusCode).toBe(200);
    expect(await unread(token)).toBe(1);
    expect((await reply('nosuchplayer1', 'hi')).json().errorCode).toBe('member.notFoundOrDisabled');
    expect((await ops('GET', '/conversations/987654321')).statusCode).toBe(404);
    expect((await reply(trialName, 'hi')).json().errorCode).toBe('member.trialForbidden');
  });

  it('validates the operator input', async () => {
    expect((await reply('someone', '')).statusCode).toBe(400);
    expect((await reply('someone', 'z'.repeat(10_000))).statusCode).toBe(400);
    expect((await ops('GET', '/conversations?status=pending')).statusCode).toBe(400);
    expect((await ops('GET', '/conversations?limit=100000')).statusCode).toBe(400);
  });
});

describe('several server processes', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    // A second app on the same database and cache store, as a second process behind the balancer.
    other = await buildApp(t.config, { database: t.database, cache: t.cache });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
  });

  it('shows an answer given through one process in the count of another at once', async () => {
    const { token, username } = await newMember();
    await send(token, 'hello from process A');
    expect(await unread(token)).toBe(0);
    const answered = await other.inject({
      method: 'POST',
      url: `/ops/api/chat/conversations/${username}/messages`,
      headers: opsHeaders(),
      payload: { body: 'answer from process B' },
    });
    expect(answered.statusCode).toBe(200);
    expect(await unread(token)).toBe(1);
    const viaOther = await other.inject({ url: UNREAD, headers: withToken(token) });
    expect(viaOther.json().value.unReadCount).toBe(1);
  });
});

describe('OpenAPI document', () => {
  it('documents every chat call with its summary', async () => {
    const doc = (await get('/wps/docs/json')).json();
    for (const [path, method] of [
      ['/wps/relay/CBS_modelList', 'get'],
      ['/wps/relay/CBS_unreadCount', 'get'],
      ['/wps/relay/CBS_launchChat', 'get'],
      ['/wps/chat/conversation', 'get'],
      ['/wps/chat/messages', 'post'],
      ['/wps/chat/read', 'post'],
      ['/ops/api/chat/conversations', 'get'],
      ['/ops/api/chat/conversations/{ref}', 'get'],
      ['/ops/api/chat/conversations/{ref}/messages', 'post'],
      ['/ops/api/chat/conversations/{ref}/read', 'put'],
      ['/ops/api/chat/conversations/{ref}/close', 'put'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});

describe('live hosts: the live model list and the focus list', () => {
  const LIVE = '/wps/relay/CBS_liveModelList?moduleId=CBS3';
  const FOCUS_LIST = '/wps/relay/CBS_focusList?moduleId=CBS3&language=EN';
  const focus = (method: 'PUT' | 'DELETE', modelId: string, token?: string) =>
    t.app.inject({
      method,
      url: `/wps/relay/CBS_focus/${modelId}?language=EN`,
      headers: token ? withToken(token) : {},
    });
  const names = (list: Array<{ modelId: string }>) => list.map((model) => model.modelId);

  it('lists the hosts to anyone, streaming first, in their language, never cached', async () => {
    const res = await get(`${LIVE}&language=EN`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().value.list as Array<Record<string, unknown>>;
    expect(list.length).toBeGreaterThan(3);
    const firstIdle = list.findIndex((model) => !model.streaming);
    expect(list.slice(firstIdle).some((model) => model.streaming)).toBe(false);
    expect(list[0]).toMatchObject({ name: 'Megh', active: true, streaming: true });
    const bn = (await get(LIVE)).json().value.list;
    expect(bn[0].name).toBe('মেঘ');
  });

  it('keeps only the active or streaming hosts when asked', async () => {
    const streaming = (await get(`${LIVE}&streaming=1`)).json().value.list;
    expect(streaming.length).toBeGreaterThan(0);
    expect(streaming.every((m: { streaming: boolean }) => m.streaming)).toBe(true);
    const onDutyNotStreaming = (await get(`${LIVE}&active=true&streaming=0`)).json().value.list;
    expect(names(onDutyNotStreaming)).toEqual(['HOST_RIMJHIM']);
    const away = (await get(`${LIVE}&active=0`)).json().value.list;
    expect(
      away.every((m: { active: boolean; streaming: boolean }) => !m.active && !m.streaming),
    ).toBe(true);
    const bad = await get(`${LIVE}&streaming=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('streaming');
  });

  it("serves each host's drawn picture as SVG", async () => {
    const [first] = (await get(LIVE)).json().value.list;
    const picture = await get(first.avatarUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect(picture.body).toContain('<svg');
    expect((await get('/wps/relay/CBS_modelAvatar/NOBODY.svg')).statusCode).toBe(404);
  });

  it('lists nothing and refuses the focus list while CBS3 is off', async () => {
    const { token } = await newMember();
    await withFlagOff(async () => {
      expect((await get(LIVE)).json().value.list).toEqual([]);
      const res = await get(FOCUS_LIST, withToken(token));
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('feature.disabled');
    });
  });

  it('needs a real member to read or change the focus list', async () => {
    const none = await get(FOCUS_LIST);
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('session.notLoggedIn');
    const trial = await focus('PUT', 'HOST_TARA', trialToken);
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('member.trialForbidden');
  });

  it('follows and unfollows hosts, newest first, each once', async () => {
    const { token } = await newMember();
    expect((await get(FOCUS_LIST, withToken(token))).json().value.list).toEqual([]);
    expect((await focus('PUT', 'HOST_TARA', token)).json().value.modelIds).toEqual(['HOST_TARA']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await focus('PUT', 'HOST_NODI', token);
    const again = await focus('PUT', 'HOST_TARA', token);
    expect(again.statusCode).toBe(200);
    expect(again.json().value.modelIds).toEqual(['HOST_NODI', 'HOST_TARA']);
    const list = (await get(FOCUS_LIST, withToken(token))).json().value.list;
    expect(list.map((m: { name: string }) => m.name)).toEqual(['Nodi', 'Tara']);

    expect((await focus('DELETE', 'HOST_NODI', token)).json().value.modelIds).toEqual([
      'HOST_TARA',
    ]);
    expect((await focus('DELETE', 'HOST_NODI', token)).statusCode).toBe(200);
    // Another member's list is their own.
    const other = await newMember();
    expect((await get(FOCUS_LIST, withToken(other.token))).json().value.list).toEqual([]);
  });

  it('refuses a host who is not on the roster, and a malformed id', async () => {
    const { token } = await newMember();
    const unknown = await focus('PUT', 'HOST_NOBODY', token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('chat.modelNotFound');
    expect(unknown.json().message).toBe('This host is not on our list');
    const bad = await focus('PUT', 'not-an-id', token);
    expect(bad.statusCode).toBe(400);
  });
});
