/**
 * Upline transfer, referrals and agents.
 *
 * Upline transfer (AGETRANSFERUP3): a member sends cash to their upline agent (members.upline_id)
 * as one ledger movement (member's cash → the upline's cash), keyed by the client's
 * Idempotency-Key, so a retry moves nothing twice. Type 2 may not; the payment password is asked
 * when set (at most `passwordTries` wrong ones per window); the amount is within the operator's
 * `uplineTransferLimits`.
 *
 * Agent home: an agent's team is their direct downline (members whose upline they are); deposits
 * and turnover for a period come from the ledger (deposit movements; bets less rollbacks).
 * Contracts (daily salary, dividend, hourly): the operator's terms (`agentContractTerms`), what a
 * period pays, computed here from the team's figures and never taken from the client, and the
 * request lifecycle: one request per agent, kind and period (pending), which an operator approves
 * (paid through the ledger once, keyed by the request's id, in the decision's transaction) or
 * rejects with a reason. Every decision writes an audit row. docs/agents.md tells the rules.
 */
import { addDays, siteDay, siteDayStart } from '@khela/contract/date';
import { BASE_PATH } from '@khela/contract/routes';
import { canTransferToUpline, isAgent, isGuest, skipsContractCheck } from '@khela/contract/members';
import { actorName } from '@khela/contract/operators';
import type {
  AgentContract,
  AgentContractCheck,
  AgentContractKind,
  AgentContractPeriod,
  AgentContractQuote,
  AgentContractRequest,
  AgentContractRequestAnswer,
  AgentContractTerms,
  AgentHome,
  OpsAgentContractRequest,
  AgentHomeQuery,
  ReferralInfo,
  UplineTransferAnswer,
  UplineTransferBody,
  UplineTransferInfo,
} from '@khela/contract/rewards';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { memberReads, type MemberFacts } from '../accounts/member-reads';
import { ReauthGuard } from '../accounts/reauth-guard';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { SettingsService } from '../settings/settings.service';
import type { Balances } from '../ledger/balances';
import type { Ledger } from '../ledger/ledger';
import { ledgerReads } from '../ledger/ledger-reads';
import type { AuditContext, AuditService } from '../audit/audit.service';
import { agentsRepository as repo, type ContractRequestRow } from './agents.repository';

export const UPLINE_TRANSFER_SOURCE = 'member:transfer-upline';
/** The ledger source of contract payments; the key is `contract-request:<id>`. */
export const CONTRACT_PAYMENT_SOURCE = 'agent:contract';
const HOUR_MS = 3_600_000;
const TEAM_LIST_LIMIT = 100;
const REQUEST_LIST_LIMIT = 50;
/** Agent periods are Dhaka calendar days, like the rebate's (date.ts: `siteDay`). */
const MAX_PERIOD_DAYS = 366;

/** "rahim42" → "ra****2": enough for the agent to recognise, not to log in as. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}${'*'.repeat(Math.min(6, username.length - 3))}${username.slice(-1)}`;
}

export interface AgentsDeps {
  db: Database;
  cache: CacheStore;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  now?: () => Date;
  passwords: PasswordHasher;
  audit: AuditService;
}

/** A contract period resolved: its key (start day, hour or -1) and its bounds [from, to). */
interface Period {
  periodStart: string;
  periodHour: number;
  from: Date;
  to: Date;
}

/** The first day of the month after `day`'s. */
function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** Salary: a Dhaka day; hourly: an hour of it (default 0); dividend: the Dhaka month of the day. */
export function contractPeriod(kind: AgentContractKind, period: AgentContractPeriod): Period {
  const day = period.periodStart;
  switch (kind) {
    case 'salary':
      return {
        periodStart: day,
        periodHour: -1,
        from: siteDayStart(day),
        to: siteDayStart(addDays(day, 1)),
      };
    case 'hourly': {
      const hour = period.periodHour ?? 0;
      const from = new Date(siteDayStart(day).getTime() + hour * HOUR_MS);
      return { periodStart: day, periodHour: hour, from, to: new Date(from.getTime() + HOUR_MS) };
    }
    case 'dividend': {
      const first = `${day.slice(0, 8)}01`;
      return {
        periodStart: first,
        periodHour: -1,
        from: siteDayStart(first),
        to: siteDayStart(nextMonth(first)),
      };
    }
  }
}

/**
 * The tier the team reached (the highest turnover among those whose turnover and deposits it
 * met) and what it pays: salary and hourly its fixed amount, dividend its share of a positive net
 * loss (rounded down).
 */
