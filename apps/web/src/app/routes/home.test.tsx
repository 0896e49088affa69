import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { useGameFilterStore } from '../../lib/game-filter';
import { buildSystemStatus } from '../../testing/factories';
import { buildCatalogue, buildGame, fakeGames } from '../../testing/games';
import { failure, ok, requestUrl } from '../../testing/mock-api';
import { memberSession, renderApp, runRetryBackOff } from '../../testing/render-app';

beforeEach(() => useGameFilterStore.getState().reset());

const categoryMenu = async () =>
  within(await screen.findByRole('tablist', { name: 'গেমের বিভাগ' }));
const hotSection = async () => within(await screen.findByRole('region', { name: 'জনপ্রিয় গেম' }));

describe('home category menu', () => {
  it('lists HOT first, then the vendor sorting list, with HOT chosen', async () => {
    renderApp('/m/home', { api: fakeGames().routes });
    const tabs = (await categoryMenu()).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'জনপ্রিয়',
      'স্লট',
      'লাইভ ক্যাসিনো',
      'স্পোর্টস',
      'মাছ ধরা',
      'লটারি',
      'বিঙ্গো',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a game list for slots and vendors for live casino', async () => {
    const { user } = renderApp('/m/home', { api: fakeGames().routes });
    await user.click((await categoryMenu()).getByRole('tab', { name: 'স্লট' }));
    const panel = within(screen.getByRole('tabpanel', { name: 'স্লট' }));
    expect(await panel.findByRole('list', { name: 'স্লট' })).toBeInTheDocument();
    expect(panel.getByRole('button', { name: 'সোনালি বাঘ 1' })).toBeVisible();

    await user.click((await categoryMenu()).getByRole('tab', { name: 'লাইভ ক্যাসিনো' }));
    const live = within(screen.getByRole('tabpanel', { name: 'লাইভ ক্যাসিনো' }));
    expect(live.getByRole('link', { name: /Royal Table/ })).toHaveAttribute(
      'href',
      '/m/provider?vassalage=ROYAL',
    );
  });

  it('clears the vendor and the type when another tab is chosen', async () => {
    const { user, api } = renderApp('/m/home', { api: fakeGames().routes });
    await user.click((await categoryMenu()).getByRole('tab', { name: 'স্লট' }));
    const vendors = within(await screen.findByRole('group', { name: 'প্রোভাইডার' }));
    await user.click(vendors.getByRole('button', { name: 'FC' }));
    await user.click(screen.getByRole('button', { name: 'নতুন' }));
    expect(useGameFilterStore.getState().filter).toMatchObject({
      vassalage: 'FC',
      dataType: 'NEW',
    });

    await user.click((await categoryMenu()).getByRole('tab', { name: 'মাছ ধরা' }));
    expect(useGameFilterStore.getState()).toMatchObject({
      category: 'FISH',
      filter: { vassalage: '', dataType: 'ALL', classification: '' },
    });
    await waitFor(() =>
      expect(api.calls('/wps/game/list').at(-1)?.searchParams.get('gameType')).toBe('FISH'),
    );
    expect(api.calls('/wps/game/list').at(-1)?.searchParams.get('vassalage')).toBeNull();
  });

  it('goes back to HOT from the logo and from the footer Home', async () => {
    const { user } = renderApp('/m/home', { api: fakeGames().routes });
    await user.click((await categoryMenu()).getByRole('tab', { name: 'স্লট' }));
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Khela' }));
    expect((await categoryMenu()).getByRole('tab', { name: 'জনপ্রিয়' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click((await categoryMenu()).getByRole('tab', { name: 'বিঙ্গো' }));
    const footer = within(screen.getByRole('navigation', { name: 'ফুটার মেনু' }));
    await user.click(footer.getByRole('link', { name: 'হোম' }));
    expect((await categoryMenu()).getByRole('tab', { name: 'জনপ্রিয়' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderApp('/m/home', { api: fakeGames().routes });
    (await categoryMenu()).getByRole('tab', { name: 'জনপ্রিয়' }).focus();
    await user.keyboard('{ArrowDown}');
    const slots = (await categoryMenu()).getByRole('tab', { name: 'স্লট' });
    expect(slots).toHaveAttribute('aria-selected', 'true');
    expect(slots).toHaveFocus();
  });
});

describe('home game area', () => {
  it('shows 6 hot games, then all of them after Show more', async () => {
    const { user } = renderApp('/m/home', { api: fakeGames().routes });
    const hot = await hotSection();
    const list = within(await hot.findByRole('list', { name: 'জনপ্রিয় গেম' }));
    expect(list.getAllByRole('listitem')).toHaveLength(6);
    await user.click(hot.getByRole('button', { name: 'আরও দেখুন' }));
    expect(list.getAllByRole('listitem')).toHaveLength(10);
    expect(hot.queryByRole('button', { name: 'আরও দেখুন' })).not.toBeInTheDocument();
    expect(hot.getByRole('link', { name: 'সব দেখুন: জনপ্রিয় গেম' })).toHaveAttribute(
      'href',
      '/m/hot-games',
    );
  });

  it('has no Show more with 6 hot games or fewer', async () => {
    const games = fakeGames({ hot: [buildGame({ nodeId: '1' }), buildGame({ nodeId: '2' })] });
    renderApp('/m/home', { api: games.routes });
    const hot = await hotSection();
    expect(await hot.findAllByRole('listitem')).toHaveLength(2);
    expect(hot.queryByRole('button', { name: 'আরও দেখুন' })).not.toBeInTheDocument();
  });

  it('offers to retry when the hot games fail to load, after asking twice more by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { user, api } = renderApp('/m/home', {
      api: {
        ...fakeGames().routes,
        '/wps/game/hot': {
          status: 500,
          body: { success: false, errorCode: 'system.unknown', message: 'x' },
        },
      },
    });
    const hot = await hotSection();
    await runRetryBackOff(() => api.calls('/wps/game/hot').length);
    const retry = await hot.findByRole(
      'button',
      { name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন' },
      { timeout: 5000 },
    );
    expect(api.calls('/wps/game/hot')).toHaveLength(3);
    api.set('/wps/game/hot', ok({ list: [buildGame({ nodeId: '7', gameName: 'Seven' })] }));
    await user.click(retry);
    expect(await hot.findByRole('button', { name: 'Seven' })).toBeVisible();
  });

  it('shows rows for JILI, FC and PGE, slots, bingo and fish with See all links', async () => {
    renderApp('/m/home', { api: fakeGames().routes });
    for (const [title, href] of [
      ['JILI', '/m/provider?vassalage=JILI'],
      ['FC', '/m/provider?vassalage=FC'],
      ['PGE', '/m/provider?vassalage=PGE'],
      ['স্লট', '/m/slot-games'],
      ['বিঙ্গো', '/m/gameCenter?category=BINGO'],
      ['মাছ ধরা', '/m/fishing-games'],
    ]) {
      const row = within(await screen.findByRole('region', { name: title }));
      expect(row.getByRole('link', { name: `সব দেখুন: ${title}` })).toHaveAttribute('href', href);
    }
    const jili = within(screen.getByRole('region', { name: 'JILI' }));
    // 18 games: two rows, so 6 a slide.
    expect(await jili.findAllByRole('listitem')).toHaveLength(18);
  });

  it('has slot shortcuts that open the slots page on that vendor', async () => {
    const { user, pathname, router } = renderApp('/m/home', { api: fakeGames().routes });
    const shortcuts = within(await screen.findByRole('navigation', { name: 'স্লট শর্টকাট' }));
    expect(shortcuts.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'JILI স্লট',
      'FC স্লট',
      'PGE স্লট',
    ]);
    await user.click(shortcuts.getByRole('link', { name: 'FC স্লট' }));
    await waitFor(() => expect(pathname()).toBe('/m/slot-games'));
    expect(router.state.location.search).toBe('?vassalage=FC');
    const vendors = within(await screen.findByRole('group', { name: 'প্রোভাইডার' }));
    expect(vendors.getByRole('button', { name: 'FC' })).toHaveAttribute('aria-pressed', 'true');
    const types = within(screen.getByRole('group', { name: 'দেখান' }));
    expect(types.getByRole('button', { name: 'সব' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists providers without lottery, e-lottery and sports in the picker', async () => {
    renderApp('/m/home', { api: fakeGames().routes });
    const picker = within(await screen.findByRole('list', { name: 'প্রোভাইডার বেছে নিন' }));
    expect(picker.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'JILI',
      'FC',
      'PGE',
      'Royal Table',
      'Deep Sea',
      'Bingo Hall',
    ]);
    // Sports takes its list from the vendor mapping.
    const sports = within(screen.getByRole('region', { name: 'স্পোর্টস' }));
    expect(sports.getByRole('link', { name: /Pitch Sports/ })).toBeVisible();
  });

  it('shows the favourites row only with a session', async () => {
    renderApp('/m/home', { api: fakeGames({ favourites: ['3'] }).routes });
    await hotSection();
    expect(screen.queryByRole('region', { name: 'আমার প্রিয় গেম' })).not.toBeInTheDocument();
  });

  it('shows the member their favourites, 100 at most', async () => {
    const { api } = renderApp('/m/home', {
      session: memberSession(),
      api: fakeGames({ favourites: ['3', '4'] }).routes,
    });
    const row = within(await screen.findByRole('region', { name: 'আমার প্রিয় গেম' }));
    expect(await row.findAllByRole('listitem')).toHaveLength(2);
    expect(row.getByRole('button', { name: 'রাজকীয় নদী 3' })).toBeVisible();
    expect(api.calls('/wps/game/favourite/list')[0]?.searchParams.get('pageSize')).toBe('100');
  });
});

describe('favourite toggle and opening a game', () => {
  it('sends a visitor to login from the heart', async () => {
    const { user, pathname } = renderApp('/m/home', { api: fakeGames().routes });
    const hot = await hotSection();
    await user.click(await hot.findByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('sends a visitor to login when a game is tapped', async () => {
    const { user, pathname } = renderApp('/m/home', { api: fakeGames().routes });
    await user.click(await (await hotSection()).findByRole('button', { name: 'সোনালি বাঘ 1' }));
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('adds a favourite at once and shows it in the favourites row', async () => {
    const games = fakeGames();
    const { user } = renderApp('/m/home', { session: memberSession(), api: games.routes });
    const hot = await hotSection();
    const heart = await hot.findByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(games.favourites).toEqual(['1']);
    const row = within(screen.getByRole('region', { name: 'আমার প্রিয় গেম' }));
    expect(await row.findByRole('button', { name: 'সোনালি বাঘ 1' })).toBeVisible();
    expect(await screen.findByText('আপনার প্রিয় তালিকায় যোগ হয়েছে')).toBeVisible();
  });

  it('removes a favourite that is one already, and does not add it twice', async () => {
    const games = fakeGames({ favourites: ['1'] });
    const { user, api } = renderApp('/m/home', { session: memberSession(), api: games.routes });
    const hot = await hotSection();
    const heart = await hot.findByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(games.favourites).toEqual([]);
    const methods = api.fetchMock.mock.calls
      .filter(([input]) => requestUrl(input).pathname === '/wps/game/favourite')
      .map(([, init]) => init?.method);
    expect(methods).toEqual(['DELETE']);
  });

  it('puts the heart back when the server refuses', async () => {
    const games = fakeGames();
    const { user } = renderApp('/m/home', {
      session: memberSession(),
      api: {
        ...games.routes,
        '/wps/game/favourite': {
          status: 403,
          body: {
            success: false,
            errorCode: 'member.trialForbidden',
            message: 'Trial accounts cannot',
          },
        },
      },
    });
    const heart = await (await hotSection()).findByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' });
    await user.click(heart);
    expect(await screen.findByText('Trial accounts cannot')).toBeVisible();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('opens a member’s game full-screen and closes it back to home', async () => {
    const games = fakeGames();
    const { user, api, pathname } = renderApp('/m/home', {
      session: memberSession(),
      api: {
        ...games.routes,
        '/wps/game/launchGame': ok({
          url: '/demo-vendor/play?token=game-token-0123456789&game=jili-0001&kind=slot&lang=BN',
          mode: 'vendor',
          token: 'game-token-0123456789',
          playMoney: false,
        }),
        '/wps/game/closeGame': ok({ ended: true }),
      },
    });
    await user.click(await (await hotSection()).findByRole('button', { name: 'সোনালি বাঘ 1' }));
    const frame = await screen.findByRole('dialog', { name: 'সোনালি বাঘ 1' });
    expect(within(frame).getByTitle('গেম: সোনালি বাঘ 1')).toHaveAttribute(
      'src',
      expect.stringContaining('/demo-vendor/play?token=game-token-0123456789'),
    );
    expect(api.calls('/wps/game/launchGame')[0]!.searchParams.get('nodeId')).toBe('1');

    await user.click(within(frame).getByRole('button', { name: 'গেম বন্ধ করুন' }));
    expect(screen.queryByRole('dialog', { name: 'সোনালি বাঘ 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls('/wps/game/closeGame')).toHaveLength(1));
    expect(pathname()).toBe('/m/home');
  });

  it('closes a game on Back and stays on the screen it was opened from', async () => {
    const games = fakeGames();
    const { user, api, pathname, router } = renderApp('/m/home', {
      session: memberSession(),
      history: ['/m/gameRecord', '/m/home'],
      api: {
        ...games.routes,
        '/wps/game/launchGame': ok({
          url: '/demo-vendor/play?token=game-token-0123456789&game=jili-0001&kind=slot&lang=BN',
          mode: 'vendor',
          token: 'game-token-0123456789',
          playMoney: false,
        }),
        '/wps/game/closeGame': ok({ ended: true }),
      },
    });
    await user.click(await (await hotSection()).findByRole('button', { name: 'সোনালি বাঘ 1' }));
    await screen.findByRole('dialog', { name: 'সোনালি বাঘ 1' }, { timeout: 5_000 });
    await waitFor(() =>
      expect(router.state.location.state).toMatchObject({ gameOpen: expect.any(Number) }),
    );

    await act(() => router.navigate(-1));
    // Under a loaded 2-core CI machine (web and server suites at once) this took over 3 s.
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'সোনালি বাঘ 1' })).not.toBeInTheDocument(),
      { timeout: 10_000 },
    );
    await waitFor(() => expect(api.calls('/wps/game/closeGame')).toHaveLength(1));
    expect(pathname()).toBe('/m/home');
  }, 30_000);

  it('goes to our own page for a lottery or in-house game', async () => {
    const games = fakeGames();
    const { user, pathname } = renderApp('/m/home', {
      session: memberSession(),
      api: {
        ...games.routes,
        '/wps/game/launchGame': ok({
          url: '/m/lottery?nodeId=1',
          mode: 'lottery',
          token: 'game-token-0123456789',
          playMoney: false,
        }),
      },
    });
    await user.click(await (await hotSection()).findByRole('button', { name: 'সোনালি বাঘ 1' }));
    await waitFor(() => expect(pathname()).toBe('/m/lottery'));
    expect(screen.queryByRole('dialog', { name: 'সোনালি বাঘ 1' })).not.toBeInTheDocument();
  });

  it('shows a refused launch (free_reject) as a toast and stays on home', async () => {
    const games = fakeGames();
    const { user, pathname } = renderApp('/m/home', {
      session: memberSession({ type: 3 }),
      api: {
        ...games.routes,
        '/wps/game/launchGame': failure(403, 'free_reject', 'এই অ্যাকাউন্টের জন্য ফ্রি প্লে নেই'),
      },
    });
    await user.click(await (await hotSection()).findByRole('button', { name: 'সোনালি বাঘ 1' }));
    expect(await screen.findByText('এই অ্যাকাউন্টের জন্য ফ্রি প্লে নেই')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'সোনালি বাঘ 1' })).not.toBeInTheDocument();
    expect(pathname()).toBe('/m/home');
  });
});

describe('winner board and jackpot', () => {
  const winners = Array.from({ length: 8 }, (_, i) => ({
    nodeId: String(i + 1),
    gameName: `Win Game ${i + 1}`,
    customerName: `p***${i}`,
    winAmount: 9000 - i * 100 + 0.5,
  }));

  it('lists the big wins with rank, masked name, amount and a play button', async () => {
    renderApp('/m/home', {
      api: {
        ...fakeGames({ winners }).routes,
        '/wps/system/status': ok(buildSystemStatus({ currencySymbol: 'Tk' })),
      },
    });
    const board = within(await screen.findByRole('region', { name: 'বড় বিজয়ীরা' }));
    const list = within(await board.findByRole('list', { name: 'বড় বিজয়ীরা' }));
    const entries = list.getAllByRole('listitem');
    expect(entries).toHaveLength(8);
    expect(entries[0]).toHaveTextContent('Win Game 1');
    expect(entries[0]).toHaveTextContent('p***0 জিতেছেন Tk৯,০০০.৫০');
    expect(list.getByRole('button', { name: 'Win Game 2 এখনই খেলুন' })).toBeVisible();
    // Over 5 entries it scrolls by itself, and can be paused.
    const pause = board.getByRole('button', { name: 'তালিকা থামান' });
    expect(pause).toHaveAttribute('aria-pressed', 'false');
  });

  it('does not scroll 5 entries or fewer', async () => {
    renderApp('/m/home', { api: fakeGames({ winners: winners.slice(0, 5) }).routes });
    const board = within(await screen.findByRole('region', { name: 'বড় বিজয়ীরা' }));
    expect(await board.findAllByRole('button', { name: /এখনই খেলুন/ })).toHaveLength(5);
    expect(board.queryByRole('button', { name: 'তালিকা থামান' })).not.toBeInTheDocument();
  });

  it('asks again in the new language after a language change', async () => {
    const { api } = renderApp('/m/home', { api: fakeGames({ winners }).routes });
    await screen.findByRole('list', { name: 'বড় বিজয়ীরা' });
    expect(api.calls('/wps/game/winners').map((url) => url.searchParams.get('limitNum'))).toEqual([
      '20',
    ]);
    await act(() => changeLanguage('EN'));
    await screen.findByRole('list', { name: 'Big winners' });
    await waitFor(() =>
      expect(api.calls('/wps/game/winners').at(-1)?.searchParams.get('language')).toBe('EN'),
    );
  });

  it('shows a jackpot between 1.2 and 1.3 billion', async () => {
    await changeLanguage('EN');
    renderApp('/m/home', { api: fakeGames().routes });
    const label = await screen.findByText('Jackpot');
    const amount = Number(label.nextSibling?.textContent?.replace(/[^\d.]/g, ''));
    expect(amount).toBeGreaterThanOrEqual(1.2e9);
    expect(amount).toBeLessThanOrEqual(1.3e9);
  });
});

describe('header game navigation', () => {
  it('has Home and every category but sports', async () => {
    renderApp('/m/hot-games', { api: fakeGames().routes });
    const nav = within(await screen.findByRole('navigation', { name: 'গেমের বিভাগ' }));
    const links = nav.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['হোম', '/m/home'],
      ['স্লট', '/m/slot-games'],
      ['লাইভ ক্যাসিনো', '/m/live-games'],
      ['ই-স্পোর্টস', '/m/gameCenter?category=ESPORTS'],
      ['মোরগ লড়াই', '/m/gameCenter?category=COCKFIGHT'],
      ['মাছ ধরা', '/m/fishing-games'],
      ['কার্ড গেম', '/m/poker-games'],
      ['লটারি', '/m/lott'],
      ['ই-লটারি', '/m/elott'],
      ['বিঙ্গো', '/m/gameCenter?category=BINGO'],
      ['নিজস্ব গেম', '/m/inHouse'],
    ]);
    expect(nav.getByRole('link', { name: 'হোম' })).not.toHaveAttribute('aria-current');
  });

  // At most one bar between the header and a lobby (issue 18): home and the game centre have
  // their own category menu, forms and the member area are not for browsing.
  it.each([
    ['/m/home', 'হোম'],
    ['/m/gameCenter', 'গেম সেন্টার'],
    ['/m/login', 'লগইন'],
  ])('is not on %s', async (path, title) => {
    renderApp(path, { api: fakeGames().routes });
    await screen.findByRole('heading', { level: 1, name: title });
    expect(screen.queryByRole('navigation', { name: 'গেমের বিভাগ' })).not.toBeInTheDocument();
  });

  it('goes to a category page', async () => {
    const { user, pathname } = renderApp('/m/slot-games', { api: fakeGames().routes });
    const nav = within(await screen.findByRole('navigation', { name: 'গেমের বিভাগ' }));
    await user.click(nav.getByRole('link', { name: 'মাছ ধরা' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'মাছ ধরার গেম' })).toBeVisible();
    expect(pathname()).toBe('/m/fishing-games');
    expect(nav.getByRole('link', { name: 'মাছ ধরা' })).toHaveAttribute('aria-current', 'page');
  });
});

// Keeps the catalogue helper honest: 36 a page over 80 JILI games is 3 pages.
it('fake catalogue pages like the server', () => {
  expect(buildCatalogue('JILI', 'RNG', 80)).toHaveLength(80);
});

describe('promo and contact panel', () => {
  it('closes the home page with the alternative entrances from the status', async () => {
    const status = buildSystemStatus();
    status.info.domainRoute = [{ domainName: 'khela2.example.com', rootDomainName: 'example.com' }];
    renderApp('/m/home', { api: { ...fakeGames().routes, '/wps/system/status': ok(status) } });
    const panel = within(await screen.findByRole('region', { name: 'প্রচারণা ও যোগাযোগ' }));
    expect(await panel.findByRole('link', { name: /khela2\.example\.com/ })).toHaveAttribute(
      'href',
      expect.stringContaining('khela2.example.com'),
    );
  });
});
