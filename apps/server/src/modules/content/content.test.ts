import { AnnouncementAnswerSchema, PromotionListAnswerSchema } from '@khela/contract/content';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
let member: { token: string; username: string };
let trialToken: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.app);
  trialToken = (await t.app.inject({ url: '/wps/member/trialuser' })).json().value.token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const announcements = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/announcement?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return AnnouncementAnswerSchema.parse(res.json().value);
};
const ops = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/ops/api/content${url}`, headers: opsHeaders(), payload });
const markRead = (token: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/wps/announcement/read?language=EN',
    headers: token ? { token } : {},
    payload,
  });

describe('GET /wps/announcement', () => {
  it('answers a visitor with home banners, player notices (unread) and logged-out popups, in Bengali', async () => {
    const value = await announcements(
      'types=B,PL,PU&groupName=m_home&platform=M&merchantCode=KHELA',
    );
    expect(Object.keys(value).sort()).toEqual(['banners', 'player', 'popup']);
    expect(value.banners!.length).toBeGreaterThanOrEqual(3);
    expect(value.banners!.every((banner) => banner.groupName === 'm_home')).toBe(true);
    expect(value.banners![0]!.url).toMatch(/^\/wps\/img\/banner\/\d+-bn-[0-9a-f]{10}\.svg$/);
    expect(value.banners![0]!.title).toMatch(/[\u0980-\u09FF]/);
    expect(value.player!.length).toBeGreaterThanOrEqual(4);
    expect(value.player!.every((notice) => notice.read === false)).toBe(true);
    expect(value.popup).toHaveLength(1);
    expect(value.popup![0]!.execution).toBe('B');
  });

  it('answers in English for language=EN or an English Accept-Language', async () => {
    const byQuery = await announcements('types=PL&language=EN');
    const byHeader = await announcements('types=PL', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(byQuery.player![0]!.title).toMatch(/^[ -~]+$/);
    expect(byHeader.player).toEqual(byQuery.player);
  });

  it('fills the promotion, hot, announcement and category lists for their types', async () => {
    const value = await announcements('types=A,PR,H,Promotion&language=EN');
    expect(value.announcement!.length).toBeGreaterThanOrEqual(2);
    expect(value.promotion!.length).toBeGreaterThanOrEqual(6);
    expect(value.hot!.length).toBeGreaterThan(0);
    expect(value.hot!.every((promotion) => promotion.hot)).toBe(true);
    expect(value.promotionCategories!.map((category) => category.name)).toEqual([
      'Deposit bonus',
      'Slots and casino',
      'Sports',
    ]);
    expect(value).not.toHaveProperty('banners');
  });

  it('filters banners by group; a language group keeps its language', async () => {
    expect((await announcements('types=B&groupName=m_game')).banners).toHaveLength(1);
    const reg = await announcements('types=B&groupName=m_reg_EN');
    expect(reg.banners![0]!.title).toBe('Join today, play in minutes');
    expect(reg.banners![0]!.url).toContain('-en-');
    expect((await announcements('types=B&groupName=m_sports')).banners).toEqual([]);
  });

  it('serves every category page its gallery (m_{type}_{language}) as drawn SVG in its language', async () => {
    for (const type of ['m_rng', 'm_sports', 'm_pvp', 'm_live', 'm_fish', 'm_lott', 'm_elott']) {
      const bn = (await announcements(`types=B&groupName=${type}_BN&language=EN`)).banners!;
      const en = (await announcements(`types=B&groupName=${type}_EN`)).banners!;
      expect(bn, type).toHaveLength(2);
      expect(en, type).toHaveLength(2);
      expect(bn.every((banner) => /[\u0980-\u09FF]/.test(banner.title))).toBe(true);
      expect(en.every((banner) => /^[\x20-\x7E৳]+$/.test(banner.title))).toBe(true);
      expect(bn[0]!.url).toMatch(/^\/wps\/img\/banner\/\d+-bn-[0-9a-f]{10}\.svg$/);
      const picture = await get(bn[0]!.url);
      expect(picture.headers['content-type']).toContain('image/svg+xml');
      // Small enough for a slow network: a drawn banner is a few kilobytes.
      expect(picture.body.length).toBeLessThan(8_000);
    }
    expect((await announcements('types=B&groupName=m_rng_EN')).banners![0]!.title).toBe(
      'Slots: 5% cashback every day',
    );
  });

  it('an operator publishes to a category gallery and the page gets it at once', async () => {
    const created = await ops('POST', '/banners', {
      titleEn: 'Fishing weekend',
      titleBn: 'মাছ ধরার সপ্তাহান্ত',
      groupName: 'm_fish_EN',
    });
    expect(created.statusCode, created.body).toBe(200);
    const titles = (await announcements('types=B&groupName=m_fish_EN')).banners!.map(
      (b) => b.title,
    );
    expect(titles).toContain('Fishing weekend');
    await ops('PATCH', `/banners/${created.json().value.id}`, { hidden: true });
  });

  it('refuses unknown types and malformed queries with a 400, never a 500', async () => {
    for (const query of [
      'types=XYZ',
      'types=B,PL,DROP',
      `types=${'B,'.repeat(5000)}`,
      "groupName=m_home'%20OR%201=1--",
      'groupName=%3Cscript%3Ealert(1)%3C/script%3E',
      `groupName=${'m'.repeat(10_000)}`,
      'types=B&foo=1',
      'language=FR',
    ]) {
      const res = await get(`/wps/announcement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorCode).toBe('validation.invalid');
    }
    const res = await get('/wps/announcement?types=XYZ&language=EN');
    expect(Object.keys(res.json().data.fields)).toContain('types');
  });

  it('shows logged-in popups (execution A) to a session, logged-out ones (B) without', async () => {
    const value = await announcements('types=PU', { token: member.token });
    expect(value.popup!.map((popup) => popup.execution)).toEqual(['A']);
    const trial = await announcements('types=PU', { token: trialToken });
    expect(trial.popup!.map((popup) => popup.execution)).toEqual(['A']);
    // The spec's client may send its token as a query parameter.
    const byQuery = await announcements(`types=PU&token=${member.token}`);
    expect(byQuery.popup![0]!.execution).toBe('A');
  });

  it('answers 304 to a caller holding the ETag, and a changed tag after a change', async () => {
    const first = await get('/wps/announcement?types=B,PL,PU');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get('/wps/announcement?types=B,PL,PU', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const member304 = await get('/wps/announcement?types=B,PL,PU', {
      'if-none-match': etag,
      token: member.token,
    });
    // A member sees other popups: not the visitor's answer.
    expect(member304.statusCode).toBe(200);
  });
});

