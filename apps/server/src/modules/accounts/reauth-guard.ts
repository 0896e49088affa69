/**
 * Re-entering a password to confirm an action (a withdrawal, an upline transfer, binding a payee,
 * changing the payment password): the one place that checks it and counts wrong tries. Every
 * caller shares one counter per member and password kind, so tries in one screen count against
 * the others: at most `passwordTries` wrong ones in the window, then 429 until it ends. A right
 * one clears the count. The counter lives in the cache store, so every process sees it.
 */
import { WITHDRAW_LIMITS } from '@khela/contract/withdrawals';
import type { ErrorCode } from '@khela/contract/errors';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import type { PasswordHasher } from './password-hasher';

const WINDOW_MS = WITHDRAW_LIMITS.passwordWindowMinutes * 60_000;

/** Which password is re-entered: the login password or the payment password. */
export type ReauthPassword = 'login' | 'payment';

export const reauthKey = (password: ReauthPassword, memberId: bigint) =>
  `reauth:${password}:${memberId}`;

export class ReauthGuard {
  constructor(
    private readonly cache: CacheStore,
    private readonly passwords: PasswordHasher,
  ) {}

  /**
   * Resolves when `given` matches `hash`; otherwise throws `wrong` with `triesLeft`, or
   * `rate.limited` once the tries are used up (without checking the password).
   */
  async check(
    password: ReauthPassword,
    memberId: bigint,
    hash: string,
    given: string,
    wrong: ErrorCode,
  ): Promise<void> {
    const key = reauthKey(password, memberId);
    const fails = Number((await this.cache.get(key)) ?? 0);
    if (fails >= WITHDRAW_LIMITS.passwordTries) {
      throw new AppError('rate.limited', { retryAfterSeconds: WINDOW_MS / 1000 });
    }
    if (await this.passwords.verify(hash, given)) {
      if (fails > 0) await this.cache.del(key);
      return;
    }
    const count = await this.cache.incr(key, WINDOW_MS);
    throw new AppError(wrong, { triesLeft: Math.max(0, WITHDRAW_LIMITS.passwordTries - count) });
  }
}
