import { GameListAnswerSchema, VendorsAnswerSchema } from '@khela/contract/games';
import { envelope } from '@khela/contract/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, withToken } from '../../../test/factories';
import { createTestApp, opsHeaders, type TestApp } from '../../../test/test-app';

let t: TestApp;
let member: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const listOf = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/wps/game/list?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(GameListAnswerSchema).parse(res.json()).value;
};
const ops = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url: `/ops/api${url}`, headers: opsHeaders(), payload });

describe('GET /wps/game/vendors', () => {
  it('applies the vendor setup rules: esports after SPORTS, cockfight after RNG, e-lottery mode', async () => {
    const res = await get('/wps/game/vendors?language=EN');
    expect(res.statusCode).toBe(200);
    const { mapping, sorting, prizeMode } = VendorsAnswerSchema.parse(res.json().value);
    const order = sorting.map((entry) => entry.gameCategory);
    expect(order.indexOf('ESPORTS')).toBe(order.indexOf('SPORTS') + 1);
    expect(order.indexOf('COCKFIGHT')).toBe(order.indexOf('RNG') + 1);
    const codes = (category: string) => mapping[category]!.map((vendor) => vendor.vassalage);
    expect(codes('ESPORTS').sort()).toEqual(['AI', 'AV', 'IA', 'IMES', 'TF']);
    expect(codes('COCKFIGHT').sort()).toEqual(['DIG', 'DS88', 'SV3', 'WGB', 'WS168']);
    expect(codes('SPORTS')).not.toContain('AV');
    expect(codes('RNG')).toEqual(expect.arrayContaining(['JILI', 'FC', 'PGE']));
    expect(prizeMode).toBe('ELOTT');
    const jili = mapping.RNG!.find((vendor) => vendor.vassalage === 'JILI')!;
    expect(jili.gameCount).toBe(320);
    expect(jili.mobileLargeIcon).toMatch(/^\/wps\/img\/vendor\/\d+\/JILI\/JILI\.svg$/);
  });

  it('gives each vendor its names in both languages (vendorNames)', async () => {
    const { value } = (await get('/wps/game/vendors?language=EN')).json();
    const fish = value.mapping.FISH.find(
      (vendor: { vassalage: string }) => vendor.vassalage === 'DEEPSEA',
    );
    expect(fish.displayName).toBe('Deep Sea');
    expect(fish.vendorNames).toEqual({ EN: 'Deep Sea', BN: 'গভীর সমুদ্র' });
  });

  it('names vendors in Bengali by default', async () => {
    const { value } = (await get('/wps/game/vendors')).json();
    expect(
      value.mapping.FISH.map((vendor: { displayName: string }) => vendor.displayName),
    ).toContain('গভীর সমুদ্র');
  });

  it('answers 304 to a caller holding the ETag, and a new tag after an operator change', async () => {
    const first = await get('/wps/game/vendors?language=EN');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('/wps/game/vendors?language=EN', { 'if-none-match': etag })).statusCode).toBe(
      304,
    );

    // Hiding both plain sports vendors drops SPORTS; its esport vendors stay under ESPORTS.
    await ops('PATCH', '/games/vendors/PITCH', { hidden: true });
    await ops('PATCH', '/games/vendors/CRICKETLINE', { hidden: true });
    try {
      const after = await get('/wps/game/vendors?language=EN', { 'if-none-match': etag });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(etag);
      const order = after
        .json()
        .value.sorting.map((entry: { gameCategory: string }) => entry.gameCategory);
      expect(order).not.toContain('SPORTS');
      expect(order).toContain('ESPORTS');
    } finally {
      await ops('PATCH', '/games/vendors/PITCH', { hidden: false });
      await ops('PATCH', '/games/vendors/CRICKETLINE', { hidden: false });
    }
  });
});

describe('GET /wps/game/types', () => {
  it('lists the classifications with their vendors, bingo (BG) among them', async () => {
    const { value } = (await get('/wps/game/types?typeId=1&language=EN')).json();
    const bingo = value.gameClassify.find((entry: { key: string }) => entry.key === 'BG');
    expect(bingo).toMatchObject({ name: 'Bingo', vendors: ['BINGOHALL'] });
  });
});

