/**
 * The providers that serve games and call the wallet, with the secrets they sign with. Each has
 * a row in `game_providers`; the first start makes one for the demo vendor, our in-house games
 * and our lottery with a random secret. An operator adding a real vendor adds its row.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gameProviders } from '../../db/schema/game-wallet';
import { AppError } from '../../errors';

export interface GameProvider {
  code: string;
  name: string;
  secret: string;
  launchUrl: string | null;
  active: boolean;
}

/** Our own providers, made at first start. */
const BUILT_IN = [
  { code: 'DEMO', name: 'Demo vendor' },
  { code: 'BGS', name: 'Khela Originals (in-house)' },
  { code: 'LOTTERY', name: 'Khela Lottery' },
];

/** The hex HMAC-SHA256 of a raw body under a provider's secret: what `x-signature` carries. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** An unknown provider code is asked of the database at most this often. */
const MISS_TTL_MS = 60_000;

export class GameProviders {
  private byCode = new Map<string, GameProvider>();
  private readonly misses = new Map<string, number>();

  constructor(private readonly db: Database) {}

  async start() {
    await this.db
      .insert(gameProviders)
      .values(BUILT_IN.map((p) => ({ ...p, secret: randomBytes(32).toString('base64url') })))
      .onConflictDoNothing();
    await this.reload();
  }

  async reload() {
    const rows = await this.db.select().from(gameProviders);
    this.byCode = new Map(rows.map((row) => [row.code, row]));
  }

  get(code: string): GameProvider | undefined {
    return this.byCode.get(code);
  }

  /**
   * The provider, read past the in-memory copy when it is not there (an operator just added
   * it); a code that is malformed or was missing within the last minute costs no query.
   */
  private async known(code: string): Promise<GameProvider | undefined> {
    const held = this.get(code);
    if (held) return held;
    if (!/^[A-Z0-9_]{1,16}$/.test(code) || (this.misses.get(code) ?? 0) > Date.now()) {
      return undefined;
    }
    const row = await this.fresh(code);
    if (!row) {
      if (this.misses.size > 1_000) this.misses.clear();
      this.misses.set(code, Date.now() + MISS_TTL_MS);
    }
    return row;
  }

  /** Reads one provider past the in-memory copy (an operator just added or rotated it). */
  async fresh(code: string): Promise<GameProvider | undefined> {
    const [row] = await this.db.select().from(gameProviders).where(eq(gameProviders.code, code));
    if (row) this.byCode.set(code, row);
    else this.byCode.delete(code);
    return row;
  }

  /**
   * Checks a vendor call's signature over the raw body; answers the provider it names. A missing,
   * unknown or inactive provider, or a wrong signature, is 401 vendor.badSignature, and nothing
   * about which it was.
   */
  async verify(code: string | undefined, signature: string | undefined, rawBody: string) {
    const provider = code ? await this.known(code) : undefined;
    if (!provider?.active || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
      throw new AppError('vendor.badSignature');
    }
    const expected = Buffer.from(signBody(provider.secret, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      throw new AppError('vendor.badSignature');
    }
    return provider;
  }
}
