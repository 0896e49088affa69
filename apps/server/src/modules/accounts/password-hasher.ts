/**
 * Password hashing with argon2id on libuv's thread pool, off the main thread. Parameters are
 * one of OWASP's equal-strength argon2id settings (m = 7 MiB, t = 5, p = 1): the least memory per
 * hash, so a small server hashes many logins at once. A stored hash made with other parameters is
 * upgraded at the next successful login.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package's enum is a const enum, which cannot be imported as a value. */
const ARGON2ID = 2 as Algorithm;

const OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
} as const;
const PARAMS = `m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}`;

export const passwordHasher = {
  hash(password: string) {
    return hash(password, OPTIONS);
  },
  async verify(stored: string, password: string) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  },
  /** True when the PHC string ($argon2id$v=19$m=…,t=…,p=…$…) has other parameters than ours. */
  needsRehash(stored: string) {
    return !stored.startsWith('$argon2id$') || stored.split('$')[3] !== PARAMS;
  },
};

/**
 * A hash to verify against when the account does not exist, so a wrong username takes as long
 * as a wrong password and timing does not tell which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= passwordHasher.hash('no-such-account'));