describe('GET /wps/game/list', () => {
  it('pages 36 games by default with the totals, and an empty page past the end', async () => {
    const first = await listOf('language=EN');
    expect(first.games).toHaveLength(36);
    expect(first.pageNum).toBe(1);
    expect(first.totalCount).toBeGreaterThanOrEqual(3000);
    expect(first.totalPages).toBe(Math.ceil(first.totalCount / 36));
    const last = await listOf(`pageNo=${first.totalPages}`);
    expect(last.games.length).toBe(first.totalCount - 36 * (first.totalPages - 1));
    const past = await listOf(`pageNo=${first.totalPages + 1}`);
    expect(past).toMatchObject({ games: [], totalCount: first.totalCount });
    const second = await listOf('pageNo=2');
    expect(second.games[0]!.nodeId).not.toBe(first.games[0]!.nodeId);
  });

  it('refuses page 0, a page size over 100 and an unknown category with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['pageNo=0', 'pageNo'],
      ['pageSize=101', 'pageSize'],
      ['gameType=CASINO', 'gameType'],
      ['dataType=EVERYTHING', 'dataType'],
      ['sneaky=1', 'sneaky'],
    ] as const) {
      const res = await get(`/wps/game/list?${query}&language=EN`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().data.fields), query).toContain(field);
    }
  });

  it('answers an unknown vendor, a 10,000-character search and SQL or HTML metacharacters with an empty page', async () => {
    for (const query of [
      'vassalage=NOSUCHVENDOR',
      `gameName=${'a'.repeat(10_000)}`,
      `gameName=${encodeURIComponent("' or 1=1; drop table games; --")}`,
      `gameName=${encodeURIComponent('<script>alert(1)</script>')}`,
      `gameName=${encodeURIComponent('%_\\')}`,
    ]) {
      const page = await listOf(query);
      expect(page, query.slice(0, 40)).toMatchObject({ games: [], totalCount: 0, totalPages: 0 });
    }
    // The catalogue is still whole.
    expect((await listOf('')).totalCount).toBeGreaterThanOrEqual(3000);
  });

  it('finds games by their English and their Bengali names', async () => {
    const slots = await listOf('gameType=RNG&vassalage=JILI&language=EN');
    const target = slots.games[5]!;
    const byEnglish = await listOf(
      `gameName=${encodeURIComponent(target.gameName.toUpperCase())}&language=EN`,
    );
    expect(byEnglish.games.map((game) => game.nodeId)).toContain(target.nodeId);

    const bengali = (await listOf('gameType=RNG&vassalage=JILI&language=BN')).games[5]!;
    expect(bengali.nodeId).toBe(target.nodeId);
    expect(bengali.gameName).toMatch(/[\u0980-\u09FF]/);
    const byBengali = await listOf(`gameName=${encodeURIComponent(bengali.gameName)}`);
    expect(byBengali.games.map((game) => game.nodeId)).toContain(target.nodeId);
    expect(byBengali.games.every((game) => /[\u0980-\u09FF]/.test(game.gameName))).toBe(true);
  });

  it('filters by category, vendor, classification and new; BINGO is RNG with classification BG', async () => {
    const fish = await listOf('gameType=FISH&pageSize=100');
    expect(fish.totalCount).toBe(70);
    expect(new Set(fish.games.map((game) => game.vassalage))).toEqual(
      new Set(['DEEPSEA', 'NETCAST']),
    );

    const bingo = await listOf('gameType=BINGO');
    const bingoAsRng = await listOf('gameType=RNG&gameClassify=BG');
    expect(bingo.totalCount).toBe(24);
    expect(bingoAsRng.games.map((game) => game.nodeId)).toEqual(
      bingo.games.map((game) => game.nodeId),
    );
    expect(bingo.games.every((game) => game.gameClassifyNew === 'BG')).toBe(true);

    const tables = await listOf('gameType=RNG&gameClassify=TABLE&pageSize=100');
    expect(tables.totalCount).toBeGreaterThan(0);
    expect(tables.games.every((game) => game.gameClassifyNew === 'TABLE')).toBe(true);
    // vassalage may name a sub-category instead of a vendor.
    expect((await listOf('gameType=RNG&vassalage=TABLE&pageSize=100')).totalCount).toBe(
      tables.totalCount,
    );

    const fresh = await listOf('dataType=NEW&pageSize=100');
    expect(fresh.totalCount).toBeGreaterThan(0);
    expect(fresh.games.every((game) => game.isNew)).toBe(true);
    expect((await listOf('isNew=1')).totalCount).toBe(fresh.totalCount);
  });

  it('lists hot games by rank for dataType HOT, the same as the hot games call', async () => {
    const hot = await listOf('dataType=HOT&pageSize=100&language=EN');
    expect(hot.totalCount).toBeGreaterThan(6);
    expect(hot.games.every((game) => game.hot)).toBe(true);
    const { value } = (await get('/wps/game/hot?language=EN')).json();
    expect(value.list.map((game: { nodeId: string }) => game.nodeId)).toEqual(
      hot.games.map((game) => game.nodeId),
    );
  });

  it('answers 304 to a caller holding the page\u2019s ETag', async () => {
    const first = await get('/wps/game/list?gameType=RNG&pageNo=3');
    const again = await get('/wps/game/list?gameType=RNG&pageNo=3', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('filters card games by play type: Tradition or Entertainment, every card game one of them', async () => {
    const all = await listOf('gameType=PVP&pageSize=100');
    const tradition = await listOf('gameType=PVP&playType=Tradition&pageSize=100');
    const entertainment = await listOf('gameType=PVP&playType=Entertainment&pageSize=100');
    expect(tradition.totalCount).toBeGreaterThan(0);
    expect(entertainment.totalCount).toBeGreaterThan(0);
    expect(tradition.totalCount + entertainment.totalCount).toBe(all.totalCount);
    expect(tradition.games.every((game) => game.playType === 'Tradition')).toBe(true);
    expect(entertainment.games.every((game) => game.playType === 'Entertainment')).toBe(true);
    expect((await get('/wps/game/list?playType=Other')).statusCode).toBe(400);
  });

  it('needs a session for the favourites and recent data types', async () => {
    for (const dataType of ['FAV', 'RECENT']) {
      const res = await get(`/wps/game/list?dataType=${dataType}&language=EN`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ errorCode: 'session.notLoggedIn' });
    }
  });
});

