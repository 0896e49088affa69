import { describe, expect, it } from 'vitest';
import { passwordHasher } from './password-hasher';

describe('password hasher', () => {
  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const stored = await passwordHasher.hash('বাংলা passphrase 42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await passwordHasher.verify(stored, 'বাংলা passphrase 42')).toBe(true);
    expect(await passwordHasher.verify(stored, 'বাংলা passphrase 43')).toBe(false);
    expect(await passwordHasher.verify('not a hash', 'x')).toBe(false);
  });

  it('asks to rehash a hash made with other parameters', async () => {
    expect(passwordHasher.needsRehash(await passwordHasher.hash('x'))).toBe(false);
    expect(
      passwordHasher.needsRehash('$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g'),
    ).toBe(true);
    expect(passwordHasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv')).toBe(true);
  });
});
