import { describe, expect, it } from 'vitest';
import { fairGameOfCode } from '@khela/contract/originals';
import { formatFor } from '../lottery/lottery-draw';
import { seededRandom } from '../../lib/seeded-random';
import { DEMO_VENDORS, demoGames } from './demo-catalogue';
import { FEATURE_TAILS, motifOf, nameGame, type GameMechanics } from './game-names';

const names = (mechanics: GameMechanics, count = 2000, seed = 7) => {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => nameGame(mechanics, next));
};
const CLAIMS = /\b(Megaways|Hold and Win|Link)\b/;

describe('game names', () => {
  it('calls a slot Megaways, Hold and Win or Link only when its mechanics have that feature', () => {
    const plain = names({ kind: 'slot', reels: 3 });
    expect(plain.filter((name) => CLAIMS.test(name.nameEn))).toEqual([]);
    expect(plain.filter((name) => /মেগাওয়েজ|হোল্ড|লিংক/.test(name.nameBn))).toEqual([]);

    const megaways = names({ kind: 'slot', reels: 6, megaways: true });
    expect(megaways.some((name) => name.nameEn.endsWith(' Megaways'))).toBe(true);
    expect(megaways.some((name) => /Hold and Win|Link/.test(name.nameEn))).toBe(false);
    const holdAndWin = names({ kind: 'slot', reels: 5, holdAndWin: true });
    expect(holdAndWin.some((name) => name.nameEn.endsWith(FEATURE_TAILS.holdAndWin[0]))).toBe(true);
    expect(holdAndWin.some((name) => /Megaways/.test(name.nameEn))).toBe(false);
  });

  it('names the demo catalogue after what each game opens as', () => {
    const category = new Map(DEMO_VENDORS.map((vendor) => [vendor.code, vendor.category]));
    const lotteryIndex = new Map<string, number>();
    for (const game of demoGames()) {
      const of = category.get(game.vendorCode)!;
      const name = game.nameEn;
      // The demo vendor's slot has 3 reels, one line and no features.
      expect(name).not.toMatch(CLAIMS);
      const cards = /\b(Dragon Tiger|High Card)\b/.test(name);
      if (of === 'LIVE' || of === 'PVP' || game.classification === 'TABLE') {
        expect(cards, name).toBe(true);
      } else {
        expect(cards, name).toBe(false);
      }
      if (of === 'LOTT' || of === 'ELOTT') {
        const index = lotteryIndex.get(game.vendorCode) ?? 0;
        lotteryIndex.set(game.vendorCode, index + 1);
        const expected = { digits3: 'Pick 3', digits2: 'Pick 2', keno36: 'Keno 36' }[
          formatFor(index)
        ];
        expect(name).toMatch(new RegExp(`${expected}$`));
      } else {
        expect(name).not.toMatch(/\b(Pick [23]|Keno|Lotto|Draw)\b/);
      }
      if (of === 'INHOUSE') {
        const fair = fairGameOfCode(game.gameCode);
        if (fair === 'dice') expect(name).toMatch(/ Dice$/);
        else if (fair === 'crash') expect(name).toMatch(/ Crash$/);
        else
          expect(['fruit', 'cherry', 'melon', 'lemon', 'mango', 'sevens']).toContain(
            motifOf(name, of),
          );
      } else {
        expect(name, name).not.toMatch(/\b(Dice|Crash)\b/);
      }
      if (of === 'BINGO') expect(name).toMatch(/\bBingo\b/);
      if (of === 'FISH') {
        expect(['fish', 'shark', 'whale', 'octopus']).toContain(motifOf(name, of));
      }
      if (of === 'RNG' && game.classification === 'SLOT') {
        expect([
          'fish',
          'shark',
          'cards',
          'live',
          'dice',
          'crash',
          'pick',
          'keno',
          'bingo',
        ]).not.toContain(motifOf(name, of));
      }
    }
  });

  it('finds the motif of each name again from the name alone', () => {
    const kinds: GameMechanics[] = [
      { kind: 'slot', reels: 3 },
      { kind: 'slot', reels: 3, bingo: true },
      { kind: 'fish' },
      { kind: 'card-duel', live: false, pvp: true },
      { kind: 'dice', ordinal: 2 },
      { kind: 'crash', ordinal: 3 },
      { kind: 'lottery', format: 'keno36', ordinal: 1 },
      { kind: 'lottery', format: 'digits3', ordinal: 0 },
    ];
    for (const mechanics of kinds) {
      for (const name of names(mechanics, 300)) {
        expect(motifOf(name.nameEn, 'RNG'), name.nameEn).toBe(name.motif);
      }
    }
    expect(motifOf('Speed Dragon Tiger', 'LIVE')).toBe('live');
    expect(motifOf('Kite Crash', 'INHOUSE')).toBe('crash');
    expect(motifOf('Comet Catcher', 'RNG')).toBe('fruit');
    expect(motifOf('Cricket Line', 'SPORTS')).toBe('cricket');
    expect(motifOf('SV Cockfight', 'COCKFIGHT')).toBe('rooster');
  });

  it('gives the same names from the same seed, and other names from another', () => {
    const mechanics: GameMechanics = { kind: 'slot', reels: 3 };
    expect(names(mechanics, 50, 11)).toEqual(names(mechanics, 50, 11));
    expect(names(mechanics, 50, 11)).not.toEqual(names(mechanics, 50, 12));
    expect(demoGames().map((game) => game.nameBn)).toEqual(demoGames().map((game) => game.nameBn));
  });

  it('draws slot names from many themes, rarely numbering a repeat', () => {
    const games = demoGames();
    const slots = games.filter((game) => game.classification === 'SLOT');
    const motifs = new Set(slots.map((game) => motifOf(game.nameEn, 'RNG')));
    expect(motifs.size).toBeGreaterThanOrEqual(15);
    const numbered = slots.filter((game) => / \d+$/.test(game.nameEn));
    expect(numbered.length / slots.length).toBeLessThan(0.02);
    // Neighbours in a vendor's list, and the first hot games, show different themes.
    const motif = (game: (typeof games)[number]) => motifOf(game.nameEn, 'RNG');
    const repeats = slots.filter(
      (game, i) =>
        i > 0 &&
        slots[i - 1]!.vendorCode === game.vendorCode &&
        motif(slots[i - 1]!) === motif(game),
    );
    expect(repeats.length / slots.length).toBeLessThan(0.01);
    const hot = games.filter((game) => game.hotRank !== null).slice(0, 6);
    expect(new Set(hot.map(motif)).size).toBe(6);
  });
});
