import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGameFilterStore } from '../../lib/game-filter';
import { buildAnnouncements, buildBanner } from '../../testing/content';
import {
  buildCatalogue,
  buildVendor,
  DEMO_VENDORS,
  fakeGames,
  vendorsAnswer,
} from '../../testing/games';
import { failure, ok } from '../../testing/mock-api';
import { memberSession, renderApp, runRetryBackOff } from '../../testing/render-app';

/** IntersectionObserver the test drives: `reach()` tells the live observers their target is near. */
class FakeObserver {
  static live = new Set<FakeObserver>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  private target: Element | null = null;
  observe(target: Element) {
    this.target = target;
    FakeObserver.live.add(this);
  }
  disconnect() {
    FakeObserver.live.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  static reach() {
    for (const observer of FakeObserver.live) {
      observer.callback(
        [{ isIntersecting: true, target: observer.target } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

beforeEach(() => {
  useGameFilterStore.getState().reset();
  FakeObserver.live.clear();
});
afterEach(() => FakeObserver.live.clear());

const grid = (name: string) => screen.findByRole('list', { name });
const types = () => within(screen.getByRole('group', { name: 'দেখান' }));
const vendors = () => within(screen.getByRole('group', { name: 'প্রোভাইডার' }));
const lastList = (api: { calls: (path: string) => URL[] }) =>
  api.calls('/wps/game/list').at(-1)?.searchParams;

describe('category game list', () => {
  it('starts on the vendor named by ?vassalage= and pages 36 at a time as the player scrolls', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { api } = renderApp('/m/slot-games?vassalage=JILI', { api: fakeGames().routes });
    const list = within(await grid('স্লট'));
    expect(list.getAllByRole('listitem')).toHaveLength(36);
    expect(vendors().getByRole('button', { name: 'JILI' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('৮০টির মধ্যে ৩৬টি গেম')).toBeVisible();
    expect(lastList(api)?.get('gameType')).toBe('RNG');
    expect(lastList(api)?.get('pageSize')).toBe('36');

    // The end of the list comes within 300 px: page 2 is appended.
    FakeObserver.reach();
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(72));
    expect(lastList(api)?.get('pageNo')).toBe('2');

    // Still near the end right away: the next page waits for the second to pass.
    FakeObserver.reach();
    expect(
      api.calls('/wps/game/list').filter((u) => u.searchParams.get('pageNo') === '3'),
    ).toHaveLength(0);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(80), { timeout: 2500 });
    // 80 of 80: nothing more to load.
    expect(screen.queryByRole('button', { name: 'আরও গেম লোড করুন' })).not.toBeInTheDocument();
    // Waits out a real second; the shared test machine can be slow.
  }, 15_000);

  it('loads more with the button too', async () => {
    const { user } = renderApp('/m/slot-games', { api: fakeGames().routes });
    const list = within(await grid('স্লট'));
    expect(list.getAllByRole('listitem')).toHaveLength(36);
    await user.click(screen.getByRole('button', { name: 'আরও গেম লোড করুন' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(72));
  });

  it('starts again from page 1 with type all when the vendor changes', async () => {
    const { user, api, router } = renderApp('/m/slot-games', { api: fakeGames().routes });
    await grid('স্লট');
    await user.click(types().getByRole('button', { name: 'নতুন' }));
    await waitFor(() => expect(lastList(api)?.get('dataType')).toBe('NEW'));
    await user.click(vendors().getByRole('button', { name: 'FC' }));
    await waitFor(() => expect(lastList(api)?.get('vassalage')).toBe('FC'));
    expect(lastList(api)?.get('dataType')).toBe('ALL');
    expect(lastList(api)?.get('pageNo')).toBe('1');
    expect(types().getByRole('button', { name: 'সব' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?vassalage=FC');
    const list = within(await grid('স্লট'));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(20));

    // Back to every vendor: the first page asked before is shown again.
    await user.click(vendors().getByRole('button', { name: 'সব' }));
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(36));
  });

  it('clears the classification when the type changes', async () => {
    const games = fakeGames({
      classifications: [
        { key: 'SLOT', name: 'Slots', vendors: ['JILI', 'FC'] },
        { key: 'CRASH', name: 'Crash', vendors: ['JILI'] },
      ],
    });
    const { user, api } = renderApp('/m/slot-games', { api: games.routes });
    await grid('স্লট');
    const select = await screen.findByRole('combobox', { name: 'গেমের ধরন' });
    await user.selectOptions(select, 'CRASH');
    await waitFor(() => expect(lastList(api)?.get('gameClassify')).toBe('CRASH'));
    await user.click(types().getByRole('button', { name: 'জনপ্রিয়' }));
    await waitFor(() => expect(lastList(api)?.get('dataType')).toBe('HOT'));
    expect(lastList(api)?.get('gameClassify')).toBeNull();
    expect(select).toHaveValue('');
  });

  it('sends a visitor to login from the favourites and recent filters', async () => {
    for (const name of ['প্রিয়', 'সাম্প্রতিক']) {
      const { user, pathname, unmount } = renderApp('/m/fishing-games', {
        api: fakeGames().routes,
      });
      await grid('মাছ ধরা');
      await user.click(types().getByRole('button', { name }));
      await waitFor(() => expect(pathname()).toBe('/m/login'));
      unmount();
    }
  });

  it('shows a member their recent games', async () => {
    const games = fakeGames();
    games.recent.push('1001');
    const { user, api } = renderApp('/m/slot-games', {
      session: memberSession(),
      api: games.routes,
    });
    await grid('স্লট');
    await user.click(types().getByRole('button', { name: 'সাম্প্রতিক' }));
    const list = within(await grid('স্লট'));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
    expect(lastList(api)?.get('dataType')).toBe('RECENT');
  });

  it('leads to search and to the collection', async () => {
    renderApp('/m/poker-games', { api: fakeGames().routes });
    expect(await screen.findByRole('link', { name: 'গেম খুঁজুন' })).toHaveAttribute(
      'href',
      '/m/search-games?gameType=PVP',
    );
    expect(screen.getByRole('link', { name: 'আমার সংগ্রহে' })).toHaveAttribute(
      'href',
      '/m/fav-games',
    );
    // No card games in this catalogue.
    expect(await screen.findByText('এখানে এখনও কোনো গেম নেই।')).toBeVisible();
  });

  it('offers to retry when the list fails, after asking twice more by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const games = fakeGames();
    const { user, api } = renderApp('/m/slot-games', {
      api: { ...games.routes, '/wps/game/list': failure(500, 'system.unknown', 'Unknown error') },
    });
    await runRetryBackOff(() => api.calls('/wps/game/list').length);
    const retry = await screen.findByRole(
      'button',
      { name: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন' },
      { timeout: 5000 },
    );
    expect(api.calls('/wps/game/list')).toHaveLength(3);
    api.set('/wps/game/list', games.routes['/wps/game/list']!);
    await user.click(retry);
    expect(await grid('স্লট')).toBeInTheDocument();
  });

  it('shows the vendors of live casino and lottery', async () => {
    renderApp('/m/live-games', { api: fakeGames().routes });
    const live = within(await screen.findByRole('list', { name: 'লাইভ ক্যাসিনো' }));
    expect(live.getByRole('link', { name: /Royal Table/ })).toHaveAttribute(
      'href',
      '/m/provider?vassalage=ROYAL',
    );
  });

  it('lists sports games in play', async () => {
    const { api } = renderApp('/m/in-play', { api: fakeGames().routes });
    await screen.findByText('এখানে এখনও কোনো গেম নেই।');
    expect(lastList(api)?.get('gameType')).toBe('SPORTS');
  });

  it('launches a sports tile of in play full-screen (the sportsbook serves them)', async () => {
    const games = fakeGames({
      catalogue: [
        ...buildCatalogue('JILI', 'RNG', 4, 1),
        ...buildCatalogue('CRICKETLINE', 'SPORTS', 1, 3001),
      ],
    });
    const { user, api } = renderApp('/m/in-play', {
      session: memberSession(),
      api: {
        ...games.routes,
        '/wps/game/launchGame': ok({
          url: '/sportsbook/play?token=game-token-0123456789&lang=BN&category=SPORTS',
          mode: 'vendor',
          token: 'game-token-0123456789',
          playMoney: false,
        }),
        '/wps/game/closeGame': ok({ ended: true }),
      },
    });
    const list = within(await screen.findByRole('list', { name: 'স্পোর্টস' }));
    expect(list.getAllByRole('listitem')).toHaveLength(1);
    await user.click(list.getByRole('button', { name: 'সোনালি বাঘ 3001' }));
    const frame = await screen.findByRole('dialog', { name: 'সোনালি বাঘ 3001' });
    expect(api.calls('/wps/game/launchGame')[0]!.searchParams.get('nodeId')).toBe('3001');
    expect(within(frame).getByTitle('গেম: সোনালি বাঘ 3001')).toHaveAttribute(
      'src',
      expect.stringContaining('/sportsbook/play?token=game-token-0123456789'),
    );
  });
});

describe('provider, hot games and game centre', () => {
  it('lists one provider’s games', async () => {
    const { api } = renderApp('/m/provider?vassalage=FC', { api: fakeGames().routes });
    expect(await screen.findByRole('heading', { level: 2, name: 'FC' })).toBeVisible();
    const list = within(await grid('FC'));
    expect(list.getAllByRole('listitem')).toHaveLength(20);
    expect(lastList(api)?.get('vassalage')).toBe('FC');
    expect(screen.queryByRole('group', { name: 'প্রোভাইডার' })).not.toBeInTheDocument();
  });

  it('shows a provider’s name in the other language too (vendorNames)', async () => {
    const royal = buildVendor('ROYAL', 'LIVE', {
      displayName: 'রয়্যাল টেবিল',
      vendorNames: { EN: 'Royal Table', BN: 'রয়্যাল টেবিল' },
    });
    const vendors = vendorsAnswer([...DEMO_VENDORS.filter((v) => v.vassalage !== 'ROYAL'), royal]);
    const { user } = renderApp('/m/live-games', { api: fakeGames({ vendors }).routes });
    const tile = within(await screen.findByRole('list', { name: 'লাইভ ক্যাসিনো' })).getByRole(
      'link',
      { name: /রয়্যাল টেবিল/ },
    );
    const english = within(tile).getByText('Royal Table');
    expect(english).toHaveAttribute('lang', 'en');

    await user.click(tile);
    const heading = await screen.findByRole('heading', { level: 2, name: /রয়্যাল টেবিল/ });
    expect(within(heading).getByText('Royal Table')).toHaveAttribute('lang', 'en');
  });

  it('offers every provider without a vendor', async () => {
    renderApp('/m/provider', { api: fakeGames().routes });
    const picker = within(await screen.findByRole('list', { name: 'প্রোভাইডার বেছে নিন' }));
    expect(picker.getByRole('link', { name: 'Deep Sea' })).toHaveAttribute(
      'href',
      '/m/provider?vassalage=DEEPSEA',
    );
  });

  it('lists every hot game', async () => {
    renderApp('/m/hot-games', { api: fakeGames().routes });
    expect(within(await grid('জনপ্রিয় গেম')).getAllByRole('listitem')).toHaveLength(10);
  });

  it('opens a category without a page of its own in the game centre', async () => {
    const { api } = renderApp('/m/gameCenter?category=BINGO', { api: fakeGames().routes });
    const menu = within(await screen.findByRole('tablist', { name: 'গেমের বিভাগ' }));
    expect(menu.getByRole('tab', { name: 'বিঙ্গো' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastList(api)?.get('gameType')).toBe('BINGO'));
  });

  it('scrolls the chosen tab into view and clears the vendor', async () => {
    const { user, router } = renderApp('/m/gameCenter?category=RNG&vassalage=JILI', {
      api: fakeGames().routes,
    });
    const menu = within(await screen.findByRole('tablist', { name: 'গেমের বিভাগ' }));
    const fish = menu.getByRole('tab', { name: 'মাছ ধরা' });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await user.click(fish);
    expect(fish).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?category=FISH');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
    expect(scrolled.mock.contexts.at(-1)).toBe(fish);
    expect(scrolled.mock.calls.at(-1)?.[0]).toMatchObject({ inline: 'center' });
  });

  it('shows the menu of categories without one chosen', async () => {
    const { user, router } = renderApp('/m/gameCenter', { api: fakeGames().routes });
    const menu = within(await screen.findByRole('list', { name: 'একটি বিভাগ বেছে নিন' }));
    await user.click(await menu.findByRole('button', { name: 'লাইভ ক্যাসিনো' }));
    expect(router.state.location.search).toBe('?category=LIVE');
  });
});

describe('search', () => {
  it('finds games by their Bengali and their English name', async () => {
    const { user, api } = renderApp('/m/search-games?gameType=RNG', { api: fakeGames().routes });
    expect(await screen.findByText('বাংলা বা ইংরেজিতে গেমের নাম লিখুন।')).toBeVisible();
    const box = screen.getByRole('searchbox', { name: 'গেমের নাম' });
    await user.type(box, 'বাঘ');
    const results = within(await grid('গেম খুঁজুন'));
    expect(results.getByRole('button', { name: 'সোনালি বাঘ 1' })).toBeVisible();
    expect(lastList(api)?.get('gameName')).toBe('বাঘ');
    expect(lastList(api)?.get('gameType')).toBe('RNG');

    await user.clear(box);
    await user.type(box, 'tiger');
    await waitFor(() => expect(lastList(api)?.get('gameName')).toBe('tiger'));
    const english = within(await grid('গেম খুঁজুন'));
    expect(await english.findByRole('button', { name: 'সোনালি বাঘ 1' })).toBeVisible();
  });

  it('waits until typing stops, and asks once', async () => {
    const { user, api } = renderApp('/m/search-games', { api: fakeGames().routes });
    await user.type(await screen.findByRole('searchbox', { name: 'গেমের নাম' }), 'lotus');
    await grid('গেম খুঁজুন');
    expect(api.calls('/wps/game/list').map((url) => url.searchParams.get('gameName'))).toEqual([
      'lotus',
    ]);
  });

  it('says when nothing matches', async () => {
    const { user } = renderApp('/m/search-games', { api: fakeGames().routes });
    await user.type(await screen.findByRole('searchbox', { name: 'গেমের নাম' }), 'zzz');
    expect(await screen.findByText('“zzz” নামে কোনো গেম পাওয়া যায়নি।')).toBeVisible();
  });

  it('sets the type back to all on a new search', async () => {
    const { user, api } = renderApp('/m/search-games', { api: fakeGames().routes });
    const box = await screen.findByRole('searchbox', { name: 'গেমের নাম' });
    await user.type(box, 'tiger');
    await grid('গেম খুঁজুন');
    await user.click(types().getByRole('button', { name: 'নতুন' }));
    await waitFor(() => expect(lastList(api)?.get('dataType')).toBe('NEW'));
    await user.type(box, 's');
    await waitFor(() => expect(lastList(api)?.get('gameName')).toBe('tigers'));
    expect(lastList(api)?.get('dataType')).toBe('ALL');
  });
});

describe('category banners', () => {
  it('each category page shows its gallery group in the language (m_{type}_{language})', async () => {
    const api = {
      ...fakeGames().routes,
      '/wps/announcement': ok(
        buildAnnouncements({
          banners: [buildBanner(4, { groupName: 'm_fish_BN', title: 'মাছ ধরার বোনাস' })],
        }),
      ),
    };
    const view = renderApp('/m/fishing-games', { api });
    expect(
      await screen.findByRole('img', { name: 'মাছ ধরার বোনাস' }, { timeout: 9000 }),
    ).toBeVisible();
    expect(view.api.calls('/wps/announcement')[0]?.searchParams.get('groupName')).toBe('m_fish_BN');
    view.unmount();
    const live = renderApp('/m/live-games', { api });
    await screen.findByRole('img', { name: 'মাছ ধরার বোনাস' });
    expect(live.api.calls('/wps/announcement')[0]?.searchParams.get('groupName')).toBe('m_live_BN');
  });
});

describe('card games play type', () => {
  it('filters the card games by Tradition or Entertainment and keeps it in the address', async () => {
    const cards = buildCatalogue('TEENPATTI', 'PVP', 6, 3001).map((entry, i) => ({
      ...entry,
      game: {
        ...entry.game,
        playType: i % 2 === 0 ? ('Tradition' as const) : ('Entertainment' as const),
      },
    }));
    const { user, api, router } = renderApp('/m/poker-games', {
      api: fakeGames({ catalogue: cards }).routes,
    });
    const list = within(await grid('কার্ড গেম'));
    expect(list.getAllByRole('listitem')).toHaveLength(6);
    const playTypes = within(screen.getByRole('group', { name: 'খেলার ধরন' }));
    expect(playTypes.getByRole('button', { name: 'সব' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(playTypes.getByRole('button', { name: 'ঐতিহ্যবাহী' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'কার্ড গেম' })).getAllByRole('listitem'),
      ).toHaveLength(3),
    );
    expect(lastList(api)?.get('playType')).toBe('Tradition');
    expect(router.state.location.search).toContain('play=Tradition');
    expect(playTypes.getByRole('button', { name: 'ঐতিহ্যবাহী' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(playTypes.getByRole('button', { name: 'বিনোদন' }));
    await waitFor(() => expect(lastList(api)?.get('playType')).toBe('Entertainment'));
    await user.click(playTypes.getByRole('button', { name: 'সব' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'কার্ড গেম' })).getAllByRole('listitem'),
      ).toHaveLength(6),
    );
    expect(router.state.location.search).not.toContain('play=');
  }, 15_000);

  it('offers no play type on other categories', async () => {
    renderApp('/m/slot-games', { api: fakeGames().routes });
    await grid('স্লট');
    expect(screen.queryByRole('group', { name: 'খেলার ধরন' })).toBeNull();
  });
});

describe('popular games', () => {
  it("the search page offers the category's popular games before anything is typed", async () => {
    const { api } = renderApp('/m/search-games?gameType=FISH', { api: fakeGames().routes });
    const strip = await screen.findByRole('list', { name: 'জনপ্রিয় গেম' });
    expect(within(strip).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(api.calls('/wps/game/popular')[0]?.searchParams.get('gameType')).toBe('FISH');
  });
});

describe('game card long press', () => {
  it('holding a card 370 ms adds the game to favourites instead of opening it', async () => {
    const games = fakeGames();
    const { api, pathname } = renderApp('/m/slot-games', {
      session: memberSession(),
      api: games.routes,
    });
    const list = within(await grid('স্লট'));
    const card = list.getAllByRole('button', { name: /সোনালি বাঘ 1$/ })[0]!;
    const heart = list.getByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    const at = { pointerId: 1, isPrimary: true, button: 0, clientX: 20, clientY: 20 };
    fireEvent.pointerDown(card, at);
    await new Promise((resolve) => setTimeout(resolve, 420));
    fireEvent.pointerUp(card, at);
    fireEvent.click(card);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(games.favourites).toContain('1');
    expect(api.calls('/wps/game/launchGame')).toHaveLength(0);
    expect(pathname()).toBe('/m/slot-games');
  });
});

describe('favourites page', () => {
  it('needs a session', async () => {
    const { pathname } = renderApp('/m/fav-games', { api: fakeGames().routes });
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });

  it('lists the favourites, 200 a page, and takes a removed one off at once', async () => {
    const games = fakeGames({ favourites: ['2', '1'] });
    const { user, api } = renderApp('/m/fav-games', {
      session: memberSession(),
      api: games.routes,
    });
    const list = within(await grid('আমার প্রিয় গেম'));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ভাগ্যবান পদ্ম 2',
      'সোনালি বাঘ 1',
    ]);
    expect(api.calls('/wps/game/favourite/list')[0]?.searchParams.get('pageSize')).toBe('200');
    const heart = list.getByRole('button', { name: 'প্রিয়: সোনালি বাঘ 1' });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await user.click(heart);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(1));
    expect(games.favourites).toEqual(['2']);
  });

  it('says when there are none', async () => {
    renderApp('/m/fav-games', { session: memberSession(), api: fakeGames().routes });
    expect(
      await screen.findByText('এখনও কোনো প্রিয় গেম নেই। যোগ করতে গেমের হার্ট চিহ্নে চাপুন।'),
    ).toBeVisible();
  });

  it('goes to login when the session has ended', async () => {
    const { pathname } = renderApp('/m/fav-games', {
      session: memberSession(),
      api: {
        ...fakeGames().routes,
        '/wps/game/favourite/list': failure(401, 'session.expired', 'Logged out'),
        '/wps/game/favourite/ids': ok([]),
      },
    });
    await waitFor(() => expect(pathname()).toBe('/m/login'));
  });
});
