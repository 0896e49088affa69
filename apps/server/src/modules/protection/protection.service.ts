/**
 * Player protection: deposit and loss limits, time-outs and self-exclusion, the reality check.
 *
 * Deposit limits are rolling windows (24 h, 7 days, 30 days). A deposit may not take any of them
 * past its limit: the lowest remaining allowance applies. Deposits that are paid or still pending
 * count, so opening many pending deposits does not get round a limit (a pending one stops
 * counting once it fails or expires). A cut, or a first limit, applies at once; a raise or a
 * removal waits 24 h and shows as pending meanwhile; a later cut replaces a pending raise. Due
 * raises are applied when the limits are next read, so no job has to run.
 *
 * Loss limits follow the same rules over the same windows; the net loss is bets − wins −
 * rollbacks on the cash account. The game wallet asks `assertMayBet` before every bet, so it
 * reads a per-member protection state (break end, loss-limit rows) from a ReadCache that every
 * process drops when a break is taken or loss limits change; only a member with a loss limit
 * costs a query per bet (the net-loss sum). That member's bets are checked and posted in one
 * transaction holding a lock on the member (GameWallet.bet), so bets arriving at the same
 * instant are decided one after the other and never spend the same allowance twice.
 *
 * A break (time-out or self-exclusion) cannot be shortened or lifted by the player, only
 * extended. Taking one ends every session of the member at once (in every process); while it
 * runs, login is refused, except into a restricted session that may withdraw, read records and
 * protection settings, and nothing else (see restricted-session.ts); deposits and game launches
 * are refused.
 */
import {
  breakEnd,
  DEPOSIT_LIMIT_PERIODS,
  DEPOSIT_LIMIT_WINDOW_HOURS,
  LIMIT_RAISE_DELAY_HOURS,
  type BreakDuration,
  type DepositLimit,
  type DepositLimitPeriod,
  type DepositLimitsBody,
  type LossLimitsBody,
  type Exclusion,
  type ExclusionKind,
  type Protection,
} from '@khela/contract/protection';
import type { Language } from '@khela/contract/language';
import type {
  OpsBreak,
  OpsBreakList,
  OpsBreakListQuery,
  OpsExtendBreakBody,
  OpsRgMember,
} from '@khela/contract/backoffice/rg';
import { actorName } from '@khela/contract/operators';
import type { AuditContext, AuditService } from '../audit/audit.service';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { ReadCache } from '../../providers/cache/read-cache';
import { FieldErrorCollector } from '../accounts/field-errors';
import { LoginThrottle } from '../accounts/login-throttle';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { AuthSession, SessionsService } from '../accounts/sessions.service';
import { depositReads } from '../cashier/deposit-reads';
import { ledgerReads } from '../ledger/ledger-reads';
import type { SettingsService } from '../settings/settings.service';
import {
  protectionRepository as repo,
  type DepositLimitRow,
  type ExclusionRow,
  type LimitKind,
} from './protection.repository';

const HOUR_MS = 3_600_000;

export interface ProtectionDeps {
  db: Database;
  cache: CacheStore;
  sessions: SessionsService;
  settings: SettingsService;
  /** The time now; tests move it. */
  now?: () => Date;
  passwords: PasswordHasher;
  /** Operator changes (a break made longer) are written to the audit trail. */
  audit: AuditService;
}

/** What registration knows of a new member, compared with self-excluded people. */
export interface PersonDetails {
  email?: string | null;
  countryDialingCode?: string | null;
  mobileNum?: string | null;
  /** The real name (payee name) and birthday count together only. */
  payeeName?: string | null;
  birthday?: string | null;
}

const sameName = (a: string, b: string) =>
  a.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim() ===
  b.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();

function toOpsBreak(row: ExclusionRow, username: string, now: Date): OpsBreak {
  return {
    id: row.id.toString(),
    username,
    kind: row.kind as ExclusionKind,
    startsAt: row.startsAt.toISOString(),
    until: row.endsAt.toISOString(),
    active: row.startsAt <= now && row.endsAt > now,
    extendedBy: row.extendedBy,
    extendedAt: row.extendedAt?.toISOString() ?? null,
  };
}