describe('favourites', () => {
  it('need a session', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourite',
      payload: { nodeId: '1' },
    });
    expect(add.statusCode).toBe(401);
    expect((await get('/wps/game/favourite/ids')).statusCode).toBe(401);
    expect((await get('/wps/game/favourite/list')).statusCode).toBe(401);
  });

  it('adds a game once, lists it newest first everywhere, and removes it', async () => {
    const me = await createMember(t.app);
    const [a, b] = (await listOf('gameType=FISH')).games;
    const favourite = (nodeId: string, method: 'POST' | 'DELETE' = 'POST') =>
      t.app.inject({
        method,
        url: '/wps/game/favourite',
        headers: withToken(me.token),
        payload: { nodeId, vendor: 'X' },
      });
    expect((await favourite(a!.nodeId)).statusCode).toBe(200);
    expect((await favourite(b!.nodeId)).statusCode).toBe(200);
    expect((await favourite(a!.nodeId)).statusCode).toBe(200);

    const ids = (await get('/wps/game/favourite/ids', withToken(me.token))).json().value;
    expect(ids).toHaveLength(2);
    expect(new Set(ids)).toEqual(new Set([a!.nodeId, b!.nodeId]));

    const list = (await get('/wps/game/favourite/list?language=EN', withToken(me.token))).json()
      .value;
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1, pageSize: 200 });
    expect(list.content).toHaveLength(2);
    const viaList = await listOf('dataType=FAV', withToken(me.token));
    expect(viaList.totalCount).toBe(2);

    // Removal by body, then by query string.
    expect((await favourite(a!.nodeId, 'DELETE')).statusCode).toBe(200);
    const byQuery = await t.app.inject({
      method: 'DELETE',
      url: `/wps/game/favourite?nodeId=${b!.nodeId}`,
      headers: withToken(me.token),
    });
    expect(byQuery.statusCode).toBe(200);
    expect((await get('/wps/game/favourite/ids', withToken(me.token))).json().value).toEqual([]);
  });

  it('refuses an unknown game with 404 and a malformed id with 400, changing nothing', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourite?language=EN',
      headers: withToken(member.token),
      payload: { nodeId: '999999999' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      errorCode: 'game.notFound',
      message: 'This game is not available',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourite',
      headers: withToken(member.token),
      payload: { nodeId: '1; drop table games' },
    });
    expect(malformed.statusCode).toBe(400);
    const noId = await t.app.inject({
      method: 'DELETE',
      url: '/wps/game/favourite?language=EN',
      headers: withToken(member.token),
    });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().data.fields).toHaveProperty('nodeId');
    expect((await get('/wps/game/favourite/ids', withToken(member.token))).json().value).toEqual(
      [],
    );
  });

  it('are open to a trial account too', async () => {
    const trial = (await get('/wps/member/trialuser')).json().value;
    const [game] = (await listOf('gameType=PVP')).games;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/game/favourite',
      headers: withToken(trial.token),
      payload: { nodeId: game!.nodeId },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/wps/game/favourite/ids', withToken(trial.token))).json().value).toEqual([
      game!.nodeId,
    ]);
  });
});

