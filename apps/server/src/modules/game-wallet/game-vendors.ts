/**
 * The game vendor registry: who serves games and calls the wallet, with the secret each signs
 * with and where its game page is. Our in-house games (BGS) and our lottery are made at first
 * start; every outside vendor is a row the operator adds (operator API, `npm run ops -- vendor`),
 * so a real vendor is added by configuration and no code knows one by name. The registry is
 * small and read on every wallet call: each process holds it in a read cache, dropped in every
 * process when the operator changes it.
 */
import { changedFields, type AuditTrail } from '../audit/audit.service';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {
  OpsGameVendor,
  OpsGameVendorUpdate,
  OpsGameVendorWithSecret,
} from '@khela/contract/vendor-wallet';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { gameVendors } from '../../db/schema/game-wallet';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';

export type GameVendor = typeof gameVendors.$inferSelect;

/** Our own providers, made at first start: their pages are ours (no launch URL). */
const BUILT_IN = [
  { code: 'BGS', name: 'Khela Originals (in-house)' },
  { code: 'LOTTERY', name: 'Khela Lottery' },
];

/** The hex HMAC-SHA256 of a raw body under a vendor's secret: what `x-signature` carries. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export const newVendorSecret = () => randomBytes(32).toString('base64url');

const ALL = 'all';

export interface NewGameVendor {
  code: string;
  name: string;
  walletProtocol?: string;
  launchUrl: string | null;
  secret?: string;
  enabled?: boolean;
}

export class GameVendors {
  private readonly cache: ReadCache<Map<string, GameVendor>>;
  /** The last registry read, for the few synchronous readers (page headers, tests). */
  private last = new Map<string, GameVendor>();

  constructor(
    private readonly db: Database,
    shared: CacheStore,
  ) {
    // The TTL only bounds a notice lost while Redis was away.
    this.cache = new ReadCache(shared, { name: 'game-vendors', max: 1, ttlMs: 60_000 });
  }

  async start() {
    await this.db
      .insert(gameVendors)
      .values(BUILT_IN.map((p) => ({ ...p, secret: newVendorSecret() })))
      .onConflictDoNothing();
    await this.cache.start();
    await this.all();
  }

  /** Every vendor by code (cached). */
  async all(): Promise<Map<string, GameVendor>> {
    const rows = await this.cache.getOrLoad(ALL, async () => {
      const list = await this.db.select().from(gameVendors).orderBy(asc(gameVendors.code));
      return new Map(list.map((row) => [row.code, row]));
    });
    this.last = rows ?? new Map<string, GameVendor>();
    return this.last;
  }

  async find(code: string): Promise<GameVendor | undefined> {
    return (await this.all()).get(code);
  }

  /** The vendor as last read, without waiting (tests sign with its secret). */
  get(code: string): GameVendor | undefined {
    return this.last.get(code);
  }

  /**
   * The origins of enabled vendors' game pages, which the site's pages may frame; read without
   * waiting (every page answer), refreshed in the background after a change.
   */
  frameOrigins(): string[] {
    if (!this.cache.get(ALL)) void this.all().catch(() => undefined);
    const origins = new Set<string>();
    for (const vendor of this.last.values()) {
      if (vendor.enabled && vendor.launchUrl) origins.add(new URL(vendor.launchUrl).origin);
    }
    return [...origins].sort();
  }

  /**
   * Checks a vendor call's signature over the raw body; answers the vendor it names. A missing,
   * unknown or disabled vendor, or a wrong signature, is 401 vendor.badSignature, and nothing
   * about which it was.
   */
  async verify(code: string | undefined, signature: string | undefined, rawBody: string) {
    const vendor = code ? await this.find(code) : undefined;
    if (!vendor?.enabled || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
      throw new AppError('vendor.badSignature');
    }
    const expected = Buffer.from(signBody(vendor.secret, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      throw new AppError('vendor.badSignature');
    }
    return vendor;
  }

  /** Where a launch sends the player: the enabled vendor's page (409 game.launchUnavailable). */
  async launchUrl(code: string): Promise<string> {
    const vendor = await this.find(code);
    if (!vendor?.enabled || !vendor.launchUrl) throw new AppError('game.launchUnavailable');
    return vendor.launchUrl;
  }

  // ── The operator's side ──────────────────────────────────────────────────────────────────

  async list(): Promise<OpsGameVendor[]> {
    const rows = await this.db.select().from(gameVendors).orderBy(asc(gameVendors.code));
    return rows.map(toOps);
  }

  /** Adds a vendor (409 game.vendorExists for a taken code); answers its secret, once. */
  async add(vendor: NewGameVendor, trail: AuditTrail): Promise<OpsGameVendorWithSecret> {
    const secret = vendor.secret ?? newVendorSecret();
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(gameVendors)
          .values({ ...vendor, secret })
          .returning();
        // Never the secret itself.
        const { createdAt: _c, updatedAt: _u, ...after } = toOps(inserted!);
        await trail.record(tx, {
          action: 'vendorWallet.add',
          targetType: 'gameVendor',
          targetId: inserted!.code,
          after,
        });
        return inserted;
      });
      await this.changed();
      return { ...toOps(row!), secret };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('game.vendorExists');
      throw error;
    }
  }

  /** Changes a vendor's name, protocol, page or whether it is enabled (404 when unknown). */
  async update(
    code: string,
    change: OpsGameVendorUpdate,
    trail: AuditTrail,
  ): Promise<OpsGameVendor> {
    const defined = Object.fromEntries(
      Object.entries(change).filter(([, value]) => value !== undefined),
    );
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(gameVendors)
        .where(eq(gameVendors.code, code))
        .for('update');
      if (!before) return undefined;
      const [updated] = await tx
        .update(gameVendors)
        .set({ ...defined, updatedAt: sql`now()` })
        .where(eq(gameVendors.code, code))
        .returning();
      const changed = changedFields(toOps(before), defined);
      if (changed) {
        await trail.record(tx, {
          action: 'vendorWallet.update',
          targetType: 'gameVendor',
          targetId: code,
          ...changed,
        });
      }
      return updated;
    });
    if (!row) throw new AppError('game.vendorNotFound');
    await this.changed();
    return toOps(row);
  }

  /**
   * A new secret (given, or random): the old one stops verifying at once in every process.
   * Answers it, once.
   */
  async rotateSecret(
    code: string,
    given: string | undefined,
    trail: AuditTrail,
  ): Promise<OpsGameVendorWithSecret> {
    const secret = given ?? newVendorSecret();
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(gameVendors)
        .set({ secret, updatedAt: sql`now()` })
        .where(eq(gameVendors.code, code))
        .returning();
      if (updated) {
        // That it changed, never what it is.
        await trail.record(tx, {
          action: 'vendorWallet.rotateSecret',
          targetType: 'gameVendor',
          targetId: code,
          after: { secret: given === undefined ? 'generated' : 'given' },
        });
      }
      return updated;
    });
    if (!row) throw new AppError('game.vendorNotFound');
    await this.changed();
    return { ...toOps(row), secret };
  }

  /** Drops the cached registry in every process (after a write past the methods above). */
  async changed() {
    await this.cache.invalidate(ALL);
    await this.all();
  }
}

function toOps(row: GameVendor): OpsGameVendor {
  return {
    code: row.code,
    name: row.name,
    walletProtocol: row.walletProtocol,
    launchUrl: row.launchUrl,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
