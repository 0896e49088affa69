import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, TOAST_MS, unreadBadge } from './constants';
import { pickLanguage } from './language';
import { defaultWhitelabel } from './flags';
import { fieldErrors } from './validation';

describe('unread badge', () => {
  it('caps at 99+', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
  });
});

describe('language choice', () => {
  it('prefers the query, then Accept-Language, then Bengali', () => {
    expect(pickLanguage('en', 'bn')).toBe('EN');
    expect(pickLanguage(undefined, 'en-US,en;q=0.9')).toBe('EN');
    expect(pickLanguage(undefined, 'fr-FR, bn;q=0.5')).toBe('BN');
    expect(pickLanguage('FR', undefined)).toBe('BN');
  });
});

describe('business constants', () => {
  it('match the spec', () => {
    expect(PAGE_SIZE).toMatchObject({
      games: 36,
      favourites: 200,
      favouritesOnHome: 100,
      winners: 20,
    });
    expect(TOAST_MS).toMatchObject({ default: 1500, success: 1000, short: 3000, long: 8000 });
  });

  it('start social logins off and the rest of the flags on', () => {
    const flags = defaultWhitelabel();
    expect(flags.FACEBOOKLOGIN3).toBe(false);
    expect(flags.REWCEN3).toBe(true);
  });
});

describe('field errors', () => {
  it('names each bad field once, in the asked language', () => {
    const issues = [
      {
        code: 'invalid_type',
        path: ['username'],
        message: 'Invalid input: expected string, received undefined',
      },
      { code: 'too_small', path: ['password'], message: 'Too small' },
      { code: 'too_small', path: ['password'], message: 'Too small again' },
      { code: 'unrecognized_keys', path: [], keys: ['extra'], message: 'Unrecognized key' },
    ];
    expect(fieldErrors(issues, 'EN')).toEqual({
      username: ['This field is required'],
      password: ['Too short or too small'],
      extra: ['Unknown field'],
    });
    expect(fieldErrors(issues, 'BN').username?.[0]).toBe('এই ঘরটি পূরণ করা আবশ্যক');
  });
});