describe('recent games', () => {
  it('lists the games a member opened, the latest first, each once', async () => {
    const me = await createMember(t.app);
    const [a, b] = (await listOf('gameType=LIVE')).games;
    const open = (nodeId: string) =>
      get(`/wps/game/recent/add?nodeId=${nodeId}`, withToken(me.token));
    expect((await open(a!.nodeId)).statusCode).toBe(200);
    await open(b!.nodeId);
    await open(a!.nodeId);
    const { value } = (
      await get('/wps/game/recent/list?page=1&pageSize=10', withToken(me.token))
    ).json();
    expect(value.list.map((game: { nodeId: string }) => game.nodeId)).toEqual([
      a!.nodeId,
      b!.nodeId,
    ]);
    expect(value.totalPages).toBe(1);
    const viaList = await listOf('dataType=RECENT', withToken(me.token));
    expect(viaList.games.map((game) => game.nodeId)).toEqual([a!.nodeId, b!.nodeId]);
  });

  it('needs a session and a known game', async () => {
    expect((await get('/wps/game/recent/add?nodeId=1')).statusCode).toBe(401);
    expect((await get('/wps/game/recent/list')).statusCode).toBe(401);
    expect(
      (await get('/wps/game/recent/add?nodeId=999999999', withToken(member.token))).statusCode,
    ).toBe(404);
    expect((await get('/wps/game/recent/add?nodeId=abc', withToken(member.token))).statusCode).toBe(
      400,
    );
  });
});

