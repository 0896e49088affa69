import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatDay,
  formatMonth,
  languageDigits,
  siteDay,
  siteDayStart,
} from './date';

// 20:05:09 UTC is 02:05:09 the next day in Dhaka (UTC+6).
const LATE = '2026-03-15T20:05:09.000Z';

describe('formatDate', () => {
  it("shows an instant on Dhaka's clock whatever the device's zone", () => {
    expect(formatDate(LATE, 'dateTimeSeconds', 'EN')).toBe('16 Mar 2026, 02:05:09');
    expect(formatDate(LATE, 'time', 'EN')).toBe('02:05');
  });

  it('writes English with Latin digits, a short month and a 24-hour clock', () => {
    expect(formatDate(LATE, 'dateTime', 'EN')).toBe('16 Mar 2026, 02:05');
    expect(formatDate(LATE, 'date', 'EN')).toBe('16 Mar 2026');
    expect(formatDate(LATE, 'dayMonthTime', 'EN')).toBe('16 Mar, 02:05');
    expect(formatDate('2026-03-15T09:15:00Z', 'time', 'EN')).toBe('15:15');
  });

  it('writes Bengali with Bengali digits and month names, never AM/PM or a Latin digit', () => {
    expect(formatDate(LATE, 'dateTime', 'BN')).toBe('১৬ মার্চ ২০২৬, ০২:০৫');
    expect(formatDate(LATE, 'dateTimeSeconds', 'BN')).toBe('১৬ মার্চ ২০২৬, ০২:০৫:০৯');
    expect(formatDate(LATE, 'date', 'BN')).toBe('১৬ মার্চ ২০২৬');
    expect(formatDate(LATE, 'dayMonthTime', 'BN')).toBe('১৬ মার্চ, ০২:০৫');
    // A morning and an afternoon deposit: the 24-hour clock, no day-period in any script.
    expect(formatDate('2026-03-15T03:15:37Z', 'time', 'BN')).toBe('০৯:১৫');
    expect(formatDate('2026-03-15T09:15:37Z', 'dateTimeSeconds', 'BN')).toBe(
      '১৫ মার্চ ২০২৬, ১৫:১৫:৩৭',
    );
    for (const style of ['dateTime', 'dateTimeSeconds', 'date', 'time', 'dayMonthTime'] as const) {
      expect(formatDate('2026-12-31T07:59:59Z', style, 'BN')).not.toMatch(/[0-9]|AM|PM/);
    }
  });

  it("turns the day at Dhaka's midnight, not UTC's or the device's", () => {
    expect(formatDate('2026-03-15T17:59:59Z', 'dateTimeSeconds', 'EN')).toBe(
      '15 Mar 2026, 23:59:59',
    );
    expect(formatDate('2026-03-15T18:00:00Z', 'dateTimeSeconds', 'EN')).toBe(
      '16 Mar 2026, 00:00:00',
    );
    expect(formatDate('2026-12-31T18:00:00Z', 'date', 'BN')).toBe('১ জানুয়ারি ২০২৭');
  });

  it('takes a Date or epoch ms, and gives back text that is not a date', () => {
    expect(formatDate(new Date(LATE), 'date', 'EN')).toBe('16 Mar 2026');
    expect(formatDate(Date.parse(LATE), 'date', 'BN')).toBe('১৬ মার্চ ২০২৬');
    expect(formatDate('not a date', 'dateTime', 'BN')).toBe('not a date');
  });
});

describe('formatMonth', () => {
  it('writes a month as the language reads it, and leaves anything else as it is', () => {
    expect(formatMonth('2026-10', 'EN')).toBe('Oct 2026');
    expect(formatMonth('2026-10', 'BN')).toBe('অক্টোবর ২০২৬');
    expect(formatMonth('2026-13', 'EN')).toBe('2026-13');
    expect(formatMonth('October', 'BN')).toBe('October');
  });
});

describe('formatDay', () => {
  it('writes a YYYY-MM-DD calendar day without moving it by any zone', () => {
    expect(formatDay('2026-11-05', 'EN')).toBe('5 Nov 2026');
    expect(formatDay('2026-11-05', 'BN')).toBe('৫ নভেম্বর ২০২৬');
    expect(formatDay('2000-01-01', 'BN')).toBe('১ জানুয়ারি ২০০০');
    expect(formatDay('', 'BN')).toBe('');
  });
});

describe('languageDigits', () => {
  it('writes Bengali digits for BN and leaves English alone', () => {
    expect(languageDigits('At least 8, 2026', 'BN')).toBe('At least ৮, ২০২৬');
    expect(languageDigits('At least 8', 'EN')).toBe('At least 8');
  });
});

describe('siteDay', () => {
  it("is Dhaka's calendar day", () => {
    expect(siteDay(new Date('2026-03-15T17:59:59Z'))).toBe('2026-03-15');
    expect(siteDay(new Date('2026-03-15T18:00:00Z'))).toBe('2026-03-16');
    expect(siteDay(Date.parse(LATE))).toBe('2026-03-16');
  });
});

describe('siteDayStart', () => {
  it("is the instant Dhaka's day begins, so the instant before belongs to the day before", () => {
    const start = siteDayStart('2026-03-16');
    expect(start.toISOString()).toBe('2026-03-15T18:00:00.000Z');
    expect(siteDay(start)).toBe('2026-03-16');
    expect(siteDay(start.getTime() - 1)).toBe('2026-03-15');
    expect(siteDayStart(siteDay(start)).getTime()).toBe(start.getTime());
  });

  it('steps across a month and a year end', () => {
    expect(siteDayStart('2026-01-01').toISOString()).toBe('2025-12-31T18:00:00.000Z');
    expect(siteDay(new Date('2025-12-31T17:59:59.999Z'))).toBe('2025-12-31');
    expect(siteDay(new Date('2025-12-31T18:00:00.000Z'))).toBe('2026-01-01');
    expect(siteDayStart(addDays('2026-02-28', 1)).toISOString()).toBe('2026-02-28T18:00:00.000Z');
  });

  it("follows the zone's data, not a fixed offset: Bangladesh kept UTC+7 in the second half of 2009", () => {
    expect(siteDayStart('2009-07-01').toISOString()).toBe('2009-06-30T17:00:00.000Z');
    // Clocks went forward at 23:00 on 19 June 2009, so the 20th began an hour early.
    expect(siteDayStart('2009-06-19').toISOString()).toBe('2009-06-18T18:00:00.000Z');
    expect(siteDayStart('2009-06-20').toISOString()).toBe('2009-06-19T17:00:00.000Z');
    expect(siteDay(new Date('2009-06-19T16:59:59Z'))).toBe('2009-06-19');
    expect(siteDay(new Date('2009-06-19T17:00:00Z'))).toBe('2009-06-20');
  });
});

describe('addDays', () => {
  it('counts calendar days across month, leap-year and year ends', () => {
    expect(addDays('2026-03-31', 1)).toBe('2026-04-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-15', 0)).toBe('2026-03-15');
  });
});
