/**
 * Dates and times as the site shows them (docs/formatting.md): always on Dhaka's clock (the site's
 * players are in Bangladesh, and a statement's day must not move with a phone's zone), in the
 * player's language with one rule each:
 *
 * - English: "16 Mar 2026, 14:05" (Latin digits, 24-hour clock)
 * - Bengali: "১৬ মার্চ ২০২৬, ১৪:০৫" (Bengali digits and month names, 24-hour clock, no "AM")
 *
 * Intl only reads Dhaka's wall clock (one format, built once: building one costs more than using
 * it); the text is put together here, so it is the same in every browser and in Node whatever
 * their locale data says (Chromium's bn writes "AM", some builds Latin digits).
 */
import type { Language } from './language';

export const SITE_TIME_ZONE = 'Asia/Dhaka';

/**
 * - `dateTime`: "16 Mar 2026, 14:05" (messages, sessions, deposits, withdrawals…)
 * - `dateTimeSeconds`: "16 Mar 2026, 14:05:09" (statements and records: two rows a second apart)
 * - `date`: "16 Mar 2026" (notices, promotions, a day picked in a date field)
 * - `time`: "14:05"
 * - `dayMonthTime`: "16 Mar, 14:05" (a chat message of another day)
 *
 * The calendar day as data (YYYY-MM-DD, for the API and date inputs) is `siteDay`, never shown.
 */
export type DateStyle = 'dateTime' | 'dateTimeSeconds' | 'date' | 'time' | 'dayMonthTime';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Latin digits written in the language's digits: Bengali for BN, as they are for EN. */
export function languageDigits(text: string, language: Language): string {
  return language === 'BN'
    ? text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)]!)
    : text;
}

const MONTHS: Record<Language, readonly string[]> = {
  EN: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  BN: [
    'জানুয়ারি',
    'ফেব্রুয়ারি',
    'মার্চ',
    'এপ্রিল',
    'মে',
    'জুন',
    'জুলাই',
    'আগস্ট',
    'সেপ্টেম্বর',
    'অক্টোবর',
    'নভেম্বর',
    'ডিসেম্বর',
  ],
};

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

let dhakaClock: Intl.DateTimeFormat | undefined;

/** The instant's year, month, day and time on Dhaka's clock. */
function onDhakaClock(date: Date): WallClock {
  dhakaClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of dhakaClock.formatToParts(date)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

const two = (n: number) => String(n).padStart(2, '0');

function compose(clock: WallClock, style: DateStyle, language: Language): string {
  const month = MONTHS[language][clock.month - 1] ?? '';
  const dayMonth = `${clock.day} ${month}`;
  const date = `${dayMonth} ${clock.year}`;
  const time = `${two(clock.hour)}:${two(clock.minute)}`;
  const text =
    style === 'date'
      ? date
      : style === 'time'
        ? time
        : style === 'dayMonthTime'
          ? `${dayMonth}, ${time}`
          : style === 'dateTimeSeconds'
            ? `${date}, ${time}:${two(clock.second)}`
            : `${date}, ${time}`;
  return languageDigits(text, language);
}

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/**
 * An instant (ISO text, Date or epoch ms) in `style` on Dhaka's clock in the language; text that
 * is not a date comes back as it is, so a bad value shows rather than "Invalid Date".
 */
export function formatDate(
  value: string | number | Date,
  style: DateStyle,
  language: Language,
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return compose(onDhakaClock(date), style, language);
}

/**
 * A calendar day given as YYYY-MM-DD (a record range's end, a birthday) written in the language:
 * "16 Mar 2026" / "১৬ মার্চ ২০২৬". The day is taken as it is, without any zone.
 */
export function formatDay(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, dayOfMonth] = match;
  return compose(
    {
      year: Number(year),
      month: Number(month),
      day: Number(dayOfMonth),
      hour: 0,
      minute: 0,
      second: 0,
    },
    'date',
    language,
  );
}

/**
 * A calendar month given as YYYY-MM (a dividend contract's month) written in the language:
 * "Oct 2026" / "অক্টোবর ২০২৬".
 */
export function formatMonth(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[language][Number(match[2]) - 1] : undefined;
  return match && name ? languageDigits(`${name} ${match[1]}`, language) : month;
}

/** Today (or the day of `now`) on Dhaka's calendar, YYYY-MM-DD: data, not for the screen. */
export function siteDay(now: Date | number | string = new Date()): string {
  const date = toDate(now);
  if (Number.isNaN(date.getTime())) return '';
  const clock = onDhakaClock(date);
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}`;
}

/** `day` plus `days` calendar days (negative goes back), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Dhaka's offset from UTC at `instant`, in milliseconds (from the time-zone data). */
function siteOffset(instant: number): number {
  const c = onDhakaClock(new Date(instant));
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - instant;
}

const dayStarts = new Map<string, number>();

/**
 * The instant Dhaka's calendar day `day` (YYYY-MM-DD) starts: its midnight on Dhaka's clock,
 * from the time-zone data (UTC+6 today; Bangladesh kept daylight saving, UTC+7, in 2009). A day
 * runs from its start to the next day's: `[siteDayStart(day), siteDayStart(addDays(day, 1)))`.
 */
export function siteDayStart(day: string): Date {
  let start = dayStarts.get(day);
  if (start === undefined) {
    const wall = Date.parse(`${day}T00:00:00Z`);
    start = wall - siteOffset(wall - siteOffset(wall));
    // Days asked for are few (a picker's years); the bound only guards memory.
    if (dayStarts.size > 20_000) dayStarts.clear();
    dayStarts.set(day, start);
  }
  return new Date(start);
}