describe('GET /wps/game/winners', () => {
  it('shows up to 20 wins, largest first, with the winners\u2019 names masked', async () => {
    const { value } = (
      await get('/wps/game/winners?gameCategory=ALL&limitNum=20&language=EN')
    ).json();
    expect(value.length).toBe(20);
    const amounts = value.map((entry: { vo: { winAmount: number } }) => entry.vo.winAmount);
    expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
    for (const { vo } of value) {
      expect(vo.customerName).toMatch(/^.\*\*\*.$/);
      expect(vo.iconUrl).toMatch(/^\/wps\/img\/game\//);
      expect(vo.gameName).toMatch(/^[\x20-\x7E]+$/);
    }
  });

  it('limits and filters by category, and refuses a limit over 20 or an unknown category', async () => {
    expect((await get('/wps/game/winners?limitNum=5')).json().value).toHaveLength(5);
    expect((await get('/wps/game/winners?limitNum=21')).statusCode).toBe(400);
    expect((await get('/wps/game/winners?gameCategory=CASINO')).statusCode).toBe(400);
    const rng = (await get('/wps/game/winners?gameCategory=LOTT')).json().value;
    expect(Array.isArray(rng)).toBe(true);
  });
});

describe('operator catalogue changes', () => {
  it('need the operator token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ops/api/games/vendors', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('add a vendor and a game that players then find, hide it, and reorder vendors', async () => {
    const vendor = await ops('POST', '/games/vendors', {
      code: 'NEWSTAR',
      nameEn: 'New Star',
      nameBn: 'নতুন তারা',
      category: 'RNG',
      gameType: 'RNG',
    });
    expect(vendor.statusCode, vendor.body).toBe(201);
    expect(
      (
        await ops('POST', '/games/vendors', {
          code: 'NEWSTAR',
          nameEn: 'x',
          nameBn: 'x',
          category: 'RNG',
          gameType: 'RNG',
        })
      ).statusCode,
    ).toBe(409);
    const game = await ops('POST', '/games', {
      vendorCode: 'NEWSTAR',
      gameCode: 'ns-1',
      nameEn: 'Comet Catcher',
      nameBn: 'ধূমকেতু শিকারি',
      isNew: true,
      hotRank: 1,
    });
    expect(game.statusCode, game.body).toBe(201);
    const nodeId = game.json().value.nodeId as string;

    const found = await listOf('gameName=comet&language=EN');
    expect(found.games.map((entry) => entry.nodeId)).toEqual([nodeId]);
    const hot = (await get('/wps/game/hot')).json().value.list;
    expect(hot.slice(0, 2).map((entry: { nodeId: string }) => entry.nodeId)).toContain(nodeId);

    await ops('PATCH', `/games/${nodeId}`, { hidden: true });
    expect((await listOf('gameName=comet')).totalCount).toBe(0);

    const reorder = await ops('PUT', '/games/vendor-order', { codes: ['DEEPSEA'] });
    expect(reorder.statusCode).toBe(200);
    const { sorting } = (await get('/wps/game/vendors')).json().value;
    expect(sorting[0].gameCategory).toBe('FISH');
    expect((await ops('PUT', '/games/vendor-order', { codes: ['NOPE'] })).statusCode).toBe(404);
  });

  it('refuses a bad game with a 400 naming the field', async () => {
    const res = await ops('POST', '/games', {
      vendorCode: 'JILI',
      gameCode: 'bad code!',
      nameEn: '',
      nameBn: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.fields)).toEqual(
      expect.arrayContaining(['gameCode', 'nameEn']),
    );
  });
});

describe('icons', () => {
  it('serves each game icon as SVG, cached for a year, the same picture every time', async () => {
    const [game] = (await listOf('')).games;
    const res = await get(game!.iconUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg /);
    expect((await get(game!.iconUrl)).body).toBe(res.body);
    expect((await get('/wps/img/game/9/1.svg')).statusCode).toBe(400);
    expect((await get('/wps/img/game/1/..%2F..%2Fetc.svg')).statusCode).toBe(400);
    expect((await get('/wps/img/game/1/unicorn/1.svg')).statusCode).toBe(400);
    // An address from before the motifs still draws.
    expect((await get('/wps/img/game/1/1234.svg')).statusCode).toBe(200);
  });

  it("draws each game's motif: dice for a dice game, lottery balls for a Pick 3", async () => {
    const inHouse = await listOf('gameType=INHOUSE&language=EN&pageSize=100');
    const dice = inHouse.games.find((game) => game.gameName.endsWith(' Dice'))!;
    expect(dice.iconUrl).toMatch(/^\/wps\/img\/game\/\d\/dice\/\d+\.svg$/);
    expect((await get(dice.iconUrl)).body).toContain('<g id="dice"');
    const lottery = await listOf('gameType=LOTT&language=EN');
    expect(lottery.games[0]!.iconUrl).toMatch(/\/pick\//);
  });

  it("serves a vendor's mark with its monogram, not a cut-off code", async () => {
    const { mapping } = VendorsAnswerSchema.parse(
      (await get('/wps/game/vendors?language=EN')).json().value,
    );
    const monsoon = mapping.RNG!.find((vendor) => vendor.vassalage === 'MONSOON')!;
    expect(monsoon.mobileLargeIcon).toMatch(/\/MONSOON\/MP\.svg$/);
    const res = await get(monsoon.mobileLargeIcon);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The monogram in our own stroke letters (no font on the player's phone is needed): M and P,
    // each drawn twice (its dark outline, then the white stroke).
    expect(res.body).not.toMatch(/<text\b/);
    const letters = res.body.slice(res.body.indexOf('class="lettering"'));
    expect(letters.match(/<path\b/g)).toHaveLength(4);
    expect((await get('/wps/img/vendor/1/MONSOON/MONSOON.svg')).statusCode).toBe(400);
  });
});