export interface ActiveExclusion {
  kind: ExclusionKind;
  startsAt: Date;
  until: Date;
}

/** A limit as it stands at a moment: the one in force and any raise or removal waiting. */
interface LimitState {
  period: DepositLimitPeriod;
  amountMinor: bigint | null;
  pending: { amountMinor: bigint | null; from: Date } | null;
}

/** The row's limit at `now`, a due raise or removal applied. */
function stateOf(period: DepositLimitPeriod, row: DepositLimitRow | undefined, now: Date) {
  const state: LimitState = { period, amountMinor: row?.amountMinor ?? null, pending: null };
  if (row?.pendingFrom) {
    const next = row.pendingRemoval ? null : row.pendingAmountMinor;
    if (row.pendingFrom <= now) state.amountMinor = next;
    else state.pending = { amountMinor: next, from: row.pendingFrom };
  }
  return state;
}

/** What a request for `wanted` (null: no limit) makes of the limit: rules in the file header. */
function change(state: LimitState, wanted: bigint | null, now: Date): LimitState {
  const current = state.amountMinor;
  const isCut = wanted !== null && (current === null || wanted <= current);
  if (isCut || wanted === current) return { ...state, amountMinor: wanted, pending: null };
  // A raise or removal: the same request again keeps its clock, another starts a new one.
  if (state.pending && state.pending.amountMinor === wanted) return state;
  return {
    ...state,
    pending: {
      amountMinor: wanted,
      from: new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS),
    },
  };
}

const minorNumber = (value: bigint) => Number(value);

/** What a bet needs to know of a member, cached (see the file header). */
interface BetState {
  /** The running break that ends last, or null. */
  exclusion: ActiveExclusion | null;
  /** The member's loss-limit rows; empty: no loss limit, no query per bet. */
  lossLimits: DepositLimitRow[];
}

export class ProtectionService {
  private readonly throttle: LoginThrottle;
  private readonly now: () => Date;
  private readonly betStates: ReadCache<BetState>;

  constructor(private readonly deps: ProtectionDeps) {
    this.betStates = new ReadCache(deps.cache, {
      name: 'protection-bet-state',
      max: 100_000,
      ttlMs: 60_000,
    });
    // Shares the login's counters: guessing the password here counts as guessing it there.
    this.throttle = new LoginThrottle(deps.cache);
    this.now = deps.now ?? (() => new Date());
  }

  /** Listens for other processes' changes to breaks and loss limits; call once before serving. */
  async start() {
    await this.betStates.start();
  }

  // ── Reads ──────────────────────────────────────────────────────────────────────────────

  /** GET /wps/protection: limits with what is used and left, the break, the reality check. */
  async overview(auth: AuthSession): Promise<Protection> {
    const now = this.now();
    const { db } = this.deps;
    const [limits, lossLimits, exclusion, realityCheckMinutes, startedAt] = await Promise.all([
      this.limitFigures(db, auth.memberId, now),
      this.lossFigures(db, auth.memberId, now),
      this.activeExclusion(auth.memberId),
      repo.realityCheckMinutes(db, auth.memberId),
      this.deps.sessions.startedAt(db, auth.sessionId),
    ]);
    const since = startedAt ?? now;
    const net = await ledgerReads.playResultSince(db, auth.memberId, since);
    const lowest = lowestRemaining(limits);
    const lowestLoss = lowestRemaining(lossLimits);
    return {
      currency: this.deps.settings.get('merchant').currency,
      depositLimits: limits.map(toWireLimit),
      remaining: lowest
        ? { amountMinor: minorNumber(lowest.remainingMinor), period: lowest.period }
        : null,
      lossLimits: lossLimits.map(toWireLimit),
      lossRemaining: lowestLoss
        ? { amountMinor: minorNumber(lowestLoss.remainingMinor), period: lowestLoss.period }
        : null,
      exclusion: exclusion && toWireExclusion(exclusion),
      realityCheckMinutes,
      session: {
        startedAt: since.toISOString(),
        restricted: auth.kind === 'restricted',
        netResultMinor: minorNumber(net),
      },
    };
  }

