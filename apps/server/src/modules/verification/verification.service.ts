/**
 * One-time SMS codes: 6 digits, valid 5 minutes, bound to their purpose (module) and number,
 * stored hashed, 5 guesses per code. A number gets one code a minute and 5 an hour; the resend
 * countdown the player sees ends at `expirationTime`.
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
      const code = numericCode(6);
      const stored: StoredCode = { hash: hashToken(`${module}:${key}:${code}`), guesses: 0 };
      await this.cache.set(`sms:code:${module}:${key}`, JSON.stringify(stored), CODE_TTL_MS);
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
    const key = phoneKey(phone);
    const cacheKey = `sms:code:${module}:${key}`;
    const raw = await this.cache.get(cacheKey);
    if (!raw) return false;
    const stored = JSON.parse(raw) as StoredCode;
    if (stored.hash === hashToken(`${module}:${key}:${code}`)) {
      if (consume) await this.cache.del(cacheKey);
      return true;
    }
    stored.guesses += 1;
    if (stored.guesses >= MAX_GUESSES) await this.cache.del(cacheKey);
    else await this.cache.set(cacheKey, JSON.stringify(stored), CODE_TTL_MS);
    return false;
  }

  async consume(module: SmsModule, phone: Phone) {
    await this.cache.del(`sms:code:${module}:${phoneKey(phone)}`);
  }
}
