import { CARD_THEMES } from '@khela/contract/constants';
import { describe, expect, it } from 'vitest';
import { cardTheme } from './card-theme';

describe('cardTheme', () => {
  it('gives a game the same theme every time', () => {
    expect(cardTheme('1042')).toBe(cardTheme('1042'));
  });

  it('spreads games over all 8 themes', () => {
    const seen = new Set(Array.from({ length: 200 }, (_, i) => cardTheme(String(i + 1))));
    expect([...seen].sort()).toEqual(Array.from({ length: CARD_THEMES }, (_, i) => i));
  });
});
