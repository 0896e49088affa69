/**
 * Withdrawals and the payee accounts they are paid to.
 *
 * A request holds the money at once: one database transaction inserts the withdrawal (pending)
 * and posts the hold (cash → withdrawal_hold), so a request either exists with its money held or
 * not at all. Every way out of pending (the player cancels, the operator pays or rejects) is a
 * conditional update `where status = 'pending'` in the same transaction as its ledger movement,
 * so of any number of concurrent decisions exactly one happens. The settling movement's key is
 * the withdrawal id, a second line of defence: the ledger cannot post two settlements for one
 * withdrawal.
 *
 * Withdrawals are open to self-excluded and timed-out players (their money stays theirs).
 *
 * Payouts: where the channel has a payout gateway, approval does not mark a withdrawal paid but
 * sends it (pending → processing, once, by the same conditional update) with the withdrawal id
 * as the gateway's idempotency key. The gateway's answer or the payout pass (which asks the
 * gateway about payouts left processing) ends it: paid moves the hold to the payouts account,
 * failed moves it back to cash, each in the transaction that changes the status. A gateway that
 * is down never fails a payout: it is asked again later, with back-off.
 */
import { actorName } from '@khela/contract/operators';
import type { AuditTrail } from '../audit/audit.service';
import { ERRORS } from '@khela/contract/errors';
import type { Language } from '@khela/contract/language';
import {
  WITHDRAW_LIMITS,
  last4,
  normalizeAccountNumber,
  type BindPayeeBody,
  type CreateWithdrawalAnswer,
  type CreateWithdrawalBody,
  type OpsPayout,
  type OpsWithdrawal,
  type OpsWithdrawalRow,
  type PayeeAccount,
  type PayeeList,
  type Withdrawal,
  type WithdrawalListQuery,
  type WithdrawalPage,
  type WithdrawOptions,
} from '@khela/contract/withdrawals';
import type {
  OpsBulkDecisionAnswer,
  OpsBulkDecisionBody,
  ReasonTemplate,
} from '@khela/contract/backoffice/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, invalid, notFound } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import {
  GatewayUnavailable,
  type PayoutGateway,
  type PayoutState,
} from '../../providers/payments/payment-gateway';
import { memberReads } from '../accounts/member-reads';
import { memberWrites } from '../accounts/member-writes';
import { ReauthGuard } from '../accounts/reauth-guard';
import type { BonusesService } from '../bonuses/bonuses.service';
import type { InboxService } from '../inbox/inbox.service';
import { kycReads } from '../kyc/kyc-reads';
import type { ProtectionService } from '../protection/protection.service';
import { withdrawalRisks } from './withdrawal-risk';
import type { PasswordHasher } from '../accounts/password-hasher';
import type { SettingsService } from '../settings/settings.service';
import type { ChannelRow, ChannelsService } from '../cashier/channels.service';
import type { Balances } from '../ledger/balances';
import { fingerprint, type Ledger } from '../ledger/ledger';
import {
  withdrawalsRepository as repo,
  type PayeeRow,
  type WithdrawalRow,
  type WithdrawalView,
} from './withdrawals.repository';

/** Inbox topics this module writes (sender 'system'); the inbox renders them from their params. */
export const INBOX_TOPICS = {
  payeeBound: 'payee.bound',
  payeeRemoved: 'payee.removed',
  withdrawalPaid: 'withdrawal.paid',
  withdrawalRejected: 'withdrawal.rejected',
  withdrawalFailed: 'withdrawal.failed',
} as const;

/** How the payouts are paced; the defaults suit a live site, tests shorten them. */
export interface PayoutTiming {
  /** How long the process that claimed a payout has it before another may look. */
  leaseMs: number;
  /** How long after a "processing" answer the gateway is asked again. */
  pollMs: number;
  /** The first pause after trouble reaching the gateway; doubled per call, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often each process runs the payout pass (0: never by itself). */
  passEveryMs: number;
  /** Payouts one pass looks at. */
  batch: number;
}

export const DEFAULT_PAYOUT_TIMING: PayoutTiming = {
  leaseMs: 2 * 60_000,
  pollMs: 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  passEveryMs: 30_000,
  batch: 50,
};

