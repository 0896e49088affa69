import { checkRegistrationField, defaultRegistrationRules } from '@khela/contract/accounts';
import { describe, expect, it } from 'vitest';
import { generateUsername, USERNAME_ADJECTIVES, USERNAME_ANIMALS } from './username-generator';

const rule = { ...defaultRegistrationRules().fields.username, enabled: true, required: true };

describe('generateUsername', () => {
  it('makes an adjective, an animal and two digits, such as luckytiger07', () => {
    const picks = [7, 0, 0];
    const name = generateUsername(() => picks.shift()!);
    expect(name).toBe('luckytiger07');
  });

  it('makes only names that pass the registration username rule', () => {
    for (const adjective of USERNAME_ADJECTIVES) {
      for (const animal of USERNAME_ANIMALS) {
        for (const digits of [0, 99]) {
          const picks = [
            digits,
            USERNAME_ADJECTIVES.indexOf(adjective),
            USERNAME_ANIMALS.indexOf(animal),
          ];
          const name = generateUsername(() => picks.shift()!);
          expect(checkRegistrationField('username', name, rule), name).toEqual([]);
        }
      }
    }
  });

  it('has a word list with no repeats and enough names for a growing site', () => {
    expect(new Set(USERNAME_ADJECTIVES).size).toBe(USERNAME_ADJECTIVES.length);
    expect(new Set(USERNAME_ANIMALS).size).toBe(USERNAME_ANIMALS.length);
    expect(USERNAME_ADJECTIVES.length * USERNAME_ANIMALS.length * 100).toBeGreaterThan(50_000);
  });

  it('uses the crypto source by default: names vary', () => {
    const names = new Set(Array.from({ length: 20 }, () => generateUsername()));
    expect(names.size).toBeGreaterThan(10);
  });
});
