import { describe, expect, it } from 'vitest';
import { otherVendorName } from './vendor-names';

const vendor = (displayName: string, EN: string, BN: string) => ({
  displayName,
  vendorNames: { EN, BN },
});

describe('otherVendorName', () => {
  it('gives the English name on a Bengali page and the Bengali one on an English page', () => {
    expect(otherVendorName(vendor('রয়্যাল টেবিল', 'Royal Table', 'রয়্যাল টেবিল'), 'BN')).toEqual({
      name: 'Royal Table',
      lang: 'en',
    });
    expect(otherVendorName(vendor('Royal Table', 'Royal Table', 'রয়্যাল টেবিল'), 'EN')).toEqual({
      name: 'রয়্যাল টেবিল',
      lang: 'bn',
    });
  });

  it('gives nothing when both names are the same or the other is blank', () => {
    expect(otherVendorName(vendor('JILI', 'JILI', 'JILI'), 'BN')).toBeUndefined();
    expect(otherVendorName(vendor('JILI', ' ', 'JILI'), 'BN')).toBeUndefined();
  });
});
