/**
 * Failed logins, counted per account and per client IP over an hour: from the 3rd failure on an
 * account a captcha is required; from the 6th the account waits
 * 1, 2, 4 … seconds (at most 15 minutes) between tries; the 100th failure in an hour locks it
 * until the hour ends. From one IP, the captcha comes after the 20th failure. A success clears the account's count.
 */
import type { CacheStore } from '../../providers/cache/cache-store';

const WINDOW_MS = 3_600_000;
const CAPTCHA_AFTER_ACCOUNT = 3;
// Mobile carriers put many players behind one address (CGNAT), so the IP bar is higher.
const CAPTCHA_AFTER_IP = 20;
const DELAY_FROM = 6;
const MAX_DELAY_S = 900;
const HARD_CAP = 100;

export interface ThrottleState {
  captchaRequired: boolean;
  retryAfterSeconds: number;
}

export class LoginThrottle {
  constructor(private readonly cache: CacheStore) {}

  async state(account: string, ip: string): Promise<ThrottleState> {
    const [accountFails, ipFails, lockedUntil] = await Promise.all([
      this.cache.get(`lf:a:${account}`),
      this.cache.get(`lf:i:${ip}`),
      this.cache.get(`lf:lock:${account}`),
    ]);
    const wait = lockedUntil ? Math.ceil((Number(lockedUntil) - Date.now()) / 1000) : 0;
    return {
      captchaRequired:
        Number(accountFails ?? 0) >= CAPTCHA_AFTER_ACCOUNT ||
        Number(ipFails ?? 0) >= CAPTCHA_AFTER_IP,
      retryAfterSeconds: Math.max(0, wait),
    };
  }

  async recordFailure(account: string, ip: string): Promise<ThrottleState> {
    const [accountFails] = await Promise.all([
      this.cache.incr(`lf:a:${account}`, WINDOW_MS),
      this.cache.incr(`lf:i:${ip}`, WINDOW_MS),
    ]);
    let delay = 0;
    if (accountFails >= HARD_CAP) delay = WINDOW_MS / 1000;
    else if (accountFails >= DELAY_FROM)
      delay = Math.min(2 ** (accountFails - DELAY_FROM), MAX_DELAY_S);
    if (delay > 0) {
      await this.cache.set(`lf:lock:${account}`, String(Date.now() + delay * 1000), delay * 1000);
    }
    return this.state(account, ip);
  }

  async recordSuccess(account: string) {
    await Promise.all([this.cache.del(`lf:a:${account}`), this.cache.del(`lf:lock:${account}`)]);
  }
}