describe('read marks', () => {
  it('marks a notice read for this member only, and unread again', async () => {
    const before = await announcements('types=PL', { token: member.token });
    const notice = before.player![1]!;
    const guestTag = (await get('/wps/announcement?types=PL')).headers.etag;
    const res = await markRead(member.token, { announcementId: notice.id, read: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ announcementId: notice.id, read: true });

    const after = await get('/wps/announcement?types=PL', { token: member.token });
    const list = AnnouncementAnswerSchema.parse(after.json().value).player!;
    expect(list.find((n) => n.id === notice.id)!.read).toBe(true);
    expect(list.filter((n) => n.read)).toHaveLength(1);
    expect(after.headers.etag).not.toBe(guestTag);
    const revalidated = await get('/wps/announcement?types=PL', {
      token: member.token,
      'if-none-match': after.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
    const zipped = await get('/wps/announcement?types=PL', {
      token: member.token,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).value.player).toEqual(list);

    const other = await createMember(t.app);
    const theirs = await announcements('types=PL', { token: other.token });
    expect(theirs.player!.every((n) => !n.read)).toBe(true);
    const visitor = await announcements('types=PL');
    expect(visitor.player!.every((n) => !n.read)).toBe(true);

    await markRead(member.token, { announcementId: String(notice.id), read: false });
    const unread = await announcements('types=PL', { token: member.token });
    expect(unread.player!.every((n) => !n.read)).toBe(true);
  });

  it('needs a session (401), refuses trial accounts (403) and unknown notices (404)', async () => {
    const notice = (await announcements('types=PL')).player![0]!;
    const none = await markRead(undefined, { announcementId: notice.id, read: true });
    expect(none.statusCode).toBe(401);
    expect(none.json().errorCode).toBe('session.notLoggedIn');
    const trial = await markRead(trialToken, { announcementId: notice.id, read: true });
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('member.trialForbidden');
    const unknown = await markRead(member.token, { announcementId: 999_999, read: true });
    expect(unknown.statusCode).toBe(404);
    for (const payload of [{ announcementId: 'abc' }, { announcementId: 1, extra: 1 }, {}]) {
      expect((await markRead(member.token, payload)).statusCode).toBe(400);
    }
  });

  it('counts every notice as read for a trial account, which is never marked', async () => {
    const value = await announcements('types=A,PL', { token: trialToken });
    expect([...value.announcement!, ...value.player!].every((n) => n.read)).toBe(true);
  });
});

describe('operator changes reach the player at once', () => {
  it("repeats a visitor's answer at an address, yet a session there still gets its own", async () => {
    const url = '/wps/announcement?types=PL,PU&groupName=m_home&language=EN';
    const first = await get(url);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.json().value.popup[0].execution).toBe('B');

    const signedIn = await get(url, { token: member.token });
    expect(signedIn.json().value.popup[0].execution).toBe('A');
    const notice = signedIn.json().value.player[0];
    expect((await markRead(member.token, { announcementId: notice.id })).statusCode).toBe(200);
    const afterMark = await get(url, { token: member.token });
    const marked = afterMark.json().value.player.find((n: { id: number }) => n.id === notice.id);
    expect(marked.read).toBe(true);
    // The spec's client may send the token in the query instead.
    const byQuery = await get(`${url}&token=${member.token}`);
    expect(byQuery.json().value.popup[0].execution).toBe('A');

    const visitor = await get(url);
    expect(visitor.headers.etag).toBe(first.headers.etag);
    expect(visitor.json().value.player.every((n: { read: boolean }) => !n.read)).toBe(true);
  });

  it('a changed notice title shows in the next answer with a new ETag', async () => {
    const before = await get('/wps/announcement?types=PL&language=EN');
    const notice = before.json().value.player[0];
    const res = await ops('PATCH', `/notices/${notice.id}`, { titleEn: 'Changed by the operator' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get('/wps/announcement?types=PL&language=EN', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().value.player[0].title).toBe('Changed by the operator');
    // Other fields are left as they were.
    expect(after.json().value.player[0].content).toBe(notice.content);
  });

  it('hides a banner and shows a new one; a notice that starts later is not shown yet', async () => {
    const banners = (await announcements('types=B')).banners!;
    await ops('PATCH', `/banners/${banners[0]!.id}`, { hidden: true });
    const created = await ops('POST', '/banners', {
      titleEn: 'Fresh banner',
      titleBn: 'নতুন ব্যানার',
      link: '/m/activity',
      sort: 99,
    });
    expect(created.statusCode, created.body).toBe(200);
    const now = (await announcements('types=B&language=EN')).banners!;
    expect(now.map((b) => b.id)).not.toContain(banners[0]!.id);
    expect(now.at(-1)!.title).toBe('Fresh banner');

    const later = await ops('POST', '/notices', {
      titleEn: 'Tomorrow',
      titleBn: 'আগামীকাল',
      contentEn: '<p>Soon</p>',
      contentBn: '<p>শীঘ্রই</p>',
      startAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(later.statusCode, later.body).toBe(200);
    const notices = (await announcements('types=PL&language=EN')).player!;
    expect(notices.map((n) => n.title)).not.toContain('Tomorrow');
    await ops('PATCH', `/banners/${banners[0]!.id}`, { hidden: false });
  });

  it('sanitises HTML on write: no script, event handler, javascript: link or iframe is stored', async () => {
    const res = await ops('POST', '/notices', {
      kind: 'A',
      titleEn: 'Markup <b>test</b>',
      titleBn: 'মার্কআপ',
      contentEn:
        '<p onclick="steal()">Hello<script>alert(1)</script></p><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a><iframe src="https://evil.example"></iframe><p style="color:red;background:url(javascript:x)">styled</p>',
      contentBn: '<p>নিরাপদ</p><svg><script>alert(1)</script></svg>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json().value;
    for (const html of [stored.contentEn, stored.contentBn]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|url\(|<svg/i);
    }
    expect(stored.contentEn).toContain('<p>Hello</p>');
    expect(stored.contentEn).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a>',
    );
    expect(stored.contentEn).toContain('<p style="color:red">styled</p>');
    const served = (await announcements('types=A&language=EN')).announcement!.find(
      (n) => n.id === stored.id,
    )!;
    expect(served.content).toBe(stored.contentEn);
  });

  it('refuses operator calls without the token and bad bodies with a 400', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/ops/api/content/notices' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ops('POST', '/banners', {
      titleEn: 'x',
      titleBn: 'y',
      link: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('link');
    const unknownCategory = await ops('POST', '/promotions', {
      titleEn: 'x',
      titleBn: 'y',
      contentEn: '',
      contentBn: '',
      categoryIds: [9999],
    });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().errorCode).toBe('content.unknownCategory');
    expect((await ops('PATCH', '/popups/99999', { hidden: true })).statusCode).toBe(404);
    // Other control characters are stripped; NUL is refused for every request (it would reach
    // the database), naming the fields.
    const bell = await ops('POST', '/notices', {
      titleEn: 'Bell\u0007inside',
      titleBn: 'নাল',
      contentEn: '<p>a\u0001b</p>',
      contentBn: '',
    });
    expect(bell.statusCode).toBe(200);
    const nul = await ops('POST', '/notices', {
      titleEn: 'NUL\u0000inside',
      titleBn: 'নাল',
      contentEn: '<p>a\u0000b</p>',
      contentBn: '',
    });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().data.fields).sort()).toEqual(['contentEn', 'titleEn']);
  });
});

describe('promotions', () => {
  it('lists categories and running promotions, one of them long-term (noExpiry 1)', async () => {
    const res = await get('/wps/promotion/list?language=EN');
    expect(res.statusCode).toBe(200);
    const value = PromotionListAnswerSchema.parse(res.json().value);
    expect(value.categories).toHaveLength(3);
    expect(value.list.length).toBeGreaterThanOrEqual(6);
    const longTerm = value.list.find((promotion) => promotion.noExpiry === 1)!;
    expect(longTerm.endDate).toBeNull();
    const ended = value.list.find((promotion) => promotion.noExpiry === 0)!;
    expect(ended.endDate).not.toBeNull();
    expect(value.list.some((promotion) => promotion.applicable)).toBe(true);
    for (const promotion of value.list) {
      expect(promotion.announcementImages[0]).toMatchObject({ sequence: 1 });
    }
    const revalidated = await get('/wps/promotion/list?language=EN', {
      'if-none-match': res.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);

    const category = value.categories[2]!;
    const filtered = (await get(`/wps/promotion/list?categoryId=${category.id}&language=EN`)).json()
      .value;
    expect(filtered.list.length).toBeGreaterThan(0);
    for (const promotion of filtered.list) {
      expect(promotion.promoAnnouncementCategoryIds).toContain(category.id);
    }
    expect((await get('/wps/promotion/list?categoryId=4242')).json().value.list).toEqual([]);
    expect((await get('/wps/promotion/list?categoryId=abc')).statusCode).toBe(400);
  });

  it('shows one promotion by id; unknown or malformed ids are 404 and 400', async () => {
    const { list } = (await get('/wps/promotion/list')).json().value;
    const res = await get(`/wps/promotion/detail?id=${list[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.title).toBe(list[0].title);
    expect((await get('/wps/promotion/detail?id=99999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', "1'%20OR%20'1'='1", '1e99']) {
      expect((await get(`/wps/promotion/detail?id=${id}`)).statusCode, id).toBe(400);
    }
  });
});

describe('applying for a promotion', () => {
  const apply = (token: string | undefined, payload: Record<string, unknown>, language = 'EN') =>
    t.app.inject({
      method: 'POST',
      url: `/wps/promotion/apply?language=${language}`,
      headers: token ? { token } : {},
      payload,
    });

  it('takes one application per member with a remark, which the operator sees', async () => {
    const { list } = (await get('/wps/promotion/list')).json().value;
    const open = list.find((promotion: { applicable: boolean }) => promotion.applicable);
    const closed = list.find((promotion: { applicable: boolean }) => !promotion.applicable);
    const applicant = await createMember(t.app);

    expect((await apply(undefined, { promotionId: open.id })).statusCode).toBe(401);
    const trial = await apply(trialToken, { promotionId: open.id });
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('member.trialForbidden');

    const tooLong = await apply(applicant.token, { promotionId: open.id, remark: 'x'.repeat(141) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.fields).toHaveProperty('remark');
    const tooLongBn = await apply(
      applicant.token,
      { promotionId: open.id, remark: 'ক'.repeat(141) },
      'BN',
    );
    expect(tooLongBn.json().message).toMatch(/[\u0980-\u09FF]/);

    const notOpen = await apply(applicant.token, { promotionId: closed.id });
    expect(notOpen.statusCode).toBe(403);
    expect(notOpen.json().errorCode).toBe('promotion.notApplicable');
    expect((await apply(applicant.token, { promotionId: 99_999 })).statusCode).toBe(404);

    const remark = `Bet 12345 <b>lost</b> by one leg ${'ক'.repeat(100)}`.slice(0, 140);
    const res = await apply(applicant.token, { promotionId: open.id, remark });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ promotionId: open.id, remark, status: 'pending' });

    const twice = await apply(applicant.token, { promotionId: open.id, remark: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errorCode).toBe('promotion.alreadyApplied');

    const mine = await get('/wps/promotion/applications', { token: applicant.token });
    expect(mine.json().value).toHaveLength(1);

    const seen = (await ops('GET', `/promotion-applications?promotionId=${open.id}`)).json().value;
    expect(seen[0]).toMatchObject({ username: applicant.username, remark, status: 'pending' });
    const decided = await ops('PATCH', `/promotion-applications/${seen[0].id}`, {
      status: 'approved',
    });
    expect(decided.json().value.status).toBe('approved');
    const mineAfter = await get('/wps/promotion/applications', { token: applicant.token });
    expect(mineAfter.json().value[0].status).toBe('approved');
  });

  it('stores a remark with control characters without failing, and refuses NUL', async () => {
    const { list } = (await get('/wps/promotion/list')).json().value;
    const open = list.filter((promotion: { applicable: boolean }) => promotion.applicable)[1];
    const applicant = await createMember(t.app);
    const nul = await apply(applicant.token, { promotionId: open.id, remark: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().data.fields).toHaveProperty('remark');
    const res = await apply(applicant.token, { promotionId: open.id, remark: 'a\u0001b\u0007c' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.remark).toBe('a b c');
  });
});

describe('pictures', () => {
  it('serves the drawn banner for a year, its headline as a caption, the address changing with the picture', async () => {
    const banner = (await announcements('types=B&language=EN')).banners![0]!;
    expect(banner.caption).toEqual({ headline: banner.title, tagline: 'Khela' });
    const res = await get(banner.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toContain('<svg');
    // No words in the picture: the site writes them over it.
    expect(res.body).not.toMatch(/<text\b/);
    expect(res.body).not.toContain(banner.title);

    await ops('PATCH', `/banners/${banner.id}`, { titleEn: 'A new headline' });
    const renamed = (await announcements('types=B&language=EN')).banners!.find(
      (b) => b.id === banner.id,
    )!;
    expect(renamed.caption?.headline).toBe('A new headline');
    expect(renamed.url).toBe(banner.url);

    await ops('PATCH', `/banners/${banner.id}`, { theme: 3 });
    const changed = (await announcements('types=B&language=EN')).banners!.find(
      (b) => b.id === banner.id,
    )!;
    expect(changed.url).not.toBe(banner.url);
    const stale = await get(banner.url);
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.body).toBe((await get(changed.url)).body);
  });

  it('serves promotion covers and answers 404 for unknown pictures', async () => {
    const { list } = (await get('/wps/promotion/list')).json().value;
    const cover = await get(list[0].announcementImages[0].url);
    expect(cover.statusCode).toBe(200);
    expect(cover.body).not.toMatch(/<text\b/);
    expect(list[0].caption.headline).toBe(list[0].title);
    for (const url of [
      '/wps/img/banner/99999-en-0123456789.svg',
      '/wps/img/banner/1-fr-0123456789.svg',
      '/wps/img/banner/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect((await get('/wps/img/other/1-en-0123456789.svg')).statusCode).toBe(400);
  });
});

describe('OpenAPI document', () => {
  it('documents the content calls and the operator content API', async () => {
    const res = await get('/wps/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/wps/announcement',
        '/wps/announcement/read',
        '/wps/promotion/list',
        '/wps/promotion/detail',
        '/wps/promotion/apply',
        '/wps/promotion/applications',
        '/ops/api/content/promotions',
        '/ops/api/content/promotion-applications',
      ]),
    );
  });
});