  /** The break running now (the one that ends last), or null. */
  async activeExclusion(
    memberId: bigint,
    db: DbOrTx = this.deps.db,
  ): Promise<ActiveExclusion | null> {
    const row = await repo.activeExclusion(db, memberId, this.now());
    return row && { kind: row.kind as ExclusionKind, startsAt: row.startsAt, until: row.endsAt };
  }

  // ── Guards other modules call ──────────────────────────────────────────────────────────

  /**
   * Refuses a deposit during a break (`wallet.excluded`) or one that would take any period past
   * its limit (`wallet.depositLimitReached` with the lowest `remainingMinor` and its `period`).
   * Called inside the deposit's own transaction, it locks the member's limit rows so that two
   * deposits at the same moment are counted one after the other.
   */
  async assertMayDeposit(memberId: bigint, amountMinor: bigint, tx?: DbOrTx): Promise<void> {
    const db = tx ?? this.deps.db;
    await this.assertNotExcluded(memberId, db);
    const now = this.now();
    const lowest = lowestRemaining(await this.limitFigures(db, memberId, now, tx !== undefined));
    if (lowest && amountMinor > lowest.remainingMinor) {
      throw new AppError('wallet.depositLimitReached', {
        remainingMinor: minorNumber(lowest.remainingMinor),
        period: lowest.period,
      });
    }
  }

  /** Refuses a game launch during a break (the games issue calls it). */
  async assertMayPlay(memberId: bigint): Promise<void> {
    await this.assertNotExcluded(memberId, this.deps.db);
  }

  /**
   * The game wallet's guard, on every bet: refuses one during a break (`wallet.excluded`) or one
   * that would take the net loss of any period past its loss limit (`wallet.lossLimitReached`
   * with the lowest `remainingMinor` and its `period`). Reads the cached state (file header).
   */
  async assertMayBet(
    memberId: bigint,
    stakeMinor: bigint,
    db: DbOrTx = this.deps.db,
  ): Promise<void> {
    const state = await this.betState(memberId);
    const now = this.now();
    if (state?.exclusion && state.exclusion.until > now) {
      throw new AppError('wallet.excluded', {
        kind: state.exclusion.kind,
        until: state.exclusion.until.toISOString(),
      });
    }
    if (!state || state.lossLimits.length === 0) return;
    const lowest = lowestRemaining(await this.lossFigures(db, memberId, now, state.lossLimits));
    if (lowest && stakeMinor > lowest.remainingMinor) {
      throw new AppError('wallet.lossLimitReached', {
        remainingMinor: minorNumber(lowest.remainingMinor),
        period: lowest.period,
      });
    }
  }

  /** Whether the member has a loss limit (or one pending): the game wallet then serialises bets. */
  async limitsLosses(memberId: bigint): Promise<boolean> {
    const state = await this.betState(memberId);
    return state !== undefined && state.lossLimits.length > 0;
  }

  private betState(memberId: bigint) {
    return this.betStates.getOrLoad(String(memberId), () => this.loadBetState(memberId));
  }

  private async loadBetState(memberId: bigint): Promise<BetState> {
    const [exclusion, rows] = await Promise.all([
      this.activeExclusion(memberId),
      repo.limits(this.deps.db, memberId, 'loss'),
    ]);
    // Rows with no limit and nothing pending are as good as none.
    const lossLimits = rows.filter((r) => r.amountMinor !== null || r.pendingFrom !== null);
    return { exclusion, lossLimits };
  }

  private async assertNotExcluded(memberId: bigint, db: DbOrTx) {
    const exclusion = await this.activeExclusion(memberId, db);
    if (exclusion) {
      throw new AppError('wallet.excluded', {
        kind: exclusion.kind,
        until: exclusion.until.toISOString(),
      });
    }
  }

  // ── Changes ────────────────────────────────────────────────────────────────────────────

  /** PUT /wps/protection/deposit-limits: absent periods stay, null removes (after 24 h). */
  async setDepositLimits(auth: AuthSession, body: DepositLimitsBody): Promise<Protection> {
    await this.setLimits(auth.memberId, 'deposit', body);
    return this.overview(auth);
  }

