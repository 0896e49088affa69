/**
 * Payment channels (bKash, Nagad, Rocket, bank transfer): what the deposit and withdraw pages
 * offer, and their limits. Every process keeps the short list in memory; an operator's change
 * drops it in every process at once (the read cache's pub/sub), so a player never sees old limits
 * for longer than one notice takes.
 */
import { changedFields, type AuditTrail } from '../audit/audit.service';
import type { Channel, OpsChannel, OpsChannelUpdate } from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { channelsRepository, type ChannelChange, type ChannelRow } from './channels.repository';

/** A channel as stored, for other modules (the withdrawals module reads limits and names). */
export type { ChannelRow };

/** What the channels need to know about the payment gateways this process has. */
export interface GatewayDirectory {
  has(name: string): boolean;
  isPlayMoney(name: string): boolean;
}

const ALL = 'all';

export class ChannelsService {
  private readonly cache: ReadCache<ChannelRow[]>;

  constructor(
    private readonly db: Database,
    shared: CacheStore,
    private readonly gateways: GatewayDirectory,
  ) {
    // The TTL only bounds a notice lost while Redis was away.
    this.cache = new ReadCache(shared, { name: 'payment-channels', max: 1, ttlMs: 60_000 });
  }

  start() {
    return this.cache.start();
  }

  /** Every channel, in the operator's order (cached). */
  async rows(): Promise<ChannelRow[]> {
    return (await this.cache.getOrLoad(ALL, () => channelsRepository.all(this.db))) ?? [];
  }

  /** Drops the cached channels in every process: after channels were written past `update`. */
  changed() {
    return this.cache.invalidate(ALL);
  }

  async row(code: string): Promise<ChannelRow | undefined> {
    return (await this.rows()).find((row) => row.code === code);
  }

  /**
   * The player's list: every channel with its limits; disabled ones say so, and so does one
   * whose gateway this process does not have (it takes no deposits).
   */
  async list(language: Language): Promise<Channel[]> {
    return (await this.rows()).map((row) => toChannel(row, language, this.gateways));
  }

  nameOf(row: Pick<ChannelRow, 'nameEn' | 'nameBn'>, language: Language) {
    return language === 'EN' ? row.nameEn : row.nameBn;
  }

  async opsList(): Promise<OpsChannel[]> {
    return (await channelsRepository.all(this.db)).map((row) => toOpsChannel(row, this.gateways));
  }

  /**
   * Changes a channel. The result must keep each minimum at or below its maximum and every
   * preset inside the deposit range (400 wallet.channelInvalid otherwise; nothing changes).
   */
  async update(code: string, change: OpsChannelUpdate, trail?: AuditTrail): Promise<OpsChannel> {
    const updated = await this.db.transaction(async (tx) => {
      const current = await channelsRepository.lockOne(tx, code);
      if (!current) throw notFound();
      const next: ChannelChange = {
        depositEnabled: change.depositEnabled,
        depositMinMinor: big(change.depositMinMinor),
        depositMaxMinor: big(change.depositMaxMinor),
        presetsMinor:
          change.presetsMinor && [...new Set(change.presetsMinor)].sort((a, b) => a - b),
        withdrawEnabled: change.withdrawEnabled,
        withdrawMinMinor: big(change.withdrawMinMinor),
        withdrawMaxMinor: big(change.withdrawMaxMinor),
        sortOrder: change.sortOrder,
        provider: change.provider,
      };
      const merged = { ...current, ...definedOnly(next) };
      const problems: Record<string, string[]> = {};
      if (merged.depositMinMinor > merged.depositMaxMinor) {
        problems.depositMinMinor = ['above depositMaxMinor'];
      }
      if (merged.withdrawMinMinor > merged.withdrawMaxMinor) {
        problems.withdrawMinMinor = ['above withdrawMaxMinor'];
      }
      const outside = merged.presetsMinor.filter(
        (p) => BigInt(p) < merged.depositMinMinor || BigInt(p) > merged.depositMaxMinor,
      );
      if (outside.length > 0)
        problems.presetsMinor = [`outside the deposit range: ${outside.join(', ')}`];
      // A channel may name only a gateway this server has: no channel can reach an unlisted one.
      if (change.provider !== undefined && !this.gateways.has(change.provider)) {
        problems.provider = [`not in PAYMENT_PROVIDERS on this server: ${change.provider}`];
      }
      if (Object.keys(problems).length > 0) {
        throw new AppError('wallet.channelInvalid', { fields: problems });
      }
      const row = await channelsRepository.update(tx, code, definedOnly(next));
      const changed = changedFields(current, definedOnly(next));
      if (changed) {
        await trail?.record(tx, {
          action: 'channel.update',
          targetType: 'paymentChannel',
          targetId: code,
          ...changed,
        });
      }
      return row;
    });
    await this.cache.invalidate(ALL);
    return toOpsChannel(updated, this.gateways);
  }
}

const big = (value: number | undefined) => (value === undefined ? undefined : BigInt(value));

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function toChannel(row: ChannelRow, language: Language, gateways: GatewayDirectory): Channel {
  return {
    code: row.code,
    name: language === 'EN' ? row.nameEn : row.nameBn,
    currency: row.currency,
    deposit: {
      enabled: row.depositEnabled && gateways.has(row.provider),
      minMinor: Number(row.depositMinMinor),
      maxMinor: Number(row.depositMaxMinor),
      presetsMinor: row.presetsMinor,
    },
    withdraw: {
      enabled: row.withdrawEnabled,
      minMinor: Number(row.withdrawMinMinor),
      maxMinor: Number(row.withdrawMaxMinor),
    },
    accountPattern: row.accountPattern,
    playMoney: gateways.isPlayMoney(row.provider),
  };
}

function toOpsChannel(row: ChannelRow, gateways: GatewayDirectory): OpsChannel {
  return {
    code: row.code,
    nameEn: row.nameEn,
    nameBn: row.nameBn,
    currency: row.currency,
    depositEnabled: row.depositEnabled,
    depositMinMinor: Number(row.depositMinMinor),
    depositMaxMinor: Number(row.depositMaxMinor),
    presetsMinor: row.presetsMinor,
    withdrawEnabled: row.withdrawEnabled,
    withdrawMinMinor: Number(row.withdrawMinMinor),
    withdrawMaxMinor: Number(row.withdrawMaxMinor),
    accountPattern: row.accountPattern,
    sortOrder: row.sortOrder,
    provider: row.provider,
    providerAvailable: gateways.has(row.provider),
    updatedAt: row.updatedAt.toISOString(),
  };
}