const WITHDRAW_SOURCE = 'member:withdraw';
/** The settling movement of a withdrawal (release or payout) has this source and its id as key. */
const SETTLE_SOURCE = 'withdrawal:settle';

export interface WithdrawalsDeps {
  db: Database;
  cache: CacheStore;
  ledger: Ledger;
  balances: Balances;
  settings: SettingsService;
  /** The cashier's payment channels (held in memory): limits, patterns and names. */
  channels: ChannelsService;
  /** Payee and withdrawal notices, written in the caller's transaction. */
  inbox: InboxService;
  passwords: PasswordHasher;
  /** Whether members are self-excluded (a payee account of theirs is not bound to another). */
  protection: Pick<ProtectionService, 'anySelfExcluded'>;
  /** The channel's payout gateway, where it has one; none: approval marks it paid by hand. */
  payoutGatewayFor?: (
    channelCode: string,
  ) => PayoutGateway | undefined | Promise<PayoutGateway | undefined>;
  payoutTiming?: Partial<PayoutTiming>;
  /** Told when the pending queue may have changed (the back office's live counters). */
  queueChanged?: () => void;
  /** The bonus engine: an active bonus is forfeited with the hold, once the player confirms. */
  bonuses?: Pick<BonusesService, 'beforeWithdrawal' | 'activeChanged'>;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const masked = (accountNumber: string) => `•••• ${last4(accountNumber)}`;
const channelName = (names: { nameEn: string; nameBn: string }, language: Language) =>
  language === 'EN' ? names.nameEn : names.nameBn;

function toPayee(
  row: PayeeRow,
  names: { nameEn: string; nameBn: string },
  language: Language,
): PayeeAccount {
  return {
    id: row.id.toString(),
    channelCode: row.channelCode,
    channelName: channelName(names, language),
    accountName: row.accountName,
    accountNumber: masked(row.accountNumber),
    last4: last4(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A channel's names in both languages, as a withdrawal or a payee shows them. */
interface ChannelNames {
  channelNameEn: string;
  channelNameBn: string;
}

function toWithdrawal(view: WithdrawalView & ChannelNames, language: Language): Withdrawal {
  return {
    id: view.id.toString(),
    status: view.status as Withdrawal['status'],
    amountMinor: Number(view.amountMinor),
    currency: view.currency,
    channelCode: view.channelCode,
    channelName: channelName({ nameEn: view.channelNameEn, nameBn: view.channelNameBn }, language),
    accountName: view.accountName,
    accountNumber: masked(view.accountNumber),
    createdAt: view.createdAt.toISOString(),
    decidedAt: iso(view.decidedAt),
    note: view.status === 'rejected' ? view.decisionNote : null,
  };
}

function toOpsWithdrawal(view: WithdrawalView & ChannelNames, username: string): OpsWithdrawal {
  return {
    ...toWithdrawal(view, 'EN'),
    username,
    accountNumber: view.accountNumber,
    note: view.decisionNote,
    decidedBy: view.decidedBy,
    payout: view.payoutProvider
      ? {
          provider: view.payoutProvider,
          ref: view.payoutRef,
          state: (view.payoutState ?? 'sending') as OpsPayout['state'],
          reason: view.payoutReason,
          attempts: view.payoutAttempts,
        }
      : null,
  };
}

/** The channel's pattern matches the whole number; a pattern that does not compile matches none. */
function matchesPattern(pattern: string, value: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return false;
  }
}

export class WithdrawalsService {
  /** Password re-entry, with the try counter every caller shares. */
  private readonly reauth: ReauthGuard;
  private readonly timing: PayoutTiming;
  private log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<unknown> | undefined;

  constructor(private readonly deps: WithdrawalsDeps) {
    this.reauth = new ReauthGuard(deps.cache, deps.passwords);
    this.timing = { ...DEFAULT_PAYOUT_TIMING, ...deps.payoutTiming };
  }

  private get db() {
    return this.deps.db;
  }

  /** Adds each row's channel names from the cashier's channels (one cached read for all). */
  private async named<T extends { channelCode: string }>(rows: T[]): Promise<(T & ChannelNames)[]> {
    const channels = new Map((await this.deps.channels.rows()).map((ch) => [ch.code, ch]));
    return rows.map((row) => {
      const channel = channels.get(row.channelCode);
      return {
        ...row,
        channelNameEn: channel?.nameEn ?? row.channelCode,
        channelNameBn: channel?.nameBn ?? row.channelCode,
      };
    });
  }

  // ── Passwords ─────────────────────────────────────────────────────────────────────────────

  private async passwords(memberId: bigint) {
    const passwords = await memberReads.passwords(this.db, memberId);
    if (!passwords) throw new AppError('member.notFoundOrDisabled');
    return passwords;
  }

  private currencyOf(currency: string | null | undefined) {
    return currency ?? this.deps.settings.get('merchant').currency;
  }

  // ── Payee accounts ────────────────────────────────────────────────────────────────────────

  async payees(memberId: bigint, language: Language): Promise<PayeeList> {
    const [rows, channels] = await Promise.all([
      repo.activePayees(this.db, memberId).then((payees) => this.named(payees)),
      this.deps.channels.rows(),
    ]);
    return {
      payees: rows.map((r) =>
        toPayee(r, { nameEn: r.channelNameEn, nameBn: r.channelNameBn }, language),
      ),
      channels: channels
        .filter((ch) => ch.withdrawEnabled)
        .map((ch) => ({
          code: ch.code,
          name: channelName(ch, language),
          accountPattern: ch.accountPattern,
        })),
      maxPayees: WITHDRAW_LIMITS.maxPayees,
    };
  }

  /**
   * Binds a payee account: the login password again (re-authentication), a withdraw channel,
   * a number of the channel's pattern, at most `maxPayees` active, no duplicate. Writes an inbox
   * notice, so a player whose session was taken over sees the change.
   */
  async bindPayee(memberId: bigint, body: BindPayeeBody, language: Language) {
    const channel = await this.deps.channels.row(body.channelCode);
    if (!channel?.withdrawEnabled) throw new AppError('wallet.channelUnavailable');
    const accountNumber = normalizeAccountNumber(body.accountNumber);
    if (!matchesPattern(channel.accountPattern, accountNumber)) {
      throw invalid({ accountNumber: [ERRORS['validation.accountFormat'][language]] });
    }
    const passwords = await this.passwords(memberId);
    await this.reauth.check(
      'login',
      memberId,
      passwords.passwordHash,
      body.password,
      'wallet.reauthFailed',
    );
    const row = await this.db.transaction(async (tx) => {
      // Binds of one member are decided one after the other: the count and the insert agree.
      await memberWrites.lock(tx, memberId);
      const active = await repo.activePayees(tx, memberId);
      if (active.length >= WITHDRAW_LIMITS.maxPayees) throw new AppError('wallet.payeeLimit');
      if (active.some((r) => r.channelCode === channel.code && r.accountNumber === accountNumber)) {
        throw new AppError('wallet.payeeDuplicate');
      }
      // An account of a self-excluded person is not bound to another member (a neutral refusal).
      const holders = await repo.payeeHolders(tx, channel.code, accountNumber);
      const others = holders.filter((holder) => holder !== memberId);
      if (others.length > 0 && (await this.deps.protection.anySelfExcluded(tx, others))) {
        throw new AppError('member.refused');
      }
      const created = await repo.insertPayee(tx, {
        memberId,
        channelCode: channel.code,
        accountName: body.accountName,
        accountNumber,
      });
      await this.deps.inbox.notify(
        tx,
        memberId,
        INBOX_TOPICS.payeeBound,
        this.payeeParams(channel, created),
      );
      return created;
    });
    return toPayee(row, channel, language);
  }

  /** Unbinds one (login password again); its past withdrawals keep pointing at it. */
  async removePayee(memberId: bigint, id: bigint, password: string) {
    const passwords = await this.passwords(memberId);
    // The account is checked first, so a wrong id does not use up a password try.
    if (!(await repo.activePayee(this.db, memberId, id))) throw notFound();
    await this.reauth.check(
      'login',
      memberId,
      passwords.passwordHash,
      password,
      'wallet.reauthFailed',
    );
    await this.db.transaction(async (tx) => {
      const removed = await repo.removePayee(tx, memberId, id);
      if (!removed) throw notFound();
      const channel = (await this.deps.channels.row(removed.channelCode))!;
      await this.deps.inbox.notify(
        tx,
        memberId,
        INBOX_TOPICS.payeeRemoved,
        this.payeeParams(channel, removed),
      );
    });
    return { removed: true as const };
  }

  private payeeParams(channel: ChannelRow, payee: PayeeRow) {
    return {
      channel: channel.code,
      channelEn: channel.nameEn,
      channelBn: channel.nameBn,
      last4: last4(payee.accountNumber),
    };
  }

  // ── Withdrawals ───────────────────────────────────────────────────────────────────────────

  /** The withdraw page's data: balance, channels, bound accounts, requests not paid yet. */
  async options(memberId: bigint, language: Language): Promise<WithdrawOptions> {
    const [member, balance, channels, payees, pending] = await Promise.all([
      memberReads.member(this.db, memberId),
      this.deps.balances.balanceMinor(memberId),
      this.deps.channels.rows(),
      repo.activePayees(this.db, memberId).then((rows) => this.named(rows)),
      repo
        .memberPage(this.db, memberId, {
          // Approved ones on their way through a payout gateway are not paid yet either, nor
          // those waiting for the identity check.
          status: ['waiting_kyc', 'pending', 'processing'],
          limit: WITHDRAW_LIMITS.pageMax,
        })
        .then((rows) => this.named(rows)),
    ]);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    return {
      balanceMinor: Number(balance),
      currency: this.currencyOf(member.currency),
      paymentPasswordSet: member.paymentPasswordSet,
      channels: channels.map((ch) => ({
        code: ch.code,
        name: channelName(ch, language),
        enabled: ch.withdrawEnabled,
        minMinor: Number(ch.withdrawMinMinor),
        maxMinor: Number(ch.withdrawMaxMinor),
      })),
      payees: payees.map((r) =>
        toPayee(r, { nameEn: r.channelNameEn, nameBn: r.channelNameBn }, language),
      ),
      pending: pending.map((v) => toWithdrawal(v, language)),
    };
  }

  /**
   * A withdrawal request. `key` is the client's Idempotency-Key: the same key and body again
   * answer the same withdrawal (nothing moves twice); the same key with another body is a 422.
   */
  async request(
    memberId: bigint,
    key: string | undefined,
    body: CreateWithdrawalBody,
    language: Language,
  ): Promise<CreateWithdrawalAnswer> {
    if (!key) throw new AppError('idempotency.keyRequired');
    const request = { payeeId: body.payeeId, amountMinor: body.amountMinor };
    const print = fingerprint(request);
    const earlier = await repo.byKey(this.db, memberId, key);
    if (earlier) return this.replay(earlier, print, memberId, language);

    const payee = await repo.activePayee(this.db, memberId, BigInt(body.payeeId));
    if (!payee) throw new AppError('wallet.payeeRequired');
    const channel = await this.deps.channels.row(payee.channelCode);
    if (!channel?.withdrawEnabled) throw new AppError('wallet.channelUnavailable');
    const amount = BigInt(body.amountMinor);
    if (amount < channel.withdrawMinMinor || amount > channel.withdrawMaxMinor) {
      throw new AppError('wallet.amountOutOfRange', {
        minMinor: Number(channel.withdrawMinMinor),
        maxMinor: Number(channel.withdrawMaxMinor),
      });
    }
    const [passwords, walletCurrency] = await Promise.all([
      this.passwords(memberId),
      memberReads.walletCurrency(this.db, memberId),
    ]);
    if (passwords.paymentPasswordHash !== null) {
      await this.reauth.check(
        'payment',
        memberId,
        passwords.paymentPasswordHash,
        body.paymentPassword ?? '',
        'wallet.paymentPasswordWrong',
      );
    }
    const currency = this.currencyOf(walletCurrency);
    if (channel.currency !== currency) throw new AppError('wallet.channelUnavailable');

    const made = await this.db.transaction(async (tx) => {
      const status = await this.statusFor(tx, memberId, amount);
      const row = await repo.insertWithdrawal(tx, {
        status,
        memberId,
        payeeAccountId: payee.id,
        channelCode: channel.code,
        amountMinor: amount,
        currency,
        idempotencyKey: key,
        fingerprint: print,
      });
      // The same key is being used by a concurrent request that got there first.
      if (!row) return null;
      // An active bonus: 409 bonus.forfeitRequired unless the player confirmed its forfeit,
      // which then happens with the hold (docs/bonuses.md).
      await this.deps.bonuses?.beforeWithdrawal(tx, memberId, body.forfeitBonus === true);
      const posted = await this.deps.ledger.post(tx, {
        kind: 'withdrawal.hold',
        source: WITHDRAW_SOURCE,
        key: `${memberId}:${key}`,
        request,
        currency,
        memberId,
        reference: { withdrawalId: row.id.toString() },
        legs: [
          { account: { kind: 'cash', ownerId: memberId }, amountMinor: -amount },
          { account: { kind: 'withdrawal_hold', ownerId: memberId }, amountMinor: amount },
        ],
      });
      await repo.setTransaction(tx, row.id, 'holdTransactionId', posted.transactionId);
      return { row, balance: posted.balancesAfter.get(`cash:${memberId}`) ?? 0n };
    });
    if (!made) {
      const winner = await repo.byKey(this.db, memberId, key);
      if (!winner) throw new Error('withdrawal vanished after a key conflict');
      return this.replay(winner, print, memberId, language);
    }
    await this.deps.balances.changed(memberId);
    await this.deps.bonuses?.activeChanged(memberId);
    this.deps.queueChanged?.();
    return {
      withdrawal: await this.withdrawal(made.row.id, language),
      balanceMinor: Number(made.balance),
      replayed: false,
    };
  }

  /**
   * pending, or waiting_kyc when the operator's identity-check amounts apply and the member's
   * identity is not approved: above `kycWithdrawalSingle`, or taking the last 30 days'
   * withdrawals (waiting, pending, on their way, paid) above `kycWithdrawal30Days`. The 30-day
   * sum is read under the member's lock, so two requests at once are counted one after the other.
   */
  private async statusFor(tx: DbOrTx, memberId: bigint, amount: bigint) {
    const single = BigInt(this.deps.settings.get('kycWithdrawalSingle'));
    const total = BigInt(this.deps.settings.get('kycWithdrawal30Days'));
    if (single === 0n && total === 0n) return 'pending';
    let above = single > 0n && amount > single;
    if (!above && total > 0n) {
      await memberWrites.lock(tx, memberId);
      const since = new Date(Date.now() - 30 * 86_400_000);
      above = (await repo.sumSince(tx, memberId, since)) + amount > total;
    }
    if (!above || (await kycReads.verified(tx, memberId))) return 'pending';
    return 'waiting_kyc';
  }

  /** The member's withdrawals waiting for the identity check become pending (KYC approval). */
  releaseWaitingKyc(tx: DbOrTx, memberId: bigint): Promise<bigint[]> {
    return repo.releaseWaitingKyc(tx, memberId);
  }

  waitingKycCount(db: DbOrTx, memberId: bigint): Promise<number> {
    return repo.countByStatus(db, memberId, 'waiting_kyc');
  }

  waitingKycCounts(db: DbOrTx, memberIds: readonly bigint[]): Promise<Map<bigint, number>> {
    return repo.waitingKycCounts(db, memberIds);
  }

  private async replay(
    earlier: WithdrawalRow,
    print: string,
    memberId: bigint,
    language: Language,
  ): Promise<CreateWithdrawalAnswer> {
    if (earlier.fingerprint !== print) throw new AppError('idempotency.mismatch');
    return {
      withdrawal: await this.withdrawal(earlier.id, language),
      balanceMinor: Number(await this.deps.balances.balanceMinor(memberId)),
      replayed: true,
    };
  }

  private async withdrawal(id: bigint, language: Language): Promise<Withdrawal> {
    const view = await repo.view(this.db, id);
    if (!view) throw notFound();
    const [named] = await this.named([view]);
    return toWithdrawal(named!, language);
  }

  /** The member's records, newest first; `cursor` continues after the previous page. */
  async list(
    memberId: bigint,
    query: WithdrawalListQuery,
    language: Language,
  ): Promise<WithdrawalPage> {
    const rows = await repo.memberPage(this.db, memberId, {
      status: query.status,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.cursor === undefined ? undefined : BigInt(query.cursor),
      limit: query.limit + 1,
    });
    const page = await this.named(rows.slice(0, query.limit));
    return {
      list: page.map((v) => toWithdrawal(v, language)),
      nextCursor: rows.length > query.limit ? page.at(-1)!.id.toString() : null,
    };
  }

  /** The owner cancels a pending request; the held money goes back to cash. */
  async cancel(memberId: bigint, id: bigint, language: Language): Promise<Withdrawal> {
    const done = await this.settle(id, { status: 'cancelled', decidedBy: 'member' }, memberId);
    if (!done) {
      const view = await repo.view(this.db, id);
      if (view?.memberId !== memberId) throw notFound();
      throw new AppError('wallet.notCancellable');
    }
    return this.withdrawal(id, language);
  }

  /**
   * Leaves pending exactly once and posts the settling movement with it: paid moves the hold to
   * the payouts account; cancelled and rejected move it back to cash.
   */
  private async settle(
    id: bigint,
    change: { status: 'paid' | 'rejected' | 'cancelled'; decidedBy: string; note?: string },
    memberId?: bigint,
    trail?: AuditTrail,
  ): Promise<WithdrawalRow | null> {
    const row = await this.db.transaction(async (tx) => {
      const decided = await repo.decide(tx, id, change, memberId);
      if (!decided) return null;
      const posted = await this.deps.ledger.post(tx, this.settlement(decided, change.status));
      await repo.setTransaction(tx, decided.id, 'settleTransactionId', posted.transactionId);
      await this.notifyDecision(tx, decided, change.status, change.note);
      await trail?.record(tx, {
        action: change.status === 'paid' ? 'withdrawal.approve' : 'withdrawal.reject',
        targetType: 'withdrawal',
        targetId: decided.id.toString(),
        before: { status: 'pending' },
        after: { status: change.status, decidedBy: change.decidedBy },
        reason: change.note ?? null,
      });
      return decided;
    });
    if (row) {
      await this.deps.balances.changed(row.memberId);
      this.deps.queueChanged?.();
    }
    return row;
  }

  private settlement(row: WithdrawalRow, status: 'paid' | 'rejected' | 'cancelled' | 'failed') {
    const hold = { kind: 'withdrawal_hold' as const, ownerId: row.memberId };
    const to =
      status === 'paid'
        ? { kind: 'payouts' as const }
        : { kind: 'cash' as const, ownerId: row.memberId };
    return {
      kind: status === 'paid' ? 'withdrawal.payout' : 'withdrawal.release',
      source: SETTLE_SOURCE,
      key: row.id.toString(),
      request: { withdrawalId: row.id.toString(), status },
      currency: row.currency,
      memberId: row.memberId,
      reference: { withdrawalId: row.id.toString(), status },
      legs: [
        { account: hold, amountMinor: -row.amountMinor },
        { account: to, amountMinor: row.amountMinor },
      ],
    };
  }

  private async notifyDecision(
    tx: DbOrTx,
    row: WithdrawalRow,
    status: 'paid' | 'rejected' | 'cancelled' | 'failed',
    note?: string,
  ) {
    if (status === 'cancelled') return;
    const [payee, channel] = await Promise.all([
      repo.payeeById(tx, row.payeeAccountId),
      this.deps.channels.row(row.channelCode),
    ]);
    const params: Record<string, string> = {
      withdrawalId: row.id.toString(),
      amountMinor: row.amountMinor.toString(),
      currency: row.currency,
      channel: row.channelCode,
      channelEn: channel?.nameEn ?? row.channelCode,
      channelBn: channel?.nameBn ?? row.channelCode,
      last4: payee ? last4(payee.accountNumber) : '',
    };
    if (status === 'rejected') params.reason = note ?? '';
    const topic = {
      paid: INBOX_TOPICS.withdrawalPaid,
      rejected: INBOX_TOPICS.withdrawalRejected,
      failed: INBOX_TOPICS.withdrawalFailed,
    }[status];
    await this.deps.inbox.notify(tx, row.memberId, topic, params);
  }

  // ── Operator ──────────────────────────────────────────────────────────────────────────────

  /** The queue (or another status), each row with its risk signals (withdrawal-risk.ts). */
  async opsList(filter: { status: string; limit: number }): Promise<OpsWithdrawalRow[]> {
    const views = await this.named(await repo.opsList(this.db, filter));
    const [names, risks] = await Promise.all([
      memberReads.usernames(
        this.db,
        views.map((view) => view.memberId),
      ),
      withdrawalRisks(this.db, views),
    ]);
    return views.map((view) => ({
      ...toOpsWithdrawal(view, names.get(view.memberId) ?? ''),
      risk: risks.get(view.id)!,
    }));
  }

  /** The reason templates the money desk offers (setting withdrawalReasonTemplates). */
  reasonTemplates(): ReasonTemplate[] {
    return this.deps.settings.get('withdrawalReasonTemplates');
  }

  /**
   * Several decisions at once: each withdrawal decided on its own (its own transaction and audit
   * row), so one that fails (not pending, unknown) never blocks the others. Answers per id, in
   * the order given; an id given twice is decided once.
   */
  async decideMany(
    body: OpsBulkDecisionBody,
    trail: AuditTrail,
    language: Language,
  ): Promise<OpsBulkDecisionAnswer> {
    const results: OpsBulkDecisionAnswer['results'] = [];
    for (const id of [...new Set(body.ids)]) {
      try {
        const done =
          body.decision === 'approve'
            ? await this.approve(BigInt(id), trail)
            : await this.reject(BigInt(id), body.reason ?? '', trail);
        results.push({ id, ok: true, status: done.status });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({
          id,
          ok: false,
          errorCode: error.errorCode,
          message: ERRORS[error.errorCode][language],
        });
      }
    }
    return { results };
  }

  private async opsView(view: WithdrawalView): Promise<OpsWithdrawal> {
    const [[named], names] = await Promise.all([
      this.named([view]),
      memberReads.usernames(this.db, [view.memberId]),
    ]);
    return toOpsWithdrawal(named!, names.get(view.memberId) ?? '');
  }

  /** How many withdrawals wait for an operator's decision (the back office's queue). */
  pendingCount(): Promise<number> {
    return repo.countInStatus(this.db, 'pending');
  }

  private async decideAsOperator(
    id: bigint,
    change: { status: 'paid' | 'rejected'; note?: string },
    trail: AuditTrail,
  ): Promise<OpsWithdrawal> {
    const decidedBy = actorName(trail.context.actor);
    const done = await this.settle(id, { ...change, decidedBy }, undefined, trail);
    const view = await repo.view(this.db, id);
    if (!view) throw notFound();
    if (!done) throw new AppError('wallet.notCancellable', { status: view.status });
    return this.opsView(view);
  }

  /**
   * The operator approves it. Without a payout gateway for its channel the operator paid it by
   * hand: the hold goes to the payouts account and the member is told. With one, it is sent
   * (processing) and ends paid or failed when the gateway says so; an approval sent again while
   * it is processing is a 409 like any other second decision, and sends nothing.
   */
  async approve(id: bigint, trail: AuditTrail): Promise<OpsWithdrawal> {
    const row = await repo.byId(this.db, id);
    if (!row) throw notFound();
    const gateway = await this.deps.payoutGatewayFor?.(row.channelCode);
    if (!gateway) return this.decideAsOperator(id, { status: 'paid' }, trail);
    const decidedBy = actorName(trail.context.actor);
    const started = await this.db.transaction(async (tx) => {
      const sent = await repo.startPayout(tx, id, gateway.name, decidedBy, this.timing.leaseMs);
      if (sent) {
        await trail.record(tx, {
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: sent.id.toString(),
          before: { status: 'pending' },
          after: { status: 'processing', decidedBy, payoutProvider: gateway.name },
        });
      }
      return sent;
    });
    if (started) {
      this.deps.queueChanged?.();
      await this.askGateway(started, gateway);
    }
    const view = await repo.view(this.db, id);
    if (!view) throw notFound();
    if (!started) throw new AppError('wallet.notCancellable', { status: view.status });
    return this.opsView(view);
  }

  // ── Payouts ───────────────────────────────────────────────────────────────────────────────

  /**
   * One call to the gateway about a processing withdrawal: send it while the answer to a send is
   * not known (the gateway knows it by our ref, so a repeat pays nothing twice), else ask.
   */
  private async askGateway(row: WithdrawalRow, gateway: PayoutGateway): Promise<void> {
    let answer: PayoutState;
    try {
      if (row.payoutState === 'sending') {
        const payee = await repo.payeeById(this.db, row.payeeAccountId);
        if (!payee) throw new Error(`payee account ${row.payeeAccountId} is missing`);
        answer = await gateway.send({
          ourRef: row.id.toString(),
          amountMinor: row.amountMinor,
          currency: row.currency,
          account: payee.accountNumber,
          accountName: payee.accountName,
        });
      } else {
        answer = await gateway.query({ ref: row.payoutRef, ourRef: row.id.toString() });
      }
    } catch (error) {
      // Down, slow or answering nonsense: never a reason to fail it; asked again later.
      if (!(error instanceof GatewayUnavailable)) {
        this.log?.error({ err: error, withdrawalId: row.id.toString() }, 'payout call failed');
      }
      const reason = error instanceof Error ? error.message : String(error);
      const pause = Math.min(
        this.timing.retryBaseMs * 2 ** Math.min(row.payoutAttempts, 16),
        this.timing.retryMaxMs,
      );
      await repo.payoutGoesOn(
        this.db,
        row.id,
        { state: row.payoutState === 'processing' ? 'processing' : 'sending', ref: null, reason },
        pause,
      );
      return;
    }
    if (answer.state === 'processing') {
      await repo.payoutGoesOn(
        this.db,
        row.id,
        { state: 'processing', ref: answer.ref, reason: null },
        this.timing.pollMs,
      );
      return;
    }
    await this.endPayout(row.id, answer);
  }

  /** Paid or failed, once: the status, the settling movement and the notice in one transaction. */
  private async endPayout(id: bigint, answer: PayoutState) {
    const status = answer.state === 'paid' ? 'paid' : 'failed';
    const ended = await this.db.transaction(async (tx) => {
      const row = await repo.endPayout(tx, id, { status, ref: answer.ref, reason: answer.reason });
      if (!row) return null;
      const posted = await this.deps.ledger.post(tx, this.settlement(row, status));
      await repo.setTransaction(tx, row.id, 'settleTransactionId', posted.transactionId);
      await this.notifyDecision(tx, row, status);
      return row;
    });
    if (ended) await this.deps.balances.changed(ended.memberId);
  }

  /**
   * Asks the gateways about payouts left processing (no answer yet, an answer lost in a crash,
   * a gateway that was down) and ends those that ended. Safe on several processes at once: each
   * payout is claimed by one of them (`for update skip locked` and a lease).
   */
  async payoutPass(): Promise<{ looked: number }> {
    const due = await repo.claimDuePayouts(this.db, this.timing.batch, this.timing.leaseMs);
    for (const row of due) {
      const gateway = await this.deps.payoutGatewayFor?.(row.channelCode);
      if (gateway?.name !== row.payoutProvider) {
        // The channel was moved to another gateway (or none): the one that has it must answer.
        await repo.payoutGoesOn(
          this.db,
          row.id,
          {
            state: row.payoutState === 'processing' ? 'processing' : 'sending',
            ref: null,
            reason: `payout gateway ${row.payoutProvider ?? '?'} is not configured for ${row.channelCode}`,
          },
          this.timing.retryMaxMs,
        );
        continue;
      }
      await this.askGateway(row, gateway);
    }
    return { looked: due.length };
  }

  /** Runs the payout pass every `passEveryMs` in this process (every process may). */
  startPayouts(log?: FastifyBaseLogger) {
    this.log = log;
    if (this.timing.passEveryMs <= 0 || !this.deps.payoutGatewayFor) return;
    const run = () => {
      if (this.passing) return;
      this.passing = this.payoutPass()
        .catch((error: unknown) => this.log?.error({ err: error }, 'payout pass failed'))
        .finally(() => (this.passing = undefined));
    };
    this.timer = setInterval(run, this.timing.passEveryMs);
    this.timer.unref();
  }

  async stopPayouts() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.passing;
  }

  /** The operator refuses it: the hold goes back to the member's cash; the member is told why. */
  reject(id: bigint, reason: string, trail: AuditTrail) {
    return this.decideAsOperator(id, { status: 'rejected', note: reason }, trail);
  }
}