export function contractPay(
  kind: AgentContractKind,
  tiers: AgentContractTerms[AgentContractKind],
  figures: { turnoverMinor: bigint; depositsMinor: bigint; netLossMinor: bigint },
): { tierIndex: number | null; amountMinor: bigint } {
  let best: number | null = null;
  tiers.forEach((tier, i) => {
    const reached =
      BigInt(tier.turnoverMinor) <= figures.turnoverMinor &&
      BigInt(tier.depositsMinor ?? 0) <= figures.depositsMinor;
    if (reached && (best === null || tier.turnoverMinor >= tiers[best]!.turnoverMinor)) best = i;
  });
  if (best === null) return { tierIndex: null, amountMinor: 0n };
  const tier = tiers[best]!;
  if (kind === 'dividend') {
    const base = figures.netLossMinor > 0n ? figures.netLossMinor : 0n;
    return { tierIndex: best, amountMinor: (base * BigInt(tier.shareBp ?? 0)) / 10_000n };
  }
  return { tierIndex: best, amountMinor: BigInt(tier.amountMinor ?? 0) };
}

export function toContractRequest(row: ContractRequestRow): AgentContractRequest {
  return {
    id: row.id.toString(),
    kind: row.kind as AgentContractKind,
    status: (['approved', 'rejected'].includes(row.status) ? row.status : 'pending') as
      'pending' | 'approved' | 'rejected',
    periodStart: row.periodStart,
    periodHour: row.periodHour < 0 ? null : row.periodHour,
    amountMinor: Number(row.amountMinor),
    turnoverMinor: Number(row.turnoverMinor),
    depositsMinor: Number(row.depositsMinor),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.decisionReason,
  };
}

function toOpsRequest(
  row: ContractRequestRow,
  username: string,
  currency: string,
): OpsAgentContractRequest {
  return {
    ...toContractRequest(row),
    username,
    currency,
    decidedBy: row.decidedByName,
    transactionId: row.transactionId?.toString() ?? null,
  };
}

export class AgentsService {
  /** Password re-entry, with the try counter every caller shares. */
  private readonly reauth: ReauthGuard;

  constructor(private readonly deps: AgentsDeps) {
    this.reauth = new ReauthGuard(deps.cache, deps.passwords);
  }

  private async member(memberId: bigint): Promise<MemberFacts> {
    const member = await memberReads.member(this.deps.db, memberId);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return member;
  }

  private currencyOf(member: { currency: string | null }) {
    return member.currency ?? this.deps.settings.get('merchant').currency;
  }

  // ── Upline transfer ───────────────────────────────────────────────────────────────────────

  private async upline(member: MemberFacts) {
    if (member.uplineId === null) return undefined;
    const upline = await memberReads.member(this.deps.db, member.uplineId);
    return upline && upline.status === 'active' && !isGuest(upline.type) ? upline : undefined;
  }

  /** The transfer page's data: whether the member may, to whom, balance and limits. */
  async uplineInfo(memberId: bigint): Promise<UplineTransferInfo> {
    const member = await this.member(memberId);
    const [upline, balance] = await Promise.all([
      this.upline(member),
      this.deps.balances.balanceMinor(memberId),
    ]);
    const limits = this.deps.settings.get('uplineTransferLimits');
    const reason = !this.deps.settings.flag('AGETRANSFERUP3')
      ? ('disabled' as const)
      : !canTransferToUpline(member.type)
        ? ('memberType' as const)
        : !upline
          ? ('noUpline' as const)
          : null;
    return {
      allowed: reason === null,
      reason,
      upline: upline?.username ?? null,
      balanceMinor: Number(balance),
      currency: this.currencyOf(member),
      minMinor: limits.minMinor,
      maxMinor: limits.maxMinor,
      paymentPasswordSet: member.paymentPasswordSet,
    };
  }

