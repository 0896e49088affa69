import * as contract from '@khela/contract/game-categories';
import { describe, expect, it } from 'vitest';
import * as mirror from './game-categories';

describe('game categories', () => {
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