  /** PUT /wps/protection/loss-limits: as deposit limits; the next bet sees the change. */
  async setLossLimits(auth: AuthSession, body: LossLimitsBody): Promise<Protection> {
    await this.setLimits(auth.memberId, 'loss', body);
    await this.betStates.invalidate(String(auth.memberId));
    return this.overview(auth);
  }

  private async setLimits(memberId: bigint, kind: LimitKind, body: DepositLimitsBody) {
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      const rows = await repo.limits(tx, memberId, kind, true);
      for (const period of DEPOSIT_LIMIT_PERIODS) {
        const wanted = body[period];
        if (wanted === undefined) continue;
        const row = rows.find((r) => r.period === period);
        const before = stateOf(period, row, now);
        const after = change(before, wanted === null ? null : BigInt(wanted), now);
        await repo.upsertLimit(tx, {
          memberId,
          kind,
          period,
          amountMinor: after.amountMinor,
          pendingAmountMinor: after.pending?.amountMinor ?? null,
          pendingFrom: after.pending?.from ?? null,
          pendingRemoval: after.pending !== null && after.pending.amountMinor === null,
        });
      }
    });
  }

  async setRealityCheck(auth: AuthSession, minutes: number | null): Promise<Protection> {
    await repo.setRealityCheck(this.deps.db, auth.memberId, minutes);
    return this.overview(auth);
  }

  /**
   * A time-out or self-exclusion, confirmed with the login password. Ends every session of the
   * member at once, in every process; only a restricted session that takes a longer break stays
   * (its player is already locked out of everything but withdrawals).
   */
  async takeBreak(
    auth: AuthSession,
    kind: ExclusionKind,
    duration: BreakDuration,
    password: string,
    meta: { ip: string; language: Language },
  ): Promise<Exclusion> {
    await this.confirmPassword(auth.memberId, password, meta);
    const now = this.now();
    const endsAt = breakEnd(now, duration);
    const { exclusion, revoked } = await this.deps.db.transaction(async (tx) => {
      // Breaks taken at the same moment are decided one after the other.
      await memberWrites.lock(tx, auth.memberId);
      const running = await repo.activeExclusion(tx, auth.memberId, now);
      if (running && running.endsAt >= endsAt) {
        throw new AppError('protection.cannotShorten', {
          kind: running.kind,
          until: running.endsAt.toISOString(),
        });
      }
      const row = await repo.insertExclusion(tx, {
        memberId: auth.memberId,
        kind,
        startsAt: now,
        endsAt,
      });
      const keep = auth.kind === 'restricted' ? auth.sessionId : undefined;
      const hashes = await this.deps.sessions.revokeAll(tx, auth.memberId, kind, keep);
      return { exclusion: row, revoked: hashes };
    });
    await this.deps.sessions.forget(revoked);
    // A bet already on its way must meet the break: every process drops the cached state.
    await this.betStates.invalidate(String(auth.memberId));
    return toWireExclusion({
      kind: exclusion.kind as ExclusionKind,
      startsAt: exclusion.startsAt,
      until: exclusion.endsAt,
    });
  }

  private async confirmPassword(
    memberId: bigint,
    password: string,
    meta: { ip: string; language: Language },
  ) {
    const member = await memberReads.passwords(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const account = `u:${member.username}`;
    const state = await this.throttle.state(account, meta.ip);
    if (state.retryAfterSeconds > 0) {
      throw new AppError('rate.limited', { retryAfterSeconds: state.retryAfterSeconds });
    }
    if (await this.deps.passwords.verify(member.passwordHash, password)) return;
    await this.throttle.recordFailure(account, meta.ip);
    const errors = new FieldErrorCollector(meta.language);
    errors.add('password', [{ key: 'confirmRequired' }]);
    errors.throwIfAny();
  }

  // ── Self-excluded people ─────────────────────────────────────────────────────────────────

  /** Whether any of `memberIds` is under a self-exclusion now. */
  async anySelfExcluded(db: DbOrTx, memberIds: readonly bigint[]): Promise<boolean> {
    return (await repo.selfExcludedAmong(db, memberIds, this.now())).length > 0;
  }

  /**
   * Refuses (403 member.refused, a neutral message) details that match a person under a
   * self-exclusion now: the same e-mail, the same mobile, or the same real name with the same
   * birthday. Registration asks before it creates the account. The self-excluded are few: their
   * details are read once (one query each way) and compared here.
   */
  async assertNotExcludedPerson(db: DbOrTx, details: PersonDetails): Promise<void> {
    const ids = await repo.selfExcludedIds(db, this.now());
    if (ids.length === 0) return;
    const email = details.email?.trim().toLowerCase() || null;
    const people = await memberReads.identities(db, ids);
    const match = people.some(
      (person) =>
        (email !== null && person.email?.toLowerCase() === email) ||
        (details.mobileNum != null &&
          person.mobileNum === details.mobileNum &&
          person.countryDialingCode === details.countryDialingCode) ||
        (details.payeeName != null &&
          details.birthday != null &&
          person.payeeName != null &&
          person.birthday === details.birthday &&
          sameName(person.payeeName, details.payeeName)),
    );
    if (match) throw new AppError('member.refused');
  }

  // ── Operator ─────────────────────────────────────────────────────────────────────────────

  /** GET /ops/api/rg/breaks: breaks in force now (or all), newest first. */
  async opsBreaks(query: OpsBreakListQuery): Promise<OpsBreakList> {
    const now = this.now();
    const rows = await repo.breaks(
      this.deps.db,
      {
        active: query.active,
        kind: query.kind,
        before: query.before === undefined ? undefined : BigInt(query.before),
        limit: query.limit + 1,
      },
      now,
    );
    const page = rows.slice(0, query.limit);
    const names = await memberReads.usernames(
      this.deps.db,
      page.map((row) => row.memberId),
    );
    return {
      list: page.map((row) => toOpsBreak(row, names.get(row.memberId) ?? '', now)),
      nextCursor: rows.length > query.limit ? page.at(-1)!.id.toString() : null,
    };
  }

  private async memberByUsername(username: string) {
    const member = await memberReads.byUsername(this.deps.db, username.trim().toLowerCase());
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return member;
  }

  /** GET /ops/api/rg/members/:username: limits, reality check, the break now and every break. */
  async opsMember(username: string): Promise<OpsRgMember> {
    const member = await this.memberByUsername(username);
    const now = this.now();
    const { db } = this.deps;
    const [limits, lossLimits, realityCheckMinutes, breaks] = await Promise.all([
      this.limitFigures(db, member.id, now),
      this.lossFigures(db, member.id, now),
      repo.realityCheckMinutes(db, member.id),
      repo.breaks(db, { active: false, memberId: member.id, limit: 100 }, now),
    ]);
    const list = breaks.map((row) => toOpsBreak(row, member.username, now));
    const current = list
      .filter((item) => item.active)
      .sort((a, b) => (a.until < b.until ? 1 : -1))[0];
    return {
      username: member.username,
      currency: member.currency ?? this.deps.settings.get('merchant').currency,
      depositLimits: limits.map(toWireLimit),
      lossLimits: lossLimits.map(toWireLimit),
      realityCheckMinutes,
      current: current ?? null,
      breaks: list,
    };
  }

  /**
   * An operator makes the break in force longer: `until` must be later than its end (409
   * rg.breakShorter otherwise; 404 rg.noBreak without one). Decided under the member's lock,
   * with the audit row in the same transaction; every process drops its cached bet state.
   */
  async extendBreak(
    username: string,
    body: OpsExtendBreakBody,
    context: AuditContext,
  ): Promise<OpsBreak> {
    const member = await this.memberByUsername(username);
    const until = new Date(body.until);
    const now = this.now();
    const row = await this.deps.db.transaction(async (tx) => {
      await memberWrites.lock(tx, member.id);
      const running = await repo.activeExclusion(tx, member.id, now);
      if (!running) throw new AppError('rg.noBreak');
      if (until <= running.endsAt) {
        throw new AppError('rg.breakShorter', {
          kind: running.kind,
          until: running.endsAt.toISOString(),
        });
      }
      const extended = await repo.extend(tx, running.id, until, actorName(context.actor));
      await this.deps.audit.record(tx, context, {
        action: 'rg.extendBreak',
        targetType: 'member',
        targetId: member.username,
        before: { breakId: running.id.toString(), kind: running.kind, until: running.endsAt },
        after: { breakId: running.id.toString(), kind: running.kind, until },
        reason: body.reason,
      });
      return extended;
    });
    await this.betStates.invalidate(String(member.id));
    return toOpsBreak(row, member.username, now);
  }

  // ── Figures ────────────────────────────────────────────────────────────────────────────

  private async limitFigures(
    db: DbOrTx,
    memberId: bigint,
    now: Date,
    lock = false,
  ): Promise<LimitFigures[]> {
    const rows = await repo.limits(db, memberId, 'deposit', lock);
    return Promise.all(
      DEPOSIT_LIMIT_PERIODS.map(async (period) => {
        const state = stateOf(
          period,
          rows.find((r) => r.period === period),
          now,
        );
        if (state.amountMinor === null) return { ...state, usedMinor: 0n, remainingMinor: null };
        const since = new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_HOURS[period] * HOUR_MS);
        const used = await depositReads.countedSince(db, memberId, since);
        const left = state.amountMinor - used;
        return { ...state, usedMinor: used, remainingMinor: left > 0n ? left : 0n };
      }),
    );
  }

  /** The loss limits at `now` with the net loss of each window (one query for all three). */
  private async lossFigures(
    db: DbOrTx,
    memberId: bigint,
    now: Date,
    known?: DepositLimitRow[],
  ): Promise<LimitFigures[]> {
    const rows = known ?? (await repo.limits(db, memberId, 'loss'));
    const states = DEPOSIT_LIMIT_PERIODS.map((period) =>
      stateOf(
        period,
        rows.find((r) => r.period === period),
        now,
      ),
    );
    const limited = states.filter((s) => s.amountMinor !== null);
    const losses = await ledgerReads.netLossSince(
      db,
      memberId,
      limited.map((s) => new Date(now.getTime() - DEPOSIT_LIMIT_WINDOW_HOURS[s.period] * HOUR_MS)),
    );
    return states.map((state) => {
      const index = limited.indexOf(state);
      if (index < 0 || state.amountMinor === null) {
        return { ...state, usedMinor: 0n, remainingMinor: null };
      }
      const lost = losses[index] ?? 0n;
      const left = state.amountMinor - lost;
      return { ...state, usedMinor: lost, remainingMinor: left > 0n ? left : 0n };
    });
  }
}