  /**
   * Sends `amountMinor` of the member's cash to their upline's cash. `key` is the client's
   * Idempotency-Key: the same key and body again answer the first transfer with `replayed`.
   */
  async transferToUpline(
    memberId: bigint,
    key: string | undefined,
    body: UplineTransferBody,
  ): Promise<UplineTransferAnswer> {
    if (!this.deps.settings.flag('AGETRANSFERUP3')) throw new AppError('feature.disabled');
    if (!key) throw new AppError('idempotency.keyRequired');
    const member = await this.member(memberId);
    if (!canTransferToUpline(member.type)) throw new AppError('upline.typeForbidden');
    const [upline, passwords] = await Promise.all([
      this.upline(member),
      member.paymentPasswordSet ? memberReads.passwords(this.deps.db, memberId) : undefined,
    ]);
    if (!upline) throw new AppError('upline.none');
    const limits = this.deps.settings.get('uplineTransferLimits');
    if (body.amountMinor < limits.minMinor || body.amountMinor > limits.maxMinor) {
      throw new AppError('wallet.amountOutOfRange', {
        minMinor: limits.minMinor,
        maxMinor: limits.maxMinor,
      });
    }
    const paymentPasswordHash = passwords?.paymentPasswordHash;
    if (paymentPasswordHash) {
      await this.reauth.check(
        'payment',
        memberId,
        paymentPasswordHash,
        body.paymentPassword ?? '',
        'wallet.paymentPasswordWrong',
      );
    }
    const amount = BigInt(body.amountMinor);
    const posted = await this.deps.ledger.move({
      kind: 'transfer.upline',
      source: UPLINE_TRANSFER_SOURCE,
      key: `${memberId}:${key}`,
      request: { amountMinor: body.amountMinor, uplineId: upline.id.toString() },
      currency: this.currencyOf(member),
      memberId,
      reference: { uplineId: upline.id.toString(), upline: upline.username },
      legs: [
        { account: { kind: 'cash', ownerId: memberId }, amountMinor: -amount },
        { account: { kind: 'cash', ownerId: upline.id }, amountMinor: amount },
      ],
    });
    if (!posted.replayed) {
      await Promise.all([
        this.deps.balances.changed(memberId),
        this.deps.balances.changed(upline.id),
      ]);
    }
    const balance = posted.replayed
      ? await this.deps.balances.balanceMinor(memberId)
      : (posted.balancesAfter.get(`cash:${memberId}`) ?? 0n);
    return {
      transactionId: posted.transactionId.toString(),
      amountMinor: body.amountMinor,
      upline: upline.username,
      balanceMinor: Number(balance),
      replayed: posted.replayed,
    };
  }

  // ── Referrals ─────────────────────────────────────────────────────────────────────────────

  /** The member's invitation code, the registration path that carries it, and their upline. */
  async referral(memberId: bigint): Promise<ReferralInfo> {
    const member = await this.member(memberId);
    const upline = member.uplineId
      ? await memberReads.member(this.deps.db, member.uplineId)
      : undefined;
    return {
      inviteCode: member.inviteCode,
      invitePath: `${BASE_PATH}/register?affiliateCode=${encodeURIComponent(member.inviteCode)}`,
      currencySymbol: this.deps.settings.get('merchant').currencySymbol,
      upline: upline?.username ?? null,
      isAgent: isAgent(member.type),
    };
  }

  // ── Agents ────────────────────────────────────────────────────────────────────────────────

  private async agent(memberId: bigint) {
    const member = await this.member(memberId);
    if (!isAgent(member.type)) throw new AppError('agent.only');
    return member;
  }

