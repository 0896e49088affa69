/**
 * The bonus engine (docs/bonuses.md): gives members bonuses from the operator's campaigns, keeps
 * one active at a time with the rest queued, and ends each by conversion, expiry or forfeit. Every
 * step's money is one ledger movement (source `bonus`, key `<step>:<memberBonusId>`), posted in
 * the transaction that changes the bonus's status by a conditional update, so a step runs once
 * however often it is asked.
 *
 * Other modules call the hooks inside their own transaction (a deposit opt-in with the deposit, a
 * paid deposit's bonus with its credit, the registration bonus with the member, an approved
 * application's bonus with the approval, a forfeit with a withdrawal's hold). A refusal inside a
 * hook that must not undo its cause (a paid deposit) runs in a savepoint and is recorded as a
 * `refused` bonus instead.
 */
import { randomUUID } from 'node:crypto';
import type {
  BonusOffer,
  BonusOfferList,
  BonusTerms,
  MemberBonus,
  MyBonuses,
} from '@khela/contract/bonus';
import { ERRORS, errorMessage, type ErrorCode } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';
import { isGuest } from '@khela/contract/members';
import { actorName } from '@khela/contract/operators';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { AuditTrail } from '../audit/audit.service';
import type { InboxService } from '../inbox/inbox.service';
import type { Balances } from '../ledger/balances';
import { ledgerReads } from '../ledger/ledger-reads';
import type { Ledger } from '../ledger/ledger';
import { memberTagReads } from '../members-desk/member-tag-reads';
import type { SettingsService } from '../settings/settings.service';
import { vipStanding } from '../vip/vip-levels';
import { withdrawalReads } from '../withdrawals/withdrawal-reads';
import type { ActiveBonuses } from './active-bonus';
import { campaignsRepository as campaigns, type CampaignRow } from './campaigns.repository';
import { memberBonusesRepository as repo, type MemberBonusRow } from './member-bonuses.repository';

export const BONUS_SOURCE = 'bonus';
/** Kinds a player opts into on the deposit screen. */
const DEPOSIT_KINDS = ['first_deposit', 'reload'] as const;
/** How many of a player's bonuses the bonus page shows. */
const MINE_LIMIT = 100;
/** Accounts redeeming one code on one device before the operator is told. */
export const PROMO_DEVICE_FLAG_AT = 3;

type Terms = Omit<BonusTerms, 'text'>;

export interface BonusesDeps {
  db: Database;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  active: ActiveBonuses;
  /** The refused-bonus notice of a credited deposit. */
  inbox?: Pick<InboxService, 'notify'>;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
}

/** What a deposit's opt-in names, checked before the player pays. */
export interface DepositOptIn {
  campaignId: bigint;
  promoCode: string | null;
  deviceId: string | null;
}

interface GiveRequest {
  memberId: bigint;
  campaign: CampaignRow;
  claimKey: string;
  depositMinor?: bigint;
  depositId?: bigint;
  /** Manual bonuses: the operator's amount instead of the campaign's. */
  amountMinor?: bigint;
  origin: Record<string, string>;
  /** The player's device (X-Device-Id) when known. */
  deviceId?: string | null;
  /** An operator's manual bonus: the campaign's window, pause and audience do not apply. */
  byOperator?: boolean;
}

const FORFEIT_REASONS: Record<string, Record<Language, string>> = {
  player: { EN: 'You gave it up', BN: 'আপনি এটি ছেড়ে দিয়েছেন' },
  withdrawal: { EN: 'Given up for a withdrawal', BN: 'উত্তোলনের জন্য ছেড়ে দেওয়া হয়েছে' },
  operator: { EN: 'Removed by customer service', BN: 'গ্রাহক সেবা সরিয়ে দিয়েছে' },
  spent: { EN: 'The bonus balance was played to zero', BN: 'বোনাস ব্যালেন্স খেলে শূন্য হয়ে গেছে' },
};

const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERRORS, code);

