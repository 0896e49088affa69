/**
 * The operator's campaign desk: create, edit, pause and resume bonus campaigns, with their uptake
 * and cost (docs/bonuses.md "Campaigns for operators"). Every change writes its audit row in the
 * same transaction (target `bonus_campaign`, the campaign's id).
 *
 * An edit changes what bonuses given from now on get: a given bonus keeps the terms it was given
 * with (`member_bonuses.terms`), so no edit reaches back into a player's bonus. The kind cannot
 * change (a different kind is a different campaign); the code of a promo code campaign is unique.
 */
import { actorName } from '@khela/contract/operators';
import type {
  CampaignBody,
  OpsBonusFlagPage,
  OpsBonusFlagQuery,
  OpsCampaign,
  OpsCampaignList,
  OpsCampaignListQuery,
} from '@khela/contract/backoffice/bonuses';
import type { Database, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, notFound } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import { changedFields, type AuditTrail } from '../audit/audit.service';
import { ledgerReads } from '../ledger/ledger-reads';
import type { SettingsService } from '../settings/settings.service';
import {
  campaignAdminRepository as repo,
  type CampaignRow,
  type NewCampaign,
} from './campaign-admin.repository';
import { NO_UPTAKE, toOpsCampaign, uptakeOf } from './campaign-report';

export interface CampaignAdminDeps {
  db: Database;
  settings: SettingsService;
  /** Told after a change (the promotions that name a campaign say how to get it). */
  changed?: () => Promise<void>;
}

const big = (value: number | null | undefined) =>
  value === null || value === undefined ? null : BigInt(value);
const date = (value: string | null) => (value === null ? null : new Date(value));

/** The columns a body sets (all of them: PUT replaces the whole campaign). */
function columnsOf(body: CampaignBody) {
  return {
    kind: body.kind,
    nameEn: body.nameEn,
    nameBn: body.nameBn,
    termsEn: body.termsEn,
    termsBn: body.termsBn,
    percentBp: body.percentBp ?? null,
    amountMinor: big(body.amountMinor),
    capMinor: big(body.capMinor),
    minDepositMinor: big(body.minDepositMinor),
    wageringMultiplier: body.wageringMultiplier,
    wageringBase: body.wageringBase,
    weights: body.weights,
    maxStakeMinor: big(body.maxStakeMinor),
    maxConversionMinor: big(body.maxConversionMinor),
    validHours: body.validHours,
    promoCode: body.promoCode ?? null,
    totalCap: body.totalCap,
    audience: body.audience,
    startsAt: date(body.startsAt),
    endsAt: date(body.endsAt),
    priority: body.priority,
  } satisfies Partial<NewCampaign>;
}

