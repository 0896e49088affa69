// The zod-free copies must say exactly what the contract says.
import * as contract from '@khela/contract/games';
import { describe, expect, it } from 'vitest';
import * as mirror from './game-categories';

describe('game categories without zod', () => {
  it.each([
    'GAME_CATEGORIES',
    'CATEGORY_NAMES',
    'CATEGORY_ROUTES',
    'VENDOR_LIST_CATEGORIES',
    'LIST_EXCLUDED_CATEGORIES',
    'HOME_VENDOR_ROWS',
  ] as const)('%s matches the contract', (name) => {
    expect(mirror[name]).toEqual(contract[name]);
  });

  it('sends a category without a page of its own to the game centre', () => {
    expect(mirror.categoryPath('RNG')).toBe('/m/slot-games');
    expect(mirror.categoryPath('ESPORTS')).toBe('/m/gameCenter?category=ESPORTS');
    expect(mirror.categoryPath('BINGO')).toBe('/m/gameCenter?category=BINGO');
  });

  it('leaves SPORTS out of the header', () => {
    expect(mirror.HEADER_NAV_CATEGORIES).not.toContain('SPORTS');
    expect(mirror.HEADER_NAV_CATEGORIES).toHaveLength(contract.GAME_CATEGORIES.length - 1);
  });
});
