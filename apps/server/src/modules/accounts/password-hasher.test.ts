import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { TEST_PASSWORD_HASH_COST } from '../../../test/test-app';
import { PasswordHasher } from './password-hasher';

describe('password hasher', () => {
  // The one test at the production cost: what a server hashes with when nothing is configured.
  it('hashes at the OWASP argon2id parameters by default and verifies only the right password', async () => {
    const production = new PasswordHasher(loadConfig({}).passwordHashCost);
    const stored = await production.hash('বাংলা passphrase 42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(production.needsRehash(stored)).toBe(false);
    expect(await production.verify(stored, 'বাংলা passphrase 42')).toBe(true);
    expect(await production.verify(stored, 'বাংলা passphrase 43')).toBe(false);
    expect(await production.verify('not a hash', 'x')).toBe(false);
  });

  it('hashes at the configured cost and asks to rehash a hash made with other parameters', async () => {
    const cheap = new PasswordHasher(TEST_PASSWORD_HASH_COST);
    const stored = await cheap.hash('x');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(cheap.needsRehash(stored)).toBe(false);
    expect(await cheap.verify(stored, 'x')).toBe(true);
    expect(cheap.needsRehash('$argon2id$v=19$m=7168,t=5,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(cheap.needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g')).toBe(true);
    expect(cheap.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });

  it('verifies a hash made at another cost, so a change of cost locks nobody out', async () => {
    const stored = await new PasswordHasher({ memoryCost: 512, timeCost: 2, parallelism: 1 }).hash(
      'পাসওয়ার্ড',
    );
    expect(await new PasswordHasher(TEST_PASSWORD_HASH_COST).verify(stored, 'পাসওয়ার্ড')).toBe(true);
  });

  it('reads PASSWORD_HASH_COST and refuses a malformed or too small one', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: 'm=19456,t=2,p=1' }).passwordHashCost).toEqual({
      memoryCost: 19456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'm=7168,t=5' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'm=7168,t=0,p=1' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(() => loadConfig({ PASSWORD_HASH_COST: 'm=8,t=1,p=2' })).toThrow(/PASSWORD_HASH_COST/);
  });
});
