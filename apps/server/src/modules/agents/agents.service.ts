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
 * Contracts (daily salary, dividend, hourly): the operator's terms and the agent's requests.
 */
import { addDays, siteDay, siteDayStart } from '@khela/contract/date';
import { BASE_PATH } from '@khela/contract/routes';
import { canTransferToUpline, isAgent, isGuest } from '@khela/contract/members';
import type {
  AgentContract,
  AgentContractKind,
  AgentHome,
  AgentHomeQuery,
  ReferralInfo,
  UplineTransferAnswer,
  UplineTransferBody,
  UplineTransferInfo,
} from '@khela/contract/rewards';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { memberReads, type MemberFacts } from '../accounts/member-reads';
import { ReauthGuard } from '../accounts/reauth-guard';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { SettingsService } from '../settings/settings.service';
import type { Balances } from '../ledger/balances';
import type { Ledger } from '../ledger/ledger';
import { ledgerReads } from '../ledger/ledger-reads';
import { agentsRepository as repo } from './agents.repository';

export const UPLINE_TRANSFER_SOURCE = 'member:transfer-upline';
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
    const today = siteDay(this.deps.now?.() ?? new Date());
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
        .then((ids) => ledgerReads.teamDepositsAndTurnover(db, ids, start, end)),
      memberReads.downline(db, memberId, TEAM_LIST_LIMIT),
    ]);
    return {
      currency: this.currencyOf(agent),
      inviteCode: agent.inviteCode,
      from,
      to,
      teamCount,
      newMembers,
      depositsMinor: Number(totals.depositsMinor),
      turnoverMinor: Number(totals.turnoverMinor),
      members: team.map((m) => ({
        username: maskUsername(m.username),
        joinedAt: m.createdAt.toISOString(),
      })),
    };
  }

  /** A contract's terms (operator setting `agentContractTerms`) and the agent's requests. */
  async contract(memberId: bigint, kind: AgentContractKind): Promise<AgentContract> {
    const agent = await this.agent(memberId);
    const requests = await repo.contractRequests(this.deps.db, memberId, kind, REQUEST_LIST_LIMIT);
    return {
      kind,
      currency: this.currencyOf(agent),
      tiers: this.deps.settings.get('agentContractTerms')[kind],
      requests: requests.map((r) => ({
        id: r.id.toString(),
        status: (['approved', 'rejected'].includes(r.status) ? r.status : 'pending') as
          'pending' | 'approved' | 'rejected',
        periodStart: r.periodStart,
        amountMinor: Number(r.amountMinor),
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }
}
