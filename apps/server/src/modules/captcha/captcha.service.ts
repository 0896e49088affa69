/**
 * Digits-only image captchas: single-use, short-lived, the answer stored hashed in the cache
 * store. With OPS_CAPTCHA_PEEK on (automated end-to-end environments only) the operator API can
 * read an answer back; it is off by default.
 */
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CacheStore } from '../../providers/cache/cache-store';
import { hashToken } from '../../lib/tokens';

const TTL_MS = 2 * 60_000;
const LENGTH = 4;

export class CaptchaService {
  constructor(
    private readonly cache: CacheStore,
    private readonly peekEnabled: boolean,
  ) {}

  async create() {
    const { text, data } = svgCaptcha.create({
      size: LENGTH,
      charPreset: '0123456789',
      noise: 3,
      color: true,
      background: '#f4f1e8',
      width: 120,
      height: 44,
    });
    const captchaId = randomUUID();
    await this.cache.set(`captcha:${captchaId}`, hashToken(text), TTL_MS);
    if (this.peekEnabled) await this.cache.set(`captcha-peek:${captchaId}`, text, TTL_MS);
    return {
      captchaId,
      image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    };
  }

  /** True when the answer matches; the captcha is used up either way. */
  async verify(captchaId: string | undefined, answer: string | undefined) {
    if (!captchaId || !answer) return false;
    const stored = await this.cache.take(`captcha:${captchaId}`);
    await this.cache.del(`captcha-peek:${captchaId}`);
    return stored !== null && stored === hashToken(answer.trim());
  }

  async peek(captchaId: string) {
    return this.peekEnabled ? this.cache.get(`captcha-peek:${captchaId}`) : null;
  }
}