/** A database unique violation (the one-active index deciding a race). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

export function termsOf(campaign: CampaignRow): Terms {
  const n = (v: bigint | null) => (v === null ? null : Number(v));
  return {
    kind: campaign.kind as Terms['kind'],
    percentBp: campaign.percentBp,
    amountMinor: n(campaign.amountMinor),
    capMinor: n(campaign.capMinor),
    minDepositMinor: n(campaign.minDepositMinor),
    wageringMultiplier: campaign.wageringMultiplier,
    wageringBase: campaign.wageringBase as Terms['wageringBase'],
    weights: campaign.weights,
    maxStakeMinor: n(campaign.maxStakeMinor),
    maxConversionMinor: n(campaign.maxConversionMinor),
    validHours: campaign.validHours,
  };
}

export class BonusesService {
  private readonly now: () => number;

  constructor(private readonly deps: BonusesDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get db() {
    return this.deps.db;
  }

  // ── The player's calls ────────────────────────────────────────────────────────────────

  /**
   * Bonuses the player can take now, highest priority first. `deposit`: the matches the player
   * may opt into on the deposit screen; `all` adds the campaigns an approved promotion
   * application pays. Code campaigns are never listed.
   */
  async offers(
    memberId: bigint,
    context: 'deposit' | 'all',
    language: Language,
  ): Promise<BonusOfferList> {
    const kinds = context === 'deposit' ? DEPOSIT_KINDS : [...DEPOSIT_KINDS, 'application'];
    const rows = await campaigns.claimable(this.db, kinds, new Date(this.now()));
    const firstTaken = await this.firstDepositTaken(this.db, memberId);
    const list: BonusOffer[] = [];
    for (const campaign of rows) {
      if (campaign.kind === 'first_deposit' && firstTaken) continue;
      if (campaign.kind === 'application' && (await repo.taken(this.db, campaign.id, memberId))) {
        continue;
      }
      if (!(await this.inAudience(this.db, memberId, campaign))) continue;
      list.push(this.toOffer(campaign, language));
    }
    return { list };
  }

  /** The player's bonuses: the active one with its balance, the queue, the past ones. */
  async mine(memberId: bigint, language: Language): Promise<MyBonuses> {
    const rows = await repo.ofMember(this.db, memberId, MINE_LIMIT);
    const byId = await campaigns.byIds(
      this.db,
      rows.map((row) => row.campaignId),
    );
    const activeRow = rows.find((row) => row.status === 'active');
    const balance = activeRow ? await this.bonusBalance(this.db, memberId, activeRow.currency) : 0n;
    const wire = (row: MemberBonusRow) =>
      this.toMemberBonus(
        row,
        byId.get(row.campaignId)!,
        row === activeRow ? balance : 0n,
        language,
      );
    return {
      active: activeRow ? wire(activeRow) : null,
      queued: rows
        .filter((row) => row.status === 'queued')
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map(wire),
      past: rows.filter((row) => row.status !== 'queued' && row.status !== 'active').map(wire),
    };
  }

  /** A no-deposit promo code: once per player, under the campaign's total cap. */
  async redeemPromo(
    memberId: bigint,
    code: string,
    deviceId: string | null,
    language: Language,
  ): Promise<{ bonus: MemberBonus }> {
    const campaign = await campaigns.byPromoCode(this.db, code);
    if (!campaign || !this.claimable(campaign)) throw new AppError('bonus.promoUnknown');
    if (campaign.percentBp !== null) throw new AppError('bonus.promoNeedsDeposit');
    const row = await this.db.transaction(async (tx) => {
      const given = await this.give(tx, {
        memberId,
        campaign,
        claimKey: 'once',
        origin: { code: campaign.promoCode!, ...(deviceId ? { device: deviceId } : {}) },
        deviceId,
      });
      if (deviceId) await this.flagPromoDevice(tx, memberId, campaign, deviceId);
      return given;
    });
    await this.changed(memberId);
    return { bonus: await this.wireOne(row.id, language) };
  }

  /** The player gives up one of their bonuses (active: its balance is removed; queued: dropped). */
  async forfeitByPlayer(memberId: bigint, id: bigint, language: Language) {
    const row = await repo.byId(this.db, id);
    if (!row || row.memberId !== memberId) throw new AppError('bonus.notFound');
    await this.db.transaction(async (tx) => {
      if (!(await this.remove(tx, row, 'forfeited', 'player'))) {
        throw new AppError('bonus.notActive');
      }
    });
    await this.changed(memberId);
    return { bonus: await this.wireOne(id, language) };
  }

  // ── Hooks other modules call in their transaction ─────────────────────────────────────

  /**
   * A deposit's opt-in, checked before the gateway is asked (a refusal answers its bonus.* error
   * and no deposit is made). Undefined: the player opted into nothing.
   */
  async checkDepositOptIn(
    memberId: bigint,
    body: { bonusCampaignId?: string; promoCode?: string; amountMinor: number },
    deviceId: string | null,
  ): Promise<DepositOptIn | undefined> {
    if (body.bonusCampaignId === undefined && body.promoCode === undefined) return undefined;
    let campaign: CampaignRow | undefined;
    if (body.promoCode !== undefined) {
      campaign = await campaigns.byPromoCode(this.db, body.promoCode);
      if (!campaign || !this.claimable(campaign)) throw new AppError('bonus.promoUnknown');
      if (body.bonusCampaignId !== undefined && BigInt(body.bonusCampaignId) !== campaign.id) {
        throw new AppError('bonus.notEligible');
      }
    } else {
      campaign = await campaigns.byId(this.db, BigInt(body.bonusCampaignId!));
      if (!campaign || !this.claimable(campaign)) throw new AppError('bonus.notFound');
      // A code campaign is taken with its code.
      if (campaign.promoCode !== null) throw new AppError('bonus.notEligible');
    }
    if (!['first_deposit', 'reload', 'promo_code'].includes(campaign.kind)) {
      throw new AppError('bonus.notEligible');
    }
    if (campaign.totalCap !== null && campaign.uses >= campaign.totalCap) {
      throw new AppError(campaign.promoCode ? 'bonus.promoExhausted' : 'bonus.notEligible');
    }
    if (campaign.minDepositMinor !== null && BigInt(body.amountMinor) < campaign.minDepositMinor) {
      throw new AppError('bonus.depositTooSmall', {
        minDepositMinor: Number(campaign.minDepositMinor),
      });
    }
    if (!(await this.inAudience(this.db, memberId, campaign))) {
      throw new AppError('bonus.notEligible');
    }
    if (campaign.kind === 'first_deposit') {
      if (await this.firstDepositTaken(this.db, memberId))
        throw new AppError('bonus.alreadyClaimed');
      const keys = await this.personKeys(this.db, memberId, deviceId);
      if ((await repo.claimedKeys(this.db, 'first_deposit', keys, memberId)).length > 0) {
        throw new AppError('bonus.alreadyClaimed');
      }
    } else if (campaign.promoCode !== null && (await repo.taken(this.db, campaign.id, memberId))) {
      throw new AppError('bonus.promoUsed');
    }
    return { campaignId: campaign.id, promoCode: campaign.promoCode, deviceId };
  }

  /** Stores a checked opt-in with its deposit, in the deposit's transaction. */
  storeDepositOptIn(tx: DbOrTx, depositId: bigint, memberId: bigint, optIn: DepositOptIn) {
    return repo.insertOptIn(tx, {
      depositId,
      memberId,
      campaignId: optIn.campaignId,
      promoCode: optIn.promoCode,
      deviceId: optIn.deviceId,
    });
  }

  /**
   * A deposit was paid (in the transaction that credits it): gives the bonus it opted into. A
   * refusal (taken before by this person, the cap reached, the campaign ended) credits the deposit
   * all the same, records a `refused` bonus with the reason and tells the player in the inbox.
   */
  async depositPaid(
    tx: DbOrTx,
    deposit: { id: bigint; memberId: bigint; amountMinor: bigint; currency: string },
  ): Promise<void> {
    const optIn = await repo.optIn(tx, deposit.id);
    if (!optIn) return;
    const campaign = await campaigns.byId(tx, optIn.campaignId);
    if (!campaign) return;
    const claimKey = campaign.kind === 'reload' ? `deposit:${deposit.id}` : 'once';
    try {
      await tx.transaction((sp) =>
        this.give(sp, {
          memberId: deposit.memberId,
          campaign,
          claimKey,
          depositMinor: deposit.amountMinor,
          depositId: deposit.id,
          origin: {
            depositId: String(deposit.id),
            ...(optIn.promoCode ? { code: optIn.promoCode } : {}),
            ...(optIn.deviceId ? { device: optIn.deviceId } : {}),
          },
          deviceId: optIn.deviceId,
        }),
      );
      // A code typed on the deposit screen counts toward the device flag as one typed on the
      // bonus page does.
      if (optIn.promoCode && optIn.deviceId) {
        await this.flagPromoDevice(tx, deposit.memberId, campaign, optIn.deviceId);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.recordRefused(tx, {
        memberId: deposit.memberId,
        campaign,
        claimKey: `refused:deposit:${deposit.id}`,
        reason: error.errorCode,
        depositMinor: deposit.amountMinor,
        depositId: deposit.id,
      });
      await this.deps.inbox?.notify(tx, deposit.memberId, 'bonus.refused', {
        amountMinor: deposit.amountMinor.toString(),
        currency: deposit.currency,
        nameEn: campaign.nameEn,
        nameBn: campaign.nameBn,
        reasonEn: errorMessage(error.errorCode, 'EN'),
        reasonBn: errorMessage(error.errorCode, 'BN'),
      });
    }
  }

  /**
   * A member registered (in the registration transaction): the running registration campaign
   * with the highest priority whose audience takes them gives its bonus. Nothing when none runs
   * or its cap is reached.
   */
  async registered(tx: DbOrTx, memberId: bigint, deviceId: string | null): Promise<void> {
    const running = await campaigns.claimable(tx, ['registration'], new Date(this.now()));
    for (const campaign of running) {
      if (!(await this.inAudience(tx, memberId, campaign))) continue;
      try {
        await tx.transaction((sp) =>
          this.give(sp, {
            memberId,
            campaign,
            claimKey: 'once',
            origin: deviceId ? { device: deviceId } : {},
            deviceId,
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  /**
   * An operator approved a promotion application whose promotion names a campaign (in the
   * approval's transaction): the campaign's bonus, once per application. A refusal is recorded
   * as a `refused` bonus; the approval stands.
   */
  async applicationApproved(
    tx: DbOrTx,
    input: { memberId: bigint; campaignId: bigint; applicationId: number },
  ): Promise<void> {
    const campaign = await campaigns.byId(tx, input.campaignId);
    if (!campaign) return;
    try {
      await tx.transaction((sp) =>
        this.give(sp, {
          memberId: input.memberId,
          campaign,
          claimKey: `application:${input.applicationId}`,
          origin: { applicationId: String(input.applicationId) },
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.recordRefused(tx, {
        memberId: input.memberId,
        campaign,
        claimKey: `refused:application:${input.applicationId}`,
        reason: error.errorCode,
      });
    }
  }

  /**
   * A withdrawal request (in the hold's transaction): with an active bonus the player must
   * confirm its forfeit (409 bonus.forfeitRequired with `bonusMinor`, what would be removed);
   * confirmed, it is forfeited with the hold.
   */
  async beforeWithdrawal(tx: DbOrTx, memberId: bigint, forfeitBonus: boolean): Promise<void> {
    const active = await repo.active(tx, memberId);
    if (!active) return;
    if (!forfeitBonus) {
      const bonusMinor = await this.bonusBalance(tx, memberId, active.currency);
      throw new AppError('bonus.forfeitRequired', {
        bonusMinor: Number(bonusMinor),
        bonusId: String(active.id),
      });
    }
    await this.remove(tx, active, 'forfeited', 'withdrawal');
  }

  // ── The operator's calls ──────────────────────────────────────────────────────────────

  /** A manual bonus from a campaign's terms (any campaign; amount: the operator's or its own). */
  async grantManual(
    username: string,
    body: { campaignId: string; amountMinor?: number; key?: string },
    trail: AuditTrail,
    language: Language,
  ): Promise<{ bonus: MemberBonus }> {
    const member = await memberReads.byUsername(this.db, username.toLowerCase());
    if (!member || isGuest(member.type)) throw notFound();
    const campaign = await campaigns.byId(this.db, BigInt(body.campaignId));
    if (!campaign) throw new AppError('bonus.notFound');
    const claimKey = `manual:${body.key ?? randomUUID()}`;
    const earlier = await repo.byClaim(this.db, campaign.id, member.id, claimKey);
    if (earlier) return { bonus: await this.wireOne(earlier.id, language) };
    const row = await this.db.transaction(async (tx) => {
      const given = await this.give(tx, {
        memberId: member.id,
        campaign,
        claimKey,
        amountMinor: body.amountMinor === undefined ? undefined : BigInt(body.amountMinor),
        origin: { operator: actorName(trail.context.actor) },
        byOperator: true,
      });
      await trail.record(tx, {
        action: 'bonus.grant',
        targetType: 'member',
        targetId: member.username,
        after: {
          memberBonusId: given.id.toString(),
          campaignId: campaign.id.toString(),
          amountMinor: given.amountMinor.toString(),
          status: given.status,
        },
      });
      return given;
    });
    await this.changed(member.id);
    return { bonus: await this.wireOne(row.id, language) };
  }

  /** A member's bonuses for the operator (newest first). */
  async ofMember(username: string, language: Language): Promise<{ list: MemberBonus[] }> {
    const member = await memberReads.byUsername(this.db, username.toLowerCase());
    if (!member) throw notFound();
    const mine = await this.mine(member.id, language);
    const list = [...(mine.active ? [mine.active] : []), ...mine.queued, ...mine.past].sort(
      (a, b) => Number(BigInt(b.id) - BigInt(a.id)),
    );
    return { list };
  }

  /** An operator removes a member's bonus (active: its balance; queued: dropped). */
  async forfeitByOperator(id: bigint, reason: string | undefined, trail: AuditTrail) {
    const row = await repo.byId(this.db, id);
    if (!row) throw new AppError('bonus.notFound');
    const username = (await memberReads.usernames(this.db, [row.memberId])).get(row.memberId) ?? '';
    await this.db.transaction(async (tx) => {
      const ended = await this.remove(tx, row, 'forfeited', 'operator');
      if (!ended) throw new AppError('bonus.notActive');
      await trail.record(tx, {
        action: 'bonus.forfeit',
        targetType: 'member',
        targetId: username,
        before: { memberBonusId: id.toString(), status: row.status },
        after: { status: 'forfeited', removedMinor: (ended.settledMinor ?? 0n).toString() },
        reason: reason ?? null,
      });
    });
    await this.changed(row.memberId);
    return { bonus: await this.wireOne(id, 'EN') };
  }

  /**
   * An operator moves an active bonus's end: later (goodwill) or sooner. A time already past
   * expires it at once, as the wagering pass would (its balance removed, never cash; the next
   * queued bonus starts). Queued and ended bonuses have no end to move: bonus.notActive.
   */
  async setExpiryByOperator(
    id: bigint,
    body: { expiresAt: string; reason?: string },
    trail: AuditTrail,
  ) {
    const row = await repo.byId(this.db, id);
    if (!row) throw new AppError('bonus.notFound');
    const username = (await memberReads.usernames(this.db, [row.memberId])).get(row.memberId) ?? '';
    const expiresAt = new Date(body.expiresAt);
    await this.db.transaction(async (tx) => {
      const moved = await repo.setExpiry(tx, id, expiresAt);
      if (!moved) throw new AppError('bonus.notActive');
      const ended =
        expiresAt.getTime() <= this.now()
          ? await this.remove(tx, moved, 'expired', null)
          : undefined;
      await trail.record(tx, {
        action: 'bonus.expiry',
        targetType: 'member',
        targetId: username,
        before: { memberBonusId: id.toString(), expiresAt: row.expiresAt?.toISOString() ?? null },
        after: {
          expiresAt: expiresAt.toISOString(),
          status: ended ? ended.status : moved.status,
          ...(ended ? { removedMinor: (ended.settledMinor ?? 0n).toString() } : {}),
        },
        reason: body.reason ?? null,
      });
    });
    await this.changed(row.memberId);
    return { bonus: await this.wireOne(id, 'EN') };
  }

  // ── The engine ────────────────────────────────────────────────────────────────────────

  /**
   * Gives a bonus: the campaign's rules (window, pause, audience, minimum deposit), its total
   * cap, the claim key (once per member, deposit or application), once per person for a first
   * deposit; then queues it and starts it when none is active. Throws the bonus.* refusal; the
   * caller's transaction (or savepoint) must roll back then, as nothing is to be kept.
   */
  async give(tx: DbOrTx, request: GiveRequest): Promise<MemberBonusRow> {
    const { campaign, memberId } = request;
    const code = campaign.promoCode !== null;
    if (!request.byOperator) {
      if (!this.claimable(campaign))
        throw new AppError(code ? 'bonus.promoUnknown' : 'bonus.notFound');
      if (!(await this.inAudience(tx, memberId, campaign))) throw new AppError('bonus.notEligible');
    }
    const amountMinor = this.amountOf(campaign, request);
    if (amountMinor <= 0n) throw new AppError('bonus.notEligible');
    const taken = await repo.byClaim(tx, campaign.id, memberId, request.claimKey);
    if (taken) throw new AppError(code ? 'bonus.promoUsed' : 'bonus.alreadyClaimed');
    if (campaign.kind === 'first_deposit' && (await this.firstDepositTaken(tx, memberId))) {
      throw new AppError('bonus.alreadyClaimed');
    }
    if (!(await campaigns.takeUse(tx, campaign.id))) {
      throw new AppError(code ? 'bonus.promoExhausted' : 'bonus.notEligible');
    }
    const terms = termsOf(campaign);
    const base =
      terms.wageringBase === 'bonus_deposit'
        ? amountMinor + (request.depositMinor ?? 0n)
        : amountMinor;
    const row = await repo.insert(tx, {
      memberId,
      campaignId: campaign.id,
      kind: campaign.kind,
      status: 'queued',
      claimKey: request.claimKey,
      amountMinor,
      depositMinor: request.depositMinor ?? null,
      depositId: request.depositId ?? null,
      currency: campaign.currency,
      terms,
      requiredMinor: BigInt(terms.wageringMultiplier) * base,
      origin: request.origin,
    });
    // Taken by a concurrent claim with the same key that committed first.
    if (!row) throw new AppError(code ? 'bonus.promoUsed' : 'bonus.alreadyClaimed');
    // A person's first deposit and sign-up are theirs once, however many accounts they open.
    if (campaign.kind === 'first_deposit' || campaign.kind === 'registration') {
      const keys = await this.personKeys(tx, memberId, request.deviceId ?? null);
      if (!(await repo.claimPerson(tx, campaign.kind, keys, memberId, row.id))) {
        throw new AppError('bonus.alreadyClaimed');
      }
    }
    await this.activateNext(tx, memberId);
    return (await repo.byId(tx, row.id))!;
  }

  /**
   * Starts the member's oldest queued bonus when none is active: its amount moves from the
   * house's `bonus` account into the member's bonus balance. In a savepoint: a concurrent start
   * (the one-active index) leaves this one queued for the next wagering pass.
   */
  async activateNext(tx: DbOrTx, memberId: bigint): Promise<bigint | undefined> {
    try {
      return await tx.transaction(async (sp) => {
        const id = await repo.activateOldestQueued(sp, memberId, new Date(this.now()));
        if (id === undefined) return undefined;
        const row = (await repo.byId(sp, id))!;
        await this.deps.ledger.post(sp, {
          kind: 'bonus.grant',
          source: BONUS_SOURCE,
          key: `grant:${id}`,
          request: { memberBonusId: String(id), amountMinor: String(row.amountMinor) },
          currency: row.currency,
          memberId,
          reference: { memberBonusId: String(id), campaignId: String(row.campaignId) },
          legs: [
            { account: { kind: 'bonus_balance', ownerId: memberId }, amountMinor: row.amountMinor },
            { account: { kind: 'bonus' }, amountMinor: -row.amountMinor },
          ],
        });
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * The requirement is met: the bonus balance becomes cash up to the campaign's maximum
   * conversion, the rest goes back to the house (one movement), and the queue moves on.
   */
  async convert(tx: DbOrTx, row: MemberBonusRow): Promise<boolean> {
    const balance = await this.bonusBalance(tx, row.memberId, row.currency);
    const cap = row.terms.maxConversionMinor;
    const toCash = cap === null || BigInt(cap) > balance ? balance : BigInt(cap);
    const ended = await repo.end(tx, row.id, ['active'], {
      status: 'converted',
      settledMinor: toCash,
      now: new Date(this.now()),
    });
    if (!ended) return false;
    if (balance > 0n) {
      await this.deps.ledger.post(tx, {
        kind: 'bonus.convert',
        source: BONUS_SOURCE,
        key: `convert:${row.id}`,
        request: { memberBonusId: String(row.id), balanceMinor: String(balance) },
        currency: row.currency,
        memberId: row.memberId,
        reference: { memberBonusId: String(row.id), campaignId: String(row.campaignId) },
        legs: [
          { account: { kind: 'bonus_balance', ownerId: row.memberId }, amountMinor: -balance },
          { account: { kind: 'cash', ownerId: row.memberId }, amountMinor: toCash },
          { account: { kind: 'bonus' }, amountMinor: balance - toCash },
        ],
      });
    }
    await this.activateNext(tx, row.memberId);
    return true;
  }

  /**
   * Forfeit or expiry: what is left of the bonus balance goes back to the house's `bonus`
   * account (never cash); a queued bonus just ends. The queue moves on. Undefined when the bonus
   * had ended already.
   */
  async remove(
    tx: DbOrTx,
    row: MemberBonusRow,
    status: 'forfeited' | 'expired',
    reason: string | null,
  ): Promise<MemberBonusRow | undefined> {
    if (row.status !== 'active' && !(row.status === 'queued' && status === 'forfeited')) {
      return undefined;
    }
    const wasActive = row.status === 'active';
    const balance = wasActive ? await this.bonusBalance(tx, row.memberId, row.currency) : 0n;
    const ended = await repo.end(tx, row.id, [row.status], {
      status,
      settledMinor: balance,
      reason,
      now: new Date(this.now()),
    });
    if (!ended) return undefined;
    if (balance > 0n) {
      const step = status === 'forfeited' ? 'forfeit' : 'expire';
      await this.deps.ledger.post(tx, {
        kind: `bonus.${step}`,
        source: BONUS_SOURCE,
        key: `${step}:${row.id}`,
        request: { memberBonusId: String(row.id), balanceMinor: String(balance) },
        currency: row.currency,
        memberId: row.memberId,
        reference: { memberBonusId: String(row.id), campaignId: String(row.campaignId) },
        legs: [
          { account: { kind: 'bonus_balance', ownerId: row.memberId }, amountMinor: -balance },
          { account: { kind: 'bonus' }, amountMinor: balance },
        ],
      });
    }
    if (wasActive) await this.activateNext(tx, row.memberId);
    return ended;
  }

  /**
   * After a commit that started or ended bonuses: the cached reads of these members. The hooks
   * that run in another module's transaction (deposit paid, registered, application approved,
   * withdrawal) leave this to their caller, after its commit: dropped before the commit, a
   * concurrent read would cache the old answer again.
   */
  async changed(...memberIds: bigint[]) {
    await this.activeChanged(...memberIds);
    await this.deps.balances.changed(...memberIds);
  }

  /** As `changed`, for a caller that drops the members' cached balances itself (deposit, withdrawal). */
  async activeChanged(...memberIds: bigint[]) {
    await this.deps.active.changed(...memberIds);
  }

  /** The member's bonus balance (the active bonus's money). */
  bonusBalance(db: DbOrTx, memberId: bigint, currency: string): Promise<bigint> {
    return this.deps.ledger.balance(db, { kind: 'bonus_balance', ownerId: memberId }, currency);
  }

  // ── Rules ─────────────────────────────────────────────────────────────────────────────

  /** Not paused and inside its window. */
  private claimable(campaign: CampaignRow): boolean {
    const now = this.now();
    if (campaign.pausedAt !== null) return false;
    if (campaign.startsAt !== null && campaign.startsAt.getTime() > now) return false;
    if (campaign.endsAt !== null && campaign.endsAt.getTime() <= now) return false;
    return true;
  }

  private amountOf(campaign: CampaignRow, request: GiveRequest): bigint {
    if (request.amountMinor !== undefined) return request.amountMinor;
    if (campaign.percentBp !== null) {
      const deposit = request.depositMinor;
      if (deposit === undefined) throw new AppError('bonus.promoNeedsDeposit');
      if (campaign.minDepositMinor !== null && deposit < campaign.minDepositMinor) {
        throw new AppError('bonus.depositTooSmall', {
          minDepositMinor: Number(campaign.minDepositMinor),
        });
      }
      const match = (deposit * BigInt(campaign.percentBp)) / 10_000n;
      return campaign.capMinor !== null && match > campaign.capMinor ? campaign.capMinor : match;
    }
    if (
      campaign.minDepositMinor !== null &&
      request.depositMinor !== undefined &&
      request.depositMinor < campaign.minDepositMinor
    ) {
      throw new AppError('bonus.depositTooSmall', {
        minDepositMinor: Number(campaign.minDepositMinor),
      });
    }
    return campaign.amountMinor ?? 0n;
  }

  /** Tags (members desk), VIP level and registration date, as the campaign's audience asks. */
  private async inAudience(db: DbOrTx, memberId: bigint, campaign: CampaignRow): Promise<boolean> {
    const audience = campaign.audience;
    if (audience.tags?.length) {
      const tags = new Set(await memberTagReads.tags(db, memberId));
      if (!audience.tags.some((tag) => tags.has(tag))) return false;
    }
    if (audience.registeredFrom) {
      const [identity] = await memberReads.identities(db, [memberId]);
      if (!identity || identity.registeredAt < new Date(audience.registeredFrom)) return false;
    }
    if (audience.minVipLevel !== undefined && audience.minVipLevel > 0) {
      const totals = await ledgerReads.depositsAndTurnover(db, memberId);
      const level = vipStanding(this.deps.settings.get('vipLevels'), totals).current?.id ?? 0;
      if (level < audience.minVipLevel) return false;
    }
    return true;
  }

  private firstDepositTaken(db: DbOrTx, memberId: bigint) {
    return repo.takenKind(db, memberId, ['first_deposit']);
  }

  /**
   * What names the person behind a member, for once-per-person bonuses: the mobile number, the
   * device the player sent (X-Device-Id; a user agent's hash is no proof and is not used), each
   * payee account, and the payee name with the birthday.
   */
  private async personKeys(db: DbOrTx, memberId: bigint, deviceId: string | null) {
    const [identity] = await memberReads.identities(db, [memberId]);
    const keys: string[] = [];
    if (identity?.mobileNum) {
      keys.push(`mobile:${identity.countryDialingCode ?? ''}${identity.mobileNum}`);
    }
    if (deviceId) keys.push(`device:${deviceId}`);
    for (const payee of await withdrawalReads.payeeNumbers(db, memberId)) {
      keys.push(`payee:${payee}`);
    }
    if (identity?.payeeName && identity.birthday) {
      const name = identity.payeeName.trim().toLowerCase().replace(/\s+/g, ' ');
      keys.push(`namebirth:${name}|${identity.birthday}`);
    }
    return [...new Set(keys.map((key) => key.slice(0, 160)))];
  }

  /** A promo code redeemed from PROMO_DEVICE_FLAG_AT or more accounts on one device. */
  private async flagPromoDevice(
    tx: DbOrTx,
    memberId: bigint,
    campaign: CampaignRow,
    deviceId: string,
  ) {
    const members = await repo.promoMembersOnDevice(tx, campaign.id, deviceId);
    if (members < PROMO_DEVICE_FLAG_AT) return;
    await repo.insertFlag(tx, {
      kind: 'promo_device',
      memberId,
      campaignId: campaign.id,
      detail: { device: deviceId, code: campaign.promoCode ?? '', accounts: members },
    });
  }

  private async recordRefused(
    tx: DbOrTx,
    input: {
      memberId: bigint;
      campaign: CampaignRow;
      claimKey: string;
      reason: string;
      depositMinor?: bigint;
      depositId?: bigint;
    },
  ) {
    await repo.insert(tx, {
      memberId: input.memberId,
      campaignId: input.campaign.id,
      kind: input.campaign.kind,
      status: 'refused',
      claimKey: input.claimKey,
      amountMinor: 0n,
      depositMinor: input.depositMinor ?? null,
      depositId: input.depositId ?? null,
      currency: input.campaign.currency,
      terms: termsOf(input.campaign),
      requiredMinor: 0n,
      reason: input.reason,
      endedAt: new Date(this.now()),
    });
  }

  // ── Wire shapes ───────────────────────────────────────────────────────────────────────

  private async wireOne(id: bigint, language: Language): Promise<MemberBonus> {
    const row = (await repo.byId(this.db, id))!;
    const campaign = (await campaigns.byId(this.db, row.campaignId))!;
    const balance =
      row.status === 'active' ? await this.bonusBalance(this.db, row.memberId, row.currency) : 0n;
    return this.toMemberBonus(row, campaign, balance, language);
  }

  private toOffer(campaign: CampaignRow, language: Language): BonusOffer {
    return {
      campaignId: String(campaign.id),
      name: language === 'EN' ? campaign.nameEn : campaign.nameBn,
      terms: {
        ...termsOf(campaign),
        text: language === 'EN' ? campaign.termsEn : campaign.termsBn,
      },
      needsCode: campaign.promoCode !== null,
      endsAt: campaign.endsAt?.toISOString() ?? null,
    };
  }

  private toMemberBonus(
    row: MemberBonusRow,
    campaign: CampaignRow,
    balance: bigint,
    language: Language,
  ): MemberBonus {
    let reason: string | null = null;
    if (row.reason !== null) {
      reason = isErrorCode(row.reason)
        ? errorMessage(row.reason, language)
        : (FORFEIT_REASONS[row.reason]?.[language] ?? row.reason);
    }
    return {
      id: String(row.id),
      campaignId: String(row.campaignId),
      name: language === 'EN' ? campaign.nameEn : campaign.nameBn,
      kind: row.kind as MemberBonus['kind'],
      status: row.status as MemberBonus['status'],
      amountMinor: Number(row.amountMinor),
      depositMinor: row.depositMinor === null ? null : Number(row.depositMinor),
      balanceMinor: Number(balance),
      wageredMinor: Number(row.wageredMinor),
      requiredMinor: Number(row.requiredMinor),
      currency: row.currency,
      activatedAt: row.activatedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      settledMinor: row.settledMinor === null ? null : Number(row.settledMinor),
      reason,
      terms: { ...row.terms, text: language === 'EN' ? campaign.termsEn : campaign.termsBn },
      createdAt: row.createdAt.toISOString(),
    };
  }
}
