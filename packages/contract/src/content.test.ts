import { describe, expect, it } from 'vitest';
import {
  AnnouncementQuerySchema,
  ApplyBodySchema,
  OpsPromotionPatchSchema,
  promotionCover,
} from './content';

describe('announcement query', () => {
  it('reads the types as a list without repeats, with the defaults the spec uses', () => {
    expect(AnnouncementQuerySchema.parse({ types: 'B, PL,PU,B' })).toEqual({
      types: ['B', 'PL', 'PU'],
      groupName: 'm_home',
      platform: 'M',
    });
    expect(AnnouncementQuerySchema.parse({}).types).toEqual(['B', 'PL', 'PU']);
  });

  it('refuses unknown types, empty lists and malformed groups', () => {
    for (const query of [
      { types: 'XYZ' },
      { types: ',' },
      { groupName: "m_home' OR 1=1" },
      { groupName: 'home' },
      { other: '1' },
    ]) {
      expect(AnnouncementQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(AnnouncementQuerySchema.parse({ groupName: 'm_reg_EN' }).groupName).toBe('m_reg_EN');
  });
});

describe('content bodies', () => {
  it('limits an application remark to 140 characters', () => {
    expect(ApplyBodySchema.safeParse({ promotionId: 1, remark: 'ক'.repeat(140) }).success).toBe(
      true,
    );
    expect(ApplyBodySchema.safeParse({ promotionId: 1, remark: 'ক'.repeat(141) }).success).toBe(
      false,
    );
  });

  it('lets an update name only some fields, filling in no defaults', () => {
    expect(OpsPromotionPatchSchema.parse({ hidden: true })).toEqual({ hidden: true });
    expect(OpsPromotionPatchSchema.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('takes image sequence 1 as the cover', () => {
    const images = [
      { sequence: 2, url: '/b.svg' },
      { sequence: 1, url: '/a.svg' },
    ];
    expect(promotionCover({ announcementImages: images })).toBe('/a.svg');
    expect(promotionCover({ announcementImages: [] })).toBeNull();
  });
});
