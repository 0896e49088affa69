/**
 * Field-level validation messages in both languages, keyed by zod issue code, so a 400 names each
 * bad field in the player's language on the server and the same words appear in the web forms.
 */
import type { Language, Localized } from './language';

const MESSAGES = {
  required: { EN: 'This field is required', BN: 'এই ঘরটি পূরণ করা আবশ্যক' },
  invalid_type: { EN: 'Wrong kind of value', BN: 'মানের ধরন সঠিক নয়' },
  too_small: { EN: 'Too short or too small', BN: 'খুব ছোট বা খুব কম' },
  too_big: { EN: 'Too long or too large', BN: 'খুব বড় বা খুব বেশি' },
  invalid_format: { EN: 'Wrong format', BN: 'বিন্যাস সঠিক নয়' },
  invalid_value: { EN: 'Not an allowed value', BN: 'অনুমোদিত মান নয়' },
  unrecognized_keys: { EN: 'Unknown field', BN: 'অজানা ঘর' },
  not_multiple_of: { EN: 'Not an allowed value', BN: 'অনুমোদিত মান নয়' },
  // NUL or half of a surrogate pair: text no database or screen can hold (server-side check).
  invalid_characters: {
    EN: 'Contains characters that are not allowed',
    BN: 'এতে অনুমোদিত নয় এমন অক্ষর আছে',
  },
  other: { EN: 'Invalid value', BN: 'মানটি সঠিক নয়' },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof MESSAGES;

/** Minimal view of a zod issue, so this file needs no zod import. */
export interface IssueLike {
  code: string;
  path: PropertyKey[];
  input?: unknown;
  keys?: string[];
  message?: string;
}

function messageKey(issue: IssueLike): ValidationMessageKey {
  // zod reports the input only when asked to; its message names what it received.
  const missing =
    'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message ?? '');
  if (issue.code === 'invalid_type' && missing) return 'required';
  return issue.code in MESSAGES ? (issue.code as ValidationMessageKey) : 'other';
}

/** Turns zod issues into `{ field: [messages] }` in the given language. */
export function fieldErrors(
  issues: readonly IssueLike[],
  language: Language,
  prefix = '',
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, text: string) => {
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  for (const issue of issues) {
    const text = MESSAGES[messageKey(issue)][language];
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, text);
    } else {
      add(base || '(body)', text);
    }
  }
  return out;
}
