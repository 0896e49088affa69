import { describe, expect, it } from 'vitest';
import { canFreePlay, canTransferToUpline, isAgent, isGuest, skipsContractCheck } from './members';

describe('member type rules', () => {
  it('treats 4 and 40 as guests and nothing else', () => {
    expect([0, 1, 2, 4, 40, 41].filter(isGuest)).toEqual([4, 40]);
  });

  it('treats every type but 0, 4 and 40 as an agent', () => {
    expect([0, 1, 2, 4, 40, 41, 42].filter(isAgent)).toEqual([1, 2, 41, 42]);
  });

  it('allows free play for 0, 1 and 2 only', () => {
    expect([0, 1, 2, 3, 4, 40].filter(canFreePlay)).toEqual([0, 1, 2]);
  });

  it('skips the contract check for 4, 40, 41 and 42', () => {
    expect([0, 1, 2, 4, 40, 41, 42].filter(skipsContractCheck)).toEqual([4, 40, 41, 42]);
  });

  it('refuses upline transfer to type 2 only', () => {
    expect([0, 1, 2, 41].filter((type) => !canTransferToUpline(type))).toEqual([2]);
  });
});
