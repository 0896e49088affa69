/**
 * Password hashing with argon2id. The hash runs on libuv's thread pool, off the main thread.
 * Parameters follow OWASP's argon2id guidance (m = 19 MiB, t = 2, p = 1); a stored hash made with
 * weaker parameters is upgraded at the next successful login.
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const passwordHasher = {
  hash(password: string) {
    return argon2.hash(password, OPTIONS);
  },
  async verify(hash: string, password: string) {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
  needsRehash(hash: string) {
    return argon2.needsRehash(hash, OPTIONS);
  },
};

/**
 * A hash to verify against when the account does not exist, so a wrong username takes as long
 * as a wrong password and timing does not tell which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= passwordHasher.hash('no-such-account'));