/** What the audit trail keeps of a campaign: its terms and schedule, not its counters. */
function audited(row: CampaignRow) {
  const { uses: _uses, createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

/** Members' balances read in batches this size (one bind parameter each). */
const HOLDERS_PER_READ = 5_000;

/**
 * What the bonus balances of each campaign's active bonuses hold now. A member has one active
 * bonus at a time and its money is their `bonus_balance`, so the balance is that bonus's.
 */
async function heldByCampaign(db: DbOrTx, campaignIds: readonly bigint[]) {
  const holders = await repo.activeHolders(db, campaignIds);
  const held = new Map<bigint, bigint>();
  for (let i = 0; i < holders.length; i += HOLDERS_PER_READ) {
    const batch = holders.slice(i, i + HOLDERS_PER_READ);
    const balances = await ledgerReads.bonusBalances(
      db,
      batch.map((holder) => holder.memberId),
    );
    for (const { campaignId, memberId } of batch) {
      held.set(campaignId, (held.get(campaignId) ?? 0n) + (balances.get(memberId) ?? 0n));
    }
  }
  return held;
}

export class CampaignAdminService {
  constructor(private readonly deps: CampaignAdminDeps) {}

  /** Every campaign with its uptake, newest first; of one kind or state when asked. */
  async list(query: OpsCampaignListQuery): Promise<OpsCampaignList> {
    const rows = await repo.list(this.deps.db, query.kind);
    const ids = rows.map((row) => row.id);
    const [uptake, held] = await Promise.all([
      repo.uptake(this.deps.db, ids),
      heldByCampaign(this.deps.db, ids),
    ]);
    const now = new Date();
    const list = rows
      .map((row) =>
        toOpsCampaign(
          row,
          uptakeOf(
            uptake.filter((u) => u.campaignId === row.id),
            held.get(row.id),
          ),
          now,
        ),
      )
      .filter((campaign) => query.state === undefined || campaign.state === query.state);
    return { list };
  }

  async show(id: bigint): Promise<OpsCampaign> {
    const row = await repo.byId(this.deps.db, id);
    if (!row) throw notFound();
    return this.withUptake(this.deps.db, row);
  }

  async create(body: CampaignBody, trail: AuditTrail): Promise<OpsCampaign> {
    const campaign = await this.write(async (tx) => {
      await this.checkCode(tx, body.promoCode ?? null, null);
      const row = await repo.insert(tx, {
        ...columnsOf(body),
        currency: this.deps.settings.get('merchant').currency,
        createdBy: actorName(trail.context.actor),
      });
      await trail.record(tx, {
        action: 'bonus.campaign.create',
        targetType: 'bonus_campaign',
        targetId: row.id.toString(),
        after: audited(row),
      });
      return toOpsCampaign(row, NO_UPTAKE, new Date());
    });
    return campaign;
  }

  /** Replaces the campaign's terms and schedule; bonuses given before keep theirs. */
  async update(id: bigint, body: CampaignBody, trail: AuditTrail): Promise<OpsCampaign> {
    return this.write(async (tx) => {
      const before = await repo.lock(tx, id);
      if (!before) throw notFound();
      if (before.kind !== body.kind) {
        throw new AppError('bonus.campaignKindFixed', { kind: before.kind });
      }
      await this.checkCode(tx, body.promoCode ?? null, id);
      const row = await repo.update(tx, id, columnsOf(body));
      const change = changedFields(audited(before), audited(row));
      if (change) {
        await trail.record(tx, {
          action: 'bonus.campaign.update',
          targetType: 'bonus_campaign',
          targetId: id.toString(),
          ...change,
        });
      }
      return this.withUptake(tx, row);
    });
  }

  /** Stops offering and giving it; given bonuses go on. Pausing a paused one changes nothing. */
  pause(id: bigint, trail: AuditTrail): Promise<OpsCampaign> {
    return this.setPaused(id, true, trail);
  }

  resume(id: bigint, trail: AuditTrail): Promise<OpsCampaign> {
    return this.setPaused(id, false, trail);
  }

  /** Abuse flags, newest first, with the member's username. */
  async flags(query: OpsBonusFlagQuery): Promise<OpsBonusFlagPage> {
    const rows = await repo.flags(this.deps.db, {
      ...(query.before && { beforeId: BigInt(query.before) }),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const names = await memberReads.usernames(
      this.deps.db,
      page.map((row) => row.memberId),
    );
    return {
      list: page.map((row) => ({
        id: row.id.toString(),
        kind: row.kind,
        memberId: row.memberId.toString(),
        username: names.get(row.memberId) ?? null,
        campaignId: row.campaignId?.toString() ?? null,
        detail: row.detail,
        createdAt: row.createdAt.toISOString(),
      })),
      nextCursor: rows.length > query.limit ? (page.at(-1)?.id.toString() ?? null) : null,
    };
  }

  private async setPaused(id: bigint, paused: boolean, trail: AuditTrail) {
    return this.write(async (tx) => {
      const before = await repo.lock(tx, id);
      if (!before) throw notFound();
      if ((before.pausedAt !== null) === paused) return this.withUptake(tx, before);
      const row = await repo.update(tx, id, { pausedAt: paused ? new Date() : null });
      await trail.record(tx, {
        action: paused ? 'bonus.campaign.pause' : 'bonus.campaign.resume',
        targetType: 'bonus_campaign',
        targetId: id.toString(),
        before: { pausedAt: before.pausedAt?.toISOString() ?? null },
        after: { pausedAt: row.pausedAt?.toISOString() ?? null },
      });
      return this.withUptake(tx, row);
    });
  }

  /** A change in one transaction; the code's uniqueness held by the index too (a race). */
  private async write<T>(change: (tx: DbOrTx) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.deps.db.transaction(change);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('bonus.promoCodeTaken');
      throw error;
    }
    await this.deps.changed?.();
    return result;
  }

  private async checkCode(db: DbOrTx, code: string | null, self: bigint | null) {
    if (code === null) return;
    const holder = await repo.byPromoCode(db, code);
    if (holder && holder.id !== self) throw new AppError('bonus.promoCodeTaken');
  }

  private async withUptake(db: DbOrTx, row: CampaignRow): Promise<OpsCampaign> {
    const [uptake, held] = await Promise.all([
      repo.uptake(db, [row.id]),
      heldByCampaign(db, [row.id]),
    ]);
    return toOpsCampaign(row, uptakeOf(uptake, held.get(row.id)), new Date());
  }
}
