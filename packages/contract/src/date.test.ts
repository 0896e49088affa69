import { describe, expect, it } from 'vitest';
import { formatDate, siteDay } from './date';

// 20:05:09 UTC is 02:05:09 the next day in Dhaka (UTC+6).
const LATE = '2026-03-15T20:05:09.000Z';

describe('formatDate', () => {
  it("shows an instant on Dhaka's clock whatever the device's zone", () => {
    expect(formatDate(LATE, 'stamp')).toBe('2026-03-16 02:05:09');
    expect(formatDate(LATE, 'day')).toBe('2026-03-16');
    expect(formatDate(LATE, 'time')).toBe('02:05');
  });

  it("writes the player's language", () => {
    expect(formatDate(LATE, 'dateTime', 'EN')).toBe('16 Mar 2026, 02:05');
    expect(formatDate(LATE, 'date', 'EN')).toBe('16 Mar 2026');
    expect(formatDate(LATE, 'dayMonthTime', 'EN')).toBe('16 Mar, 02:05');
    expect(formatDate(LATE, 'dateTime', 'BN')).toMatch(/^১৬ মার্চ, ২০২৬/);
  });

  it('takes a Date or epoch ms, and gives back text that is not a date', () => {
    expect(formatDate(new Date(LATE), 'day')).toBe('2026-03-16');
    expect(formatDate(Date.parse(LATE), 'day')).toBe('2026-03-16');
    expect(formatDate('not a date', 'dateTime')).toBe('not a date');
  });
});

describe('siteDay', () => {
  it("is Dhaka's calendar day", () => {
    expect(siteDay(new Date('2026-03-15T17:59:59Z'))).toBe('2026-03-15');
    expect(siteDay(new Date('2026-03-15T18:00:00Z'))).toBe('2026-03-16');
  });
});
