/**
 * Feedback through the API: the operator's word bounds, at most 3 images, PNG or JPEG judged by
 * their bytes, 5 MB each, nothing stored when refused; the operator reads and answers, and the
 * answer reaches the player's inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const MB5 = 5 * 1024 * 1024;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPG_HEAD = [0xff, 0xd8, 0xff, 0xe0];
const image = (head: number[], size = 64) => {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(head).copy(bytes);
  return bytes.toString('base64');
};
const png = (size?: number) => image(PNG_HEAD, size);
const jpg = (size?: number) => image(JPG_HEAD, size);

const TEXT = 'The deposit page could show the bKash fee before I pay';

const sendFeedback = (token: string, payload: unknown, method: 'POST' | 'PUT' = 'POST') =>
  t.app.inject({
    method,
    url: '/wps/feedback?language=EN',
    headers: withToken(token),
    payload: payload as Record<string, unknown>,
  });
const mine = async (token: string) =>
  (await t.app.inject({ url: '/wps/feedback', headers: withToken(token) })).json().value;
const ops = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/ops/api/feedback${url}`,
    headers: opsHeaders(),
    ...(payload ? { payload } : {}),
  });
const setSetting = (name: string, value: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/api/settings/${name}`,
    headers: opsHeaders(),
    payload: { value },
  });

describe('who may send feedback', () => {
  it('needs a session and a real member', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/wps/feedback',
      payload: { content: TEXT },
    });
    expect(none.statusCode).toBe(401);
    const trial = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value.token;
    const res = await sendFeedback(trial, { content: TEXT });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorCode).toBe('member.trialForbidden');
  });

  it('answers 403 feature.disabled while FEEDBACK3 is off', async () => {
    const { token } = await createMember(t.app);
    const flag = (enabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/ops/api/flags/FEEDBACK3',
        headers: opsHeaders(),
        payload: { enabled },
      });
    await flag(false);
    try {
      expect((await sendFeedback(token, { content: TEXT })).json().errorCode).toBe(
        'feature.disabled',
      );
    } finally {
      await flag(true);
    }
  });
});

describe('content and images', () => {
  it('stores text with images (PUT as the spec client sends, or POST) and lists it', async () => {
    const { token } = await createMember(t.app);
    const res = await sendFeedback(
      token,
      { content: `  ${TEXT}  `, images: [{ name: 'a.png', data: png() }, { data: jpg() }] },
      'PUT',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({
      content: TEXT,
      status: 'open',
      answer: null,
      images: [
        { index: 0, type: 'png', bytes: 64, name: 'a.png' },
        { index: 1, type: 'jpg', bytes: 64, name: null },
      ],
    });
    const list = await mine(token);
    expect(list).toMatchObject({ minWords: 5, maxWords: 500, nextCursor: null });
    expect(list.list).toHaveLength(1);
  });

  it('keeps to the operator word bounds', async () => {
    const { token } = await createMember(t.app);
    const few = await sendFeedback(token, { content: 'Too few words' });
    expect(few.statusCode).toBe(400);
    expect(few.json().data.fields.content).toEqual(['Feedback must be between 5 and 500 words']);

    await setSetting('feedbackMaxWords', 8);
    try {
      const many = await sendFeedback(token, {
        content: 'one two three four five six seven eight nine',
      });
      expect(many.json().data.fields.content).toEqual(['Feedback must be between 5 and 8 words']);
      const bn = await t.app.inject({
        method: 'POST',
        url: '/wps/feedback?language=BN',
        headers: withToken(token),
        payload: { content: 'এক দুই' },
      });
      expect(bn.json().data.fields.content).toEqual(['মতামত ৫ থেকে ৮ শব্দের মধ্যে হতে হবে']);
      expect(
        (await sendFeedback(token, { content: 'one two three four five six seven eight' }))
          .statusCode,
      ).toBe(200);
    } finally {
      await setSetting('feedbackMaxWords', 500);
    }
  });

  it('takes at most 3 images', async () => {
    const { token } = await createMember(t.app);
    const res = await sendFeedback(token, {
      content: TEXT,
      images: [png(), png(), jpg(), jpg()].map((data) => ({ data })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields.images).toEqual(['At most 3 images']);
    expect((await mine(token)).list).toEqual([]);
  });

  it('judges the type by the bytes: a .png name with JPEG bytes is a JPEG', async () => {
    const { token } = await createMember(t.app);
    const res = await sendFeedback(token, {
      content: TEXT,
      images: [{ name: 'photo.png', data: `data:image/png;base64,${jpg()}` }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.images[0]).toMatchObject({ type: 'jpg', name: 'photo.png' });
  });

  it('refuses a text file renamed .png, storing nothing', async () => {
    const { token } = await createMember(t.app);
    const text = Buffer.from('just some notes, not a picture').toString('base64');
    const res = await sendFeedback(token, {
      content: TEXT,
      images: [{ data: png() }, { name: 'notes.png', data: text }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields['images.1']).toEqual(['Images must be PNG or JPG']);
    expect((await mine(token)).list).toEqual([]);
  });

  it('takes an image of exactly 5 MB and refuses 5 MB + 1 byte', async () => {
    const { token } = await createMember(t.app);
    const over = await sendFeedback(token, { content: TEXT, images: [{ data: jpg(MB5 + 1) }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.fields['images.0']).toEqual(['Each image must be at most 5 MB']);
    expect((await mine(token)).list).toEqual([]);
    const exact = await sendFeedback(token, { content: TEXT, images: [{ data: png(MB5) }] });
    expect(exact.statusCode).toBe(200);
    expect(exact.json().value.images[0].bytes).toBe(MB5);
  });

  it('keeps the app body limit on other calls', async () => {
    const { token } = await createMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/chat/messages',
      headers: withToken(token),
      payload: { body: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('request.tooLarge');
  });
});

describe('the operator', () => {
  it('lists, reads, answers; the player sees the answer and an inbox message', async () => {
    const { token, username } = await createMember(t.app);
    const id = (
      await sendFeedback(token, { content: TEXT, images: [{ name: 'shot.png', data: png(100) }] })
    ).json().value.id as string;

    const open = (await ops('GET', '?status=open')).json().value;
    expect(open.find((f: { id: string }) => f.id === id)).toMatchObject({
      username,
      status: 'open',
    });
    expect((await ops('GET', `/${id}`)).json().value.content).toBe(TEXT);
    const picture = await ops('GET', `/${id}/images/0`);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.length).toBe(100);
    expect((await ops('GET', `/${id}/images/2`)).statusCode).toBe(404);

    expect((await ops('POST', `/${id}/answer`, { answer: '' })).statusCode).toBe(400);
    expect((await ops('POST', '/999999/answer', { answer: 'Hi' })).statusCode).toBe(404);
    const answered = await ops('POST', `/${id}/answer`, { answer: 'Thank you, we will show it.' });
    expect(answered.json().value).toMatchObject({
      status: 'answered',
      answer: 'Thank you, we will show it.',
    });

    expect((await mine(token)).list[0]).toMatchObject({
      status: 'answered',
      answer: 'Thank you, we will show it.',
    });
    const inbox = (
      await t.app.inject({ url: '/wps/inbox?language=EN', headers: withToken(token) })
    ).json().value;
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.list[0]).toMatchObject({
      sender: 'system',
      topic: 'feedback.answered',
      title: 'Your feedback was answered',
    });
    expect(inbox.list[0].body).toContain('The deposit page could show the bKash');
    expect(
      (await ops('GET', '?status=answered')).json().value.some((f: { id: string }) => f.id === id),
    ).toBe(true);
  });
});
