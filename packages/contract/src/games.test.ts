import { describe, expect, it } from 'vitest';
import {
  GameListQuerySchema,
  maskCustomerName,
  prizeMode,
  setUpVendors,
  type GameCategory,
  type Vendor,
} from './games';

const vendor = (vassalage: string, gameCategory: GameCategory): Vendor => ({
  vassalage,
  displayName: vassalage,
  vendorNames: { EN: vassalage, BN: vassalage },
  mobileLargeIcon: `/img/vendor/${vassalage}.svg`,
  gameType: gameCategory,
  gameCategory,
  gameCount: 10,
});

describe('setUpVendors', () => {
  it('moves esport vendors after SPORTS and cockfight vendors after RNG', () => {
    const { mapping, sorting } = setUpVendors(
      [
        vendor('JILI', 'RNG'),
        vendor('SABA', 'SPORTS'),
        vendor('IMES', 'SPORTS'),
        vendor('TF', 'SPORTS'),
        vendor('SV3', 'SPORTS'),
        vendor('EVO', 'LIVE'),
      ],
      ['LIVE', 'SPORTS', 'RNG'],
    );
    expect(sorting.map((entry) => entry.gameCategory)).toEqual([
      'LIVE',
      'SPORTS',
      'ESPORTS',
      'RNG',
      'COCKFIGHT',
    ]);
    expect(mapping.SPORTS!.map((v) => v.vassalage)).toEqual(['SABA']);
    expect(mapping.ESPORTS!.map((v) => v.vassalage)).toEqual(['IMES', 'TF']);
    expect(mapping.ESPORTS![0]!.gameCategory).toBe('ESPORTS');
    expect(mapping.COCKFIGHT!.map((v) => v.vassalage)).toEqual(['SV3']);
  });

  it('drops SPORTS when only esport vendors were in it', () => {
    const { mapping, sorting } = setUpVendors(
      [vendor('AV', 'SPORTS'), vendor('JILI', 'RNG')],
      ['SPORTS', 'RNG'],
    );
    expect(mapping.SPORTS).toBeUndefined();
    expect(sorting.map((entry) => entry.gameCategory)).toEqual(['ESPORTS', 'RNG']);
  });
});

describe('prizeMode', () => {
  it('is the e-lottery mode only when ELOTT lists TCG_LOTTO_VN or LOTT', () => {
    expect(prizeMode({ ELOTT: [vendor('TCG_LOTTO_VN', 'ELOTT')] })).toBe('ELOTT');
    expect(prizeMode({ ELOTT: [vendor('GPK', 'ELOTT')] })).toBe('LOTT');
    expect(prizeMode({})).toBe('LOTT');
  });
});

describe('maskCustomerName', () => {
  it('keeps the first and last character only', () => {
    expect(maskCustomerName('rahim42')).toBe('r***2');
    expect(maskCustomerName('রহিম')).toBe('র***ম');
    expect(maskCustomerName('ab')).toBe('a***');
  });
});

describe('GameListQuerySchema', () => {
  it('defaults to page 1 of 36 and refuses page 0 or an oversized page', () => {
    expect(GameListQuerySchema.parse({})).toMatchObject({
      pageNo: 1,
      pageSize: 36,
      dataType: 'ALL',
    });
    expect(GameListQuerySchema.safeParse({ pageNo: '0' }).success).toBe(false);
    expect(GameListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('cuts a very long search string instead of failing', () => {
    const parsed = GameListQuerySchema.parse({ gameName: `  ${'x'.repeat(9000)}` });
    expect(parsed.gameName).toHaveLength(60);
  });
});
