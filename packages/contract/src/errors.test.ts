import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, ERRORS, errorMessage, isErrorCode } from './errors';

const BENGALI = /[\u0980-\u09FF]/;

describe('error catalogue', () => {
  it('has an English and a Bengali message for every code, with an honest status', () => {
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(entry.EN, code).not.toBe('');
      expect(entry.BN, code).toMatch(BENGALI);
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
    }
    for (const entry of Object.values(CLIENT_MESSAGES)) expect(entry.BN).toMatch(BENGALI);
  });

  it('keeps the spec’s player-facing wording in English', () => {
    expect(errorMessage('member.trialForbidden', 'EN')).toBe(
      'Please login an actual account to use this function',
    );
    expect(errorMessage('session.notLoggedIn', 'EN')).toBe(
      'You are not logged in, please login first',
    );
    expect(errorMessage('affiliate.invalid', 'EN')).toBe('Invalid invitation code');
    expect(errorMessage('validation.confirmMismatch', 'EN')).toBe(
      'Confirmation password not matched',
    );
    expect(errorMessage('system.upgrading', 'EN')).toBe('System upgrading, please try again later');
    expect(CLIENT_MESSAGES.loadFailed.EN).toBe('Loading failed, click to retry');
  });

  it('uses the statuses of the API conventions', () => {
    expect(ERRORS['session.notLoggedIn'].status).toBe(401);
    expect(ERRORS['session.expired'].status).toBe(401);
    expect(ERRORS['member.trialForbidden'].status).toBe(403);
    expect(ERRORS['rate.limited'].status).toBe(429);
    expect(ERRORS['system.maintenance'].status).toBe(503);
    expect(ERRORS['system.ipBlocked'].status).toBe(403);
  });

  it('recognises its own codes only', () => {
    expect(isErrorCode('modify.new.old.same')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });
});
