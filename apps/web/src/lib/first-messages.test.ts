import { CLIENT_MESSAGES, ERRORS } from '@khela/contract/errors';
import { describe, expect, it } from 'vitest';
import { FIRST_MESSAGES } from './first-messages';

describe('the first screen copy of catalogue messages', () => {
  it.each(Object.entries(FIRST_MESSAGES))('%s reads as the catalogue says', (key, copy) => {
    const source = key in ERRORS ? ERRORS[key as keyof typeof ERRORS] : undefined;
    const original = source ?? CLIENT_MESSAGES[key as keyof typeof CLIENT_MESSAGES];
    expect(original).toBeDefined();
    expect(copy).toEqual({ EN: original.EN, BN: original.BN });
  });
});