interface LimitFigures extends LimitState {
  usedMinor: bigint;
  remainingMinor: bigint | null;
}

/** The smallest remaining allowance across the periods that have a limit. */
function lowestRemaining(limits: LimitFigures[]) {
  let lowest: { period: DepositLimitPeriod; remainingMinor: bigint } | null = null;
  for (const limit of limits) {
    if (limit.remainingMinor === null) continue;
    if (!lowest || limit.remainingMinor < lowest.remainingMinor) {
      lowest = { period: limit.period, remainingMinor: limit.remainingMinor };
    }
  }
  return lowest;
}

function toWireLimit(limit: LimitFigures): DepositLimit {
  return {
    period: limit.period,
    amountMinor: limit.amountMinor === null ? null : minorNumber(limit.amountMinor),
    pending: limit.pending && {
      amountMinor:
        limit.pending.amountMinor === null ? null : minorNumber(limit.pending.amountMinor),
      from: limit.pending.from.toISOString(),
    },
    usedMinor: minorNumber(limit.usedMinor),
    remainingMinor: limit.remainingMinor === null ? null : minorNumber(limit.remainingMinor),
  };
}

function toWireExclusion(exclusion: ActiveExclusion): Exclusion {
  return {
    kind: exclusion.kind,
    startsAt: exclusion.startsAt.toISOString(),
    until: exclusion.until.toISOString(),
  };
}
