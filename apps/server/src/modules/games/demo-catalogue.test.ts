import { describe, expect, it } from 'vitest';
import { GAME_CATEGORIES } from '@khela/contract/game-categories';
import { setUpVendors } from '@khela/contract/games';
import { DEMO_CATEGORY_ORDER, DEMO_VENDORS, demoGames } from './demo-catalogue';

describe('demo catalogue', () => {
  const games = demoGames();

  it('has 30 or more vendors over every category, JILI, FC and PGE among them', () => {
    expect(DEMO_VENDORS.length).toBeGreaterThanOrEqual(30);
    const vendors = DEMO_VENDORS.map((vendor) => ({
      vassalage: vendor.code,
      displayName: vendor.nameEn,
      mobileLargeIcon: '',
      gameType: vendor.gameType,
      gameCategory: vendor.category,
      gameCount: vendor.games,
      vendorNames: { EN: vendor.nameEn, BN: vendor.nameBn },
    }));
    const { mapping } = setUpVendors(vendors, DEMO_CATEGORY_ORDER);
    for (const category of GAME_CATEGORIES) expect(mapping[category]?.length).toBeGreaterThan(0);
    expect(mapping.RNG!.map((vendor) => vendor.vassalage)).toEqual(
      expect.arrayContaining(['JILI', 'FC', 'PGE']),
    );
  });

  it('makes the same 3,000 or more games every time, named in both languages', () => {
    expect(games.length).toBeGreaterThanOrEqual(3000);
    expect(demoGames()).toEqual(games);
    for (const game of games) {
      expect(game.nameEn).toMatch(/^[A-Za-z0-9 -]+$/);
      expect(game.nameBn).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('never gives two games of one vendor the same name or code', () => {
    const names = new Set(games.map((game) => `${game.vendorCode}/${game.nameEn}`));
    const codes = new Set(games.map((game) => `${game.vendorCode}/${game.gameCode}`));
    expect(names.size).toBe(games.length);
    expect(codes.size).toBe(games.length);
  });

  it('marks some games hot (ranked 1, 2, 3 …) and some new, with 8 card themes', () => {
    const ranks = games.flatMap((game) => (game.hotRank ? [game.hotRank] : []));
    expect(ranks.length).toBeGreaterThan(6);
    expect(ranks).toEqual(ranks.map((_rank, i) => i + 1));
    expect(games.some((game) => game.isNew)).toBe(true);
    expect(new Set(games.map((game) => game.theme)).size).toBe(8);
  });

  it('opens bingo as RNG with classification BG', () => {
    const bingo = games.filter((game) => game.vendorCode === 'BINGOHALL');
    expect(bingo.length).toBeGreaterThan(0);
    expect(bingo.every((game) => game.gameType === 'RNG' && game.classification === 'BG')).toBe(
      true,
    );
  });
});
