/**
 * Dates and times as the site shows them: always on Dhaka's clock (the site's players are in
 * Bangladesh, and a statement's day must not move with a phone's zone), in the player's language.
 * The one place that builds Intl date formats; each is built once and kept, since building one
 * costs more than using it.
 */
import type { Language } from './language';

export const SITE_TIME_ZONE = 'Asia/Dhaka';

/**
 * - `dateTime`: "15 Mar 2026, 14:05" (the player's screens: messages, sessions, deposits…)
 * - `date`: "15 Mar 2026"
 * - `time`: "14:05"
 * - `dayMonthTime`: "15 Mar, 14:05" (a chat message of another day)
 * - `stamp`: "2026-03-15 14:05:09" (statements and records, sortable at a glance)
 * - `day`: "2026-03-15" (a calendar day: notices, promotions, record ranges)
 */
export type DateStyle = 'dateTime' | 'date' | 'time' | 'dayMonthTime' | 'stamp' | 'day';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { hour: '2-digit', minute: '2-digit' },
  dayMonthTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
  stamp: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
};

/** `stamp` and `day` are fixed-order numeric forms: sv-SE and en-CA write exactly those. */
function locale(style: DateStyle, language: Language): string {
  if (style === 'stamp') return 'sv-SE';
  if (style === 'day') return 'en-CA';
  return language === 'BN' ? 'bn-BD' : 'en-GB';
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(style: DateStyle, language: Language): Intl.DateTimeFormat {
  const key = `${style}:${language}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale(style, language), {
      ...OPTIONS[style],
      timeZone: SITE_TIME_ZONE,
    });
    formats.set(key, made);
  }
  return made;
}

/**
 * An instant (ISO text, Date or epoch ms) in `style` on Dhaka's clock; text that is not a date
 * comes back as it is, so a bad value shows rather than "Invalid Date".
 */
export function formatDate(
  value: string | number | Date,
  style: DateStyle,
  language: Language = 'EN',
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return format(style, language).format(date);
}

/**
 * Today (or the day of `now`) on Dhaka's calendar, YYYY-MM-DD: the one Dhaka-day helper (records,
 * rebate periods, agent periods).
 */
export const siteDay = (now: Date | number = new Date()) => formatDate(now, 'day');

/** `day` plus `days` calendar days (negative goes back), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

let offsetFormat: Intl.DateTimeFormat | undefined;

/** Dhaka's offset from UTC at `instant`, in milliseconds (from the time-zone data). */
function siteOffset(instant: number): number {
  offsetFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SITE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part: Record<string, number> = {};
  for (const p of offsetFormat.formatToParts(new Date(instant))) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  return wall - instant;
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
