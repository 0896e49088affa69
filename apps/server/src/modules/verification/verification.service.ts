/**
 * One-time SMS codes: 6 digits, valid 5 minutes, bound to their purpose (module) and number,
 * stored hashed, 5 guesses per code. A number gets one code a minute and 5 an hour; the resend
 * countdown the player sees ends at `expirationTime`.
 *
 * The same store keeps other flows' codes (`issueCode` / `checkCode`): the step-up code of a
 * new-device login is bound to its ticket instead of a number, and delivered by its caller.
 */
import type { SmsModule } from '@khela/contract/accounts';
import type { Language } from '@khela/contract/language';
import { SMS } from '@khela/contract/constants';
import { AppError } from '../../errors';
import { hashToken, numericCode } from '../../lib/tokens';
import type { CacheStore } from '../../providers/cache/cache-store';
import { smsCodeText } from '../outbox/message-templates';
import type { OutboxService } from '../outbox/outbox.service';
import { phoneKey, type Phone } from '@khela/contract/phone';

const CODE_TTL_MS = 5 * 60_000;
const RESEND_MS = SMS.defaultWaitSeconds * 1000;
const MAX_GUESSES = 5;
const PER_NUMBER_PER_HOUR = 5;
const PER_IP_PER_HOUR = 20;

interface StoredCode {
  hash: string;
  guesses: number;
  /** Epoch ms; a wrong guess keeps the code's end where it was. Older codes have none. */
  expiresAt?: number;
}

/** A checked code: `triesLeft` 0 once it is used up, burnt or gone. */
export interface CodeCheck {
  ok: boolean;
  triesLeft: number;
}

export class VerificationService {
  constructor(
    private readonly cache: CacheStore,
    private readonly outbox: OutboxService,
  ) {}

  /**
   * Issues a code. With `deliver` false (no account for a login or reset) nothing is sent but
   * the answer is the same, so the call does not tell which numbers have accounts.
   */
  async send(module: SmsModule, phone: Phone, ip: string, language: Language, deliver: boolean) {
    const key = phoneKey(phone);
    const cooling = await this.cache.get(`sms:cool:${module}:${key}`);
    if (cooling) {
      throw new AppError('rate.limited', {
        retryAfterSeconds: Math.max(1, Math.ceil((Number(cooling) - Date.now()) / 1000)),
      });
    }
    const [perNumber, perIp] = await Promise.all([
      this.cache.incr(`sms:n:${key}`, 3_600_000),
      this.cache.incr(`sms:ip:${ip}`, 3_600_000),
    ]);
    if (perNumber > PER_NUMBER_PER_HOUR || perIp > PER_IP_PER_HOUR) {
      throw new AppError('rate.limited', { retryAfterSeconds: 3600 });
    }
    const expirationTime = Date.now() + RESEND_MS;
    await this.cache.set(`sms:cool:${module}:${key}`, String(expirationTime), RESEND_MS);
    if (deliver) {
      const code = await this.issueCode(`${module}:${key}`, CODE_TTL_MS);
      // A code that arrives after it has run out is no use: the outbox fails it instead.
      await this.outbox.send({
        channel: 'sms',
        to: key,
        text: smsCodeText(language, code, CODE_TTL_MS / 60_000),
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
    }
    return { expirationTime };
  }

  /**
   * Checks a code. `consume` uses it up on success; a wrong guess counts, and the fifth wrong
   * guess burns the code.
   */
  async check(module: SmsModule, phone: Phone, code: string, consume: boolean) {
    return (await this.checkCode(`${module}:${phoneKey(phone)}`, code, consume)).ok;
  }

  /**
   * A new code for `scope` (a flow and what the code is bound to), replacing the one before;
   * the caller delivers it. Good for `ttlMs` and MAX_GUESSES tries.
   */
  async issueCode(scope: string, ttlMs: number, length = 6): Promise<string> {
    const code = numericCode(length);
    const stored: StoredCode = {
      hash: hashToken(`${scope}:${code}`),
      guesses: 0,
      expiresAt: Date.now() + ttlMs,
    };
    await this.cache.set(`sms:code:${scope}`, JSON.stringify(stored), ttlMs);
    return code;
  }

  /** Checks a code of `scope`: used up on success when `consume`; burnt at the last wrong guess. */
  async checkCode(scope: string, code: string, consume: boolean): Promise<CodeCheck> {
    const cacheKey = `sms:code:${scope}`;
    const raw = await this.cache.get(cacheKey);
    if (!raw) return { ok: false, triesLeft: 0 };
    const stored = JSON.parse(raw) as StoredCode;
    const left = (stored.expiresAt ?? Date.now() + CODE_TTL_MS) - Date.now();
    if (left <= 0) return { ok: false, triesLeft: 0 };
    if (stored.hash === hashToken(`${scope}:${code}`)) {
      if (consume) await this.cache.del(cacheKey);
      return { ok: true, triesLeft: consume ? 0 : MAX_GUESSES - stored.guesses };
    }
    stored.guesses += 1;
    if (stored.guesses >= MAX_GUESSES) await this.cache.del(cacheKey);
    else await this.cache.set(cacheKey, JSON.stringify(stored), left);
    return { ok: false, triesLeft: Math.max(0, MAX_GUESSES - stored.guesses) };
  }

  async discardCode(scope: string) {
    await this.cache.del(`sms:code:${scope}`);
  }

  async consume(module: SmsModule, phone: Phone) {
    await this.discardCode(`${module}:${phoneKey(phone)}`);
  }
}
