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

/** Today (or the day of `now`) on Dhaka's calendar, YYYY-MM-DD. */
export const siteDay = (now: Date | number = new Date()) => formatDate(now, 'day');