  /** Team numbers for Dhaka days `from`..`to` inclusive (default: the last 7 days). */
  async home(memberId: bigint, query: AgentHomeQuery): Promise<AgentHome> {
    const agent = await this.agent(memberId);
    const today = siteDay(this.now());
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -6);
    if (from > to) throw new AppError('records.badRange');
    if (addDays(from, MAX_PERIOD_DAYS) <= to) throw new AppError('records.rangeTooLong');
    const start = siteDayStart(from);
    const end = siteDayStart(addDays(to, 1));
    const { db } = this.deps;
    const [teamCount, newMembers, totals, team] = await Promise.all([
      memberReads.downlineCount(db, memberId),
      memberReads.downlineCount(db, memberId, start, end),
      memberReads
        .downlineIds(db, memberId)
        .then((ids) => ledgerReads.teamFigures(db, ids, start, end)),
      memberReads.downline(db, memberId, TEAM_LIST_LIMIT),
    ]);
    return {
      currency: this.currencyOf(agent),
      inviteCode: agent.inviteCode,
      from,
      to,
      teamCount,
      newMembers,
      activeMembers: totals.activeMembers,
      depositsMinor: Number(totals.depositsMinor),
      turnoverMinor: Number(totals.turnoverMinor),
      members: team.map((m) => ({
        username: maskUsername(m.username),
        joinedAt: m.createdAt.toISOString(),
      })),
    };
  }

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** A contract's terms (operator setting `agentContractTerms`) and the agent's requests. */
  async contract(memberId: bigint, kind: AgentContractKind): Promise<AgentContract> {
    const agent = await this.agent(memberId);
    const requests = await repo.contractRequests(this.deps.db, memberId, kind, REQUEST_LIST_LIMIT);
    return {
      kind,
      currency: this.currencyOf(agent),
      tiers: this.deps.settings.get('agentContractTerms')[kind],
      requests: requests.map(toContractRequest),
    };
  }

  /** The team's figures in a period and what the contract pays for them. */
  private async figure(db: DbOrTx, memberId: bigint, kind: AgentContractKind, period: Period) {
    const ids = await memberReads.downlineIds(db, memberId);
    const figures = await ledgerReads.teamFigures(db, ids, period.from, period.to);
    const pay = contractPay(kind, this.deps.settings.get('agentContractTerms')[kind], figures);
    return { figures, ...pay };
  }

  /** What the contract pays for a period, and whether the agent may ask for it now. */
  async quote(
    memberId: bigint,
    kind: AgentContractKind,
    input: AgentContractPeriod,
  ): Promise<AgentContractQuote> {
    const agent = await this.agent(memberId);
    const period = contractPeriod(kind, input);
    const key = { memberId, kind, periodStart: period.periodStart, periodHour: period.periodHour };
    const [{ figures, tierIndex, amountMinor }, existing] = await Promise.all([
      this.figure(this.deps.db, memberId, kind, period),
      repo.forPeriod(this.deps.db, key),
    ]);
    const state = existing
      ? ('requested' as const)
      : period.to > this.now()
        ? ('open' as const)
        : amountMinor === 0n
          ? ('nothingDue' as const)
          : ('requestable' as const);
    return {
      kind,
      currency: this.currencyOf(agent),
      periodStart: period.periodStart,
      periodHour: period.periodHour < 0 ? null : period.periodHour,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      turnoverMinor: Number(figures.turnoverMinor),
      depositsMinor: Number(figures.depositsMinor),
      netLossMinor: Number(figures.netLossMinor),
      tierIndex,
      amountMinor: Number(amountMinor),
      state,
      request: existing ? toContractRequest(existing) : null,
    };
  }

  /**
   * The agent asks for a period's payment. The amount is computed here from the team's figures
   * once the period has ended (409 agent.contractPeriodOpen before), and must be above zero (409
   * agent.contractNothingDue). One request per agent, kind and period: asking again answers the
   * first request with `replayed`, whatever its status.
   */
  async requestPayment(
    memberId: bigint,
    kind: AgentContractKind,
    input: AgentContractPeriod,
  ): Promise<AgentContractRequestAnswer> {
    await this.agent(memberId);
    const period = contractPeriod(kind, input);
    const key = { memberId, kind, periodStart: period.periodStart, periodHour: period.periodHour };
    const earlier = await repo.forPeriod(this.deps.db, key);
    if (earlier) return { request: toContractRequest(earlier), replayed: true };
    if (period.to > this.now()) throw new AppError('agent.contractPeriodOpen');
    const { figures, amountMinor } = await this.figure(this.deps.db, memberId, kind, period);
    if (amountMinor === 0n) throw new AppError('agent.contractNothingDue');
    const inserted = await repo.insert(this.deps.db, {
      ...key,
      amountMinor,
      turnoverMinor: figures.turnoverMinor,
      depositsMinor: figures.depositsMinor,
      status: 'pending',
    });
    if (inserted) return { request: toContractRequest(inserted), replayed: false };
    // Two requests at once: the other one's row stands.
    const raced = await repo.forPeriod(this.deps.db, key);
    return { request: toContractRequest(raced!), replayed: true };
  }

  /**
   * The contract-request check (accounts spec §6): the payments the agent may ask for now and
   * has not (yesterday's salary, last month's dividend, the last full hour's pay). Member types 4,
   * 40, 41 and 42 skip it.
   */
  async contractCheck(memberId: bigint): Promise<AgentContractCheck> {
    const member = await this.member(memberId);
    if (skipsContractCheck(member.type)) return { skipped: true, due: [] };
    if (!isAgent(member.type)) throw new AppError('agent.only');
    const now = this.now();
    const today = siteDay(now);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const hourDay = siteDay(hourAgo);
    const lastMonth = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
    const candidates: { kind: AgentContractKind; period: AgentContractPeriod }[] = [
      { kind: 'salary', period: { periodStart: addDays(today, -1) } },
      { kind: 'dividend', period: { periodStart: lastMonth } },
      {
        kind: 'hourly',
        period: {
          periodStart: hourDay,
          periodHour: Math.floor((hourAgo.getTime() - siteDayStart(hourDay).getTime()) / HOUR_MS),
        },
      },
    ];
    const quotes = await Promise.all(candidates.map((c) => this.quote(memberId, c.kind, c.period)));
    return {
      skipped: false,
      due: quotes
        .filter((q) => q.state === 'requestable')
        .map((q) => ({
          kind: q.kind,
          periodStart: q.periodStart,
          periodHour: q.periodHour,
          amountMinor: q.amountMinor,
        })),
    };
  }

  // ── Operators: deciding contract requests ──────────────────────────────────────────────────

  async listRequests(q: {
    status?: string | undefined;
    before?: string | undefined;
    limit: number;
  }) {
    // One more than asked tells whether an older page exists.
    const fetched = await repo.page(this.deps.db, {
      status: q.status,
      before: q.before === undefined ? undefined : BigInt(q.before),
      limit: q.limit + 1,
    });
    const rows = fetched.slice(0, q.limit);
    const names = await memberReads.usernames(this.deps.db, [
      ...new Set(rows.map((r) => r.memberId)),
    ]);
    const currency = this.deps.settings.get('merchant').currency;
    return {
      items: rows.map((r) => toOpsRequest(r, names.get(r.memberId) ?? '', currency)),
      nextBefore: fetched.length > q.limit ? String(rows[rows.length - 1]!.id) : null,
    };
  }

  /**
   * Approves a pending request: pays its amount from the house to the agent's cash through the
   * ledger, keyed by the request's id, in the same transaction that marks it approved and writes
   * the audit row. The row is locked first, so two approvals at once pay once; an approved one is
   * answered as it is (`replayed`). A rejected one is 409 agent.contractDecided.
   */
  async approve(context: AuditContext, id: bigint) {
    const currency = this.deps.settings.get('merchant').currency;
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new AppError('agent.contractRequestNotFound');
      const member = await memberReads.member(tx, row.memberId);
      const username = member?.username ?? '';
      if (row.status === 'approved') return { row, username, replayed: true };
      if (row.status !== 'pending') {
        throw new AppError('agent.contractDecided', { status: row.status });
      }
      const memberCurrency = member?.currency ?? currency;
      const posted = await this.deps.ledger.post(tx, {
        kind: 'reward.agent_contract',
        source: CONTRACT_PAYMENT_SOURCE,
        key: `contract-request:${row.id}`,
        request: { requestId: row.id.toString(), amountMinor: Number(row.amountMinor) },
        currency: memberCurrency,
        memberId: row.memberId,
        reference: {
          contract: row.kind,
          periodStart: row.periodStart,
          requestId: row.id.toString(),
        },
        legs: [
          { account: { kind: 'cash', ownerId: row.memberId }, amountMinor: row.amountMinor },
          { account: { kind: 'house' }, amountMinor: -row.amountMinor },
        ],
      });
      const updated = await repo.update(tx, row.id, {
        status: 'approved',
        decidedAt: new Date(),
        decidedByName: actorName(context.actor),
        transactionId: posted.transactionId,
      });
      await this.deps.audit.record(tx, context, {
        action: 'agent.contract.approve',
        targetType: 'member',
        targetId: username,
        before: { requestId: row.id.toString(), status: row.status },
        after: {
          requestId: row.id.toString(),
          status: 'approved',
          kind: row.kind,
          periodStart: row.periodStart,
          amountMinor: Number(row.amountMinor),
          transactionId: posted.transactionId.toString(),
        },
      });
      return { row: updated, username, replayed: posted.replayed };
    });
    if (!outcome.replayed) await this.deps.balances.changed(outcome.row.memberId);
    return {
      request: toOpsRequest(outcome.row, outcome.username, currency),
      replayed: outcome.replayed,
    };
  }

  /** Turns a pending request down with a reason the agent sees; no money moves. */
  async reject(context: AuditContext, id: bigint, reason: string) {
    const currency = this.deps.settings.get('merchant').currency;
    const outcome = await this.deps.db.transaction(async (tx) => {
      const row = await repo.lock(tx, id);
      if (!row) throw new AppError('agent.contractRequestNotFound');
      const username = (await memberReads.member(tx, row.memberId))?.username ?? '';
      if (row.status === 'rejected') return { row, username, replayed: true };
      if (row.status !== 'pending') {
        throw new AppError('agent.contractDecided', { status: row.status });
      }
      const updated = await repo.update(tx, row.id, {
        status: 'rejected',
        decidedAt: new Date(),
        decidedByName: actorName(context.actor),
        decisionReason: reason,
      });
      await this.deps.audit.record(tx, context, {
        action: 'agent.contract.reject',
        targetType: 'member',
        targetId: username,
        before: { requestId: row.id.toString(), status: row.status },
        after: { requestId: row.id.toString(), status: 'rejected' },
        reason,
      });
      return { row: updated, username, replayed: false };
    });
    return {
      request: toOpsRequest(outcome.row, outcome.username, currency),
      replayed: outcome.replayed,
    };
  }
}
