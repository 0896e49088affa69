/**
 * Password hashing with argon2id on libuv's thread pool, off the main thread. The production cost
 * is one of OWASP's equal-strength argon2id settings (m = 7 MiB, t = 5, p = 1): the least memory
 * per hash, so a small server hashes many logins at once. The cost comes from configuration
 * (PASSWORD_HASH_COST) so test environments can hash cheaply; a stored hash made with other
 * parameters than the configured ones is upgraded at the next successful login.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package's enum is a const enum, which cannot be imported as a value. */
const ARGON2ID = 2 as Algorithm;

/** argon2id parameters: memory in KiB, passes, lanes (the PHC string's m, t and p). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const PRODUCTION_PASSWORD_HASH_COST: PasswordHashCost = {
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
};

/** The PHC parameter field, `m=7168,t=5,p=1`; also the form of PASSWORD_HASH_COST. */
export const formatHashCost = (cost: PasswordHashCost) =>
  `m=${cost.memoryCost},t=${cost.timeCost},p=${cost.parallelism}`;

export class PasswordHasher {
  private readonly options;
  private readonly params: string;
  private dummy: Promise<string> | undefined;

  constructor(cost: PasswordHashCost) {
    this.options = { algorithm: ARGON2ID, ...cost };
    this.params = formatHashCost(cost);
  }

  hash(password: string) {
    return hash(password, this.options);
  }

  async verify(stored: string, password: string) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }

  /** True when the PHC string ($argon2id$v=19$m=…,t=…,p=…$…) has other parameters than ours. */
  needsRehash(stored: string) {
    return !stored.startsWith('$argon2id$') || stored.split('$')[3] !== this.params;
  }

  /**
   * A hash to verify against when the account does not exist, at the configured cost, so a wrong
   * username takes as long as a wrong password and timing does not tell which accounts exist.
   */
  dummyHash() {
    return (this.dummy ??= this.hash('no-such-account'));
  }
}
