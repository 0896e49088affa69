/**
 * Deposits: a member asks to deposit through a channel, the channel's payment gateway opens a
 * payment and the player pays on the gateway's page; the gateway's verified word (a return, a
 * notice, or the reconciliation pass asking it) then settles the deposit.
 *
 * Rules:
 * - Only real members deposit (trial accounts are refused by the route's guard). Every request
 *   carries an Idempotency-Key: the same key again answers the same deposit and pay page; the same
 *   key with another body is refused (422 idempotency.mismatch).
 * - The channel must be enabled and its gateway configured in this process (else 400
 *   wallet.channelUnavailable), the amount within its range (400 wallet.amountOutOfRange with
 *   `minMinor`, `maxMinor`); then the deposit guard (player protection) may refuse.
 * - Each deposit has our own reference (`ourRef`, made before the gateway is asked) and the
 *   gateway's (`providerRef`); a gateway's answer must name both, with the deposit's amount and
 *   currency, or it credits nothing and is recorded as a payment finding for the operator.
 * - A verified "paid" credits the deposit exactly once (applyVerified, the one crediting path),
 *   in one database transaction: the deposit moves to paid by a conditional update, and the
 *   ledger moves the amount from deposits clearing to the member's cash (source
 *   `payment:<provider>`, key = the gateway's reference). A repeated or concurrent answer finds
 *   the deposit paid and moves nothing. "failed" marks a pending deposit failed.
 * - A deposit still pending 30 minutes after it was made shows as expired (worked out when read;
 *   the reconciliation pass also stores it). A late "paid" is still credited: the player's money
 *   was taken.
 */
import {
  CASHIER_LIMITS,
  type CreateDepositAnswer,
  type CreateDepositBody,
  type Deposit,
  type DepositList,
  type DepositListQuery,
  type DepositStatus,
} from '@khela/contract/cashier';
import type { Language } from '@khela/contract/language';
import type { OpsDepositList, OpsDepositListQuery } from '@khela/contract/backoffice/money';
import { memberReads } from '../accounts/member-reads';
import type { PaymentFinding } from '@khela/contract/cashier';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { notifyPath, returnPath } from '../../providers/payments/gateway-paths';
import type { PaymentGateways } from '../../providers/payments/gateways';
import {
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentRequest,
  type VerifiedPayment,
} from '../../providers/payments/payment-gateway';
import type { BonusesService } from '../bonuses/bonuses.service';
import type { InboxService } from '../inbox/inbox.service';
import type { Balances } from '../ledger/balances';
import { fingerprint, type Ledger } from '../ledger/ledger';
import type { ChannelsService } from './channels.service';
import type { ChannelRow } from './channels.repository';
import { allowAllDeposits, type DepositGuard } from './deposit-guard';
import { depositsRepository, type DepositRow, type FindingRow } from './deposits.repository';

export const DEPOSIT_PAGE_PATH = '/m/voucherCenter';

export interface DepositsDeps {
  db: Database;
  ledger: Ledger;
  balances: Balances;
  channels: ChannelsService;
  /** The gateways PAYMENT_PROVIDERS configured; each channel names one. */
  gateways: PaymentGateways;
  /** This site's absolute address, for the return and notify URLs a gateway is given. */
  siteUrl: () => string;
  /** What a gateway may want to know about the payer (bKash payerReference). */
  payer?: (memberId: bigint) => Promise<PaymentRequest['payer']>;
  /** Where findings are logged as well as recorded. */
  log?: { warn(object: object, message: string): void };
  /** Player protection's guard; until it is wired, every deposit is allowed. */
  depositGuard?: DepositGuard;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
  /** Tells the member in their inbox when a deposit is credited. */
  inbox?: Pick<InboxService, 'notify'>;
  /** The bonus engine: a deposit's opt-in, checked before paying, and its bonus once paid. */
  bonuses?: Pick<
    BonusesService,
    'checkDepositOptIn' | 'storeDepositOptIn' | 'depositPaid' | 'activeChanged'
  >;
}

export interface WebhookResult {
  depositId: string;
  status: DepositStatus;
  applied: boolean;
}

/** What the operator is shown about a gateway answer we did not act on, or a late outcome. */
export type FindingKind =
  'amountMismatch' | 'referenceMismatch' | 'unknownPayment' | 'creditedLate' | 'expired';

/** Our own payment reference: ≤ 30 characters of [A-Za-z0-9] (bKash, SSLCOMMERZ accept it). */
export function newOurRef(now = Date.now()): string {
  return `K${now.toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`;
}

export class DepositsService {
  private readonly depositGuard: DepositGuard;
  private readonly now: () => number;

  constructor(private readonly deps: DepositsDeps) {
    this.depositGuard = deps.depositGuard ?? allowAllDeposits;
    this.now = deps.now ?? Date.now;
  }

  /**
   * The operator's deposit list (money desk): newest first by id, every member's, with the
   * provider, its reference and state; filters as in the player's records plus channel and
   * username.
   */
  async opsList(query: OpsDepositListQuery): Promise<OpsDepositList> {
    let memberId: bigint | undefined;
    if (query.username) {
      const member = await memberReads.byUsername(this.deps.db, query.username.toLowerCase());
      if (!member) return { list: [], nextCursor: null };
      memberId = member.id;
    }
    const rows = await depositsRepository.page(this.deps.db, {
      memberId,
      channelCode: query.channel,
      status: query.state,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      before: query.before === undefined ? undefined : BigInt(query.before),
      limit: query.limit + 1,
      expiredBefore: new Date(this.now() - CASHIER_LIMITS.depositExpiresMs),
    });
    const page = rows.slice(0, query.limit);
    const names = await memberReads.usernames(
      this.deps.db,
      page.map((row) => row.memberId),
    );
    return {
      list: page.map((row) => ({
        id: row.id.toString(),
        username: names.get(row.memberId) ?? '',
        channelCode: row.channelCode,
        amountMinor: Number(row.amountMinor),
        currency: row.currency,
        state: this.statusOf(row),
        provider: row.provider,
        providerRef: row.providerRef,
        ourRef: row.ourRef,
        failureReason: row.failureReason,
        createdAt: row.createdAt.toISOString(),
        settledAt: row.settledAt?.toISOString() ?? null,
      })),
      nextCursor: rows.length > query.limit ? page.at(-1)!.id.toString() : null,
    };
  }

  /** Findings and gateway trouble are logged with the app's logger once it exists. */
  useLog(log: NonNullable<DepositsDeps['log']>) {
    this.deps.log = log;
  }

  /** The gateway of a deposit's channel, or undefined when this process has none for it. */
  private gatewayOf(channel: ChannelRow): PaymentGateway | undefined {
    return this.deps.gateways.get(channel.provider);
  }

  /** Makes a pending deposit and opens its payment; see the rules above. */
  async create(
    memberId: bigint,
    key: string,
    body: CreateDepositBody,
    language: Language,
    /** The device the player sent (X-Device-Id), for once-per-person bonuses. */
    deviceId: string | null = null,
  ): Promise<CreateDepositAnswer> {
    const print = fingerprint(body);
    const seen = await depositsRepository.byKey(this.deps.db, memberId, key);
    if (seen) return this.replay(seen, print, language);

    const channel = await this.deps.channels.row(body.channelCode);
    const gateway = channel?.depositEnabled ? this.gatewayOf(channel) : undefined;
    if (!channel || !gateway) throw new AppError('wallet.channelUnavailable');
    const amountMinor = BigInt(body.amountMinor);
    if (amountMinor < channel.depositMinMinor || amountMinor > channel.depositMaxMinor) {
      throw new AppError('wallet.amountOutOfRange', {
        minMinor: Number(channel.depositMinMinor),
        maxMinor: Number(channel.depositMaxMinor),
        currency: channel.currency,
      });
    }
    // Asked before the provider is, so a refused deposit opens no payment…
    await this.depositGuard.assertMayDeposit(memberId, amountMinor);
    // The bonus the player opted into, checked before paying: a refusal makes no deposit.
    const optIn = await this.deps.bonuses?.checkDepositOptIn(memberId, body, deviceId);

    const ourRef = newOurRef(this.now());
    const site = this.deps.siteUrl();
    const payment = await gateway
      .open({
        ourRef,
        amountMinor,
        currency: channel.currency,
        channelCode: channel.code,
        channelName: { EN: channel.nameEn, BN: channel.nameBn },
        language,
        returnUrl: `${site}${returnPath(gateway.name)}/${ourRef}`,
        notifyUrl: `${site}${notifyPath(gateway.name)}`,
        payer: (await this.deps.payer?.(memberId)) ?? {
          memberId: String(memberId),
          name: String(memberId),
          phone: null,
          email: null,
        },
      })
      .catch((error: unknown) => {
        if (error instanceof GatewayUnavailable) {
          this.deps.log?.warn(
            { gateway: gateway.name, err: error.message },
            'gateway did not open a payment',
          );
          throw new AppError('payment.gatewayUnavailable');
        }
        throw error;
      });
    const row = await this.deps.db.transaction(async (tx) => {
      // …and again with the member's limits locked, so two deposits made at the same moment
      // cannot both fit under a limit that has room for only one.
      await this.depositGuard.assertMayDeposit(memberId, amountMinor, tx);
      const inserted = await depositsRepository.insert(tx, {
        memberId,
        channelCode: channel.code,
        amountMinor,
        currency: channel.currency,
        provider: gateway.name,
        providerRef: payment.ref,
        ourRef,
        idempotencyKey: key,
        fingerprint: print,
      });
      if (inserted && optIn) {
        await this.deps.bonuses!.storeDepositOptIn(tx, inserted.id, memberId, optIn);
      }
      return inserted;
    });
    if (!row) {
      // A concurrent request with the same key won; answer as it did (its payment is the one).
      const winner = await depositsRepository.byKey(this.deps.db, memberId, key);
      if (!winner) throw new Error('deposit vanished after a key conflict');
      return this.replay(winner, print, language);
    }
    return { deposit: this.toDeposit(row, channel, language), payUrl: payment.payUrl };
  }

  private async replay(
    row: DepositRow,
    print: string,
    language: Language,
  ): Promise<CreateDepositAnswer> {
    if (row.fingerprint !== print) throw new AppError('idempotency.mismatch');
    const channel = await this.deps.channels.row(row.channelCode);
    const payUrl =
      row.status === 'pending'
        ? this.deps.gateways
            .get(row.provider)
            ?.payUrl({ ref: row.providerRef, ourRef: row.ourRef }, language)
        : null;
    return {
      deposit: this.toDeposit(row, channel, language),
      // A page the gateway cannot show again: the deposit page, which shows the true state.
      payUrl: payUrl ?? this.depositPage(row.id),
    };
  }

  /** The member's deposits, newest first, a page at a time (cursor: the last id shown). */
  async list(memberId: bigint, query: DepositListQuery, language: Language): Promise<DepositList> {
    const rows = await depositsRepository.page(this.deps.db, {
      memberId,
      before: query.cursor === undefined ? undefined : BigInt(query.cursor),
      limit: query.limit + 1,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      status: query.status,
      expiredBefore: new Date(this.now() - CASHIER_LIMITS.depositExpiresMs),
    });
    const page = rows.slice(0, query.limit);
    const channels = await this.deps.channels.rows();
    const byCode = new Map(channels.map((c) => [c.code, c]));
    return {
      list: page.map((row) => this.toDeposit(row, byCode.get(row.channelCode), language)),
      nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
    };
  }

  /** One of the member's deposits; another member's answers 404 as if it did not exist. */
  async get(memberId: bigint, id: bigint, language: Language): Promise<Deposit> {
    const row = await depositsRepository.byId(this.deps.db, memberId, id);
    if (!row) throw notFound();
    return this.toDeposit(row, await this.deps.channels.row(row.channelCode), language);
  }

  /**
   * The one crediting path: applies a gateway's verified word on a payment (from a return, a
   * notice or the reconciliation pass); see the rules above. An answer that does not match the
   * deposit credits nothing, is recorded as a finding and answers 409 (404 when we know no such
   * payment).
   */
  async applyVerified(provider: string, verified: VerifiedPayment): Promise<WebhookResult> {
    const deposit = await depositsRepository.byRef(this.deps.db, provider, verified.ref);
    if (!deposit) {
      // Money taken for a payment we do not know is the operator's to sort out; anything else
      // about an unknown payment is noise (anyone can send a made-up reference).
      if (verified.state === 'paid') {
        await this.recordFinding(provider, 'unknownPayment', verified, undefined);
      }
      throw new AppError('payment.unknownPayment');
    }
    if (verified.state === 'open') {
      return { depositId: String(deposit.id), status: this.statusOf(deposit), applied: false };
    }
    if (verified.state === 'paid') {
      if (verified.ourRef !== deposit.ourRef) {
        await this.recordFinding(provider, 'referenceMismatch', verified, deposit);
        throw new AppError('payment.referenceMismatch');
      }
      if (verified.amountMinor !== deposit.amountMinor || verified.currency !== deposit.currency) {
        await this.recordFinding(provider, 'amountMismatch', verified, deposit);
        throw new AppError('payment.amountMismatch');
      }
    }
    const result = await this.deps.db.transaction(async (tx) => {
      const settled = await depositsRepository.settle(
        tx,
        deposit.id,
        verified.state === 'paid' ? 'paid' : 'failed',
        verified.state === 'failed' ? 'declined' : undefined,
      );
      if (!settled) return undefined;
      if (verified.state === 'paid') {
        const posted = await this.deps.ledger.post(tx, {
          kind: 'deposit',
          source: `payment:${provider}`,
          key: verified.ref,
          request: verified.raw,
          currency: deposit.currency,
          memberId: deposit.memberId,
          reference: { depositId: String(deposit.id), channel: deposit.channelCode },
          legs: [
            {
              account: { kind: 'cash', ownerId: deposit.memberId },
              amountMinor: deposit.amountMinor,
            },
            { account: { kind: 'deposits_clearing' }, amountMinor: -deposit.amountMinor },
          ],
        });
        await depositsRepository.linkLedger(tx, deposit.id, posted.transactionId);
        // The inbox notice commits with the money: exactly one per credited deposit.
        await this.deps.inbox?.notify(tx, deposit.memberId, 'deposit.paid', {
          amountMinor: deposit.amountMinor.toString(),
          currency: deposit.currency,
        });
        // The bonus it opted into, given with the credit (a refusal still credits the deposit).
        await this.deps.bonuses?.depositPaid(tx, deposit);
      }
      return settled;
    });
    if (!result) {
      // Settled before: a repeat (or a "failed" after "paid"); nothing changes.
      const current = await depositsRepository.byRef(this.deps.db, provider, verified.ref);
      return {
        depositId: String(deposit.id),
        status: this.statusOf(current ?? deposit),
        applied: false,
      };
    }
    if (verified.state === 'paid') {
      await this.deps.balances.changed(deposit.memberId);
      await this.deps.bonuses?.activeChanged(deposit.memberId);
    }
    return { depositId: String(deposit.id), status: this.statusOf(result), applied: true };
  }

  /** Stores a pending deposit as expired (the reconciliation pass: its gateway says unpaid). */
  async expire(deposit: DepositRow, verified: VerifiedPayment): Promise<boolean> {
    const row = await depositsRepository.settle(this.deps.db, deposit.id, 'expired', 'expired');
    if (row) await this.recordFinding(deposit.provider, 'expired', verified, deposit);
    return row !== undefined;
  }

  /** Pending deposits made before `before` that are due a check; see claimForCheck. */
  claimForCheck(before: Date, leaseMs: number, limit: number): Promise<DepositRow[]> {
    return depositsRepository.claimForCheck(this.deps.db, {
      before,
      now: new Date(this.now()),
      leaseMs,
      limit,
    });
  }

  /** Records (and logs) what a gateway said that the operator should see. */
  async recordFinding(
    provider: string,
    kind: FindingKind,
    verified: VerifiedPayment,
    deposit: DepositRow | undefined,
  ) {
    this.deps.log?.warn(
      {
        provider,
        kind,
        ref: verified.ref,
        ourRef: verified.ourRef,
        depositId: deposit?.id.toString(),
      },
      'payment finding',
    );
    await depositsRepository.recordFinding(this.deps.db, {
      provider,
      kind,
      ref: verified.ref.slice(0, 64) || null,
      ourRef: verified.ourRef.slice(0, 32) || null,
      depositId: deposit?.id,
      detail: {
        state: verified.state,
        amountMinor: verified.amountMinor.toString(),
        currency: verified.currency,
        providerTxnId: verified.providerTxnId,
        expected: deposit
          ? {
              ourRef: deposit.ourRef,
              amountMinor: deposit.amountMinor.toString(),
              currency: deposit.currency,
            }
          : null,
        raw: verified.raw,
      },
    });
  }

  /** The operator's list of payment findings, newest first. */
  async findings(limit: number): Promise<PaymentFinding[]> {
    return (await depositsRepository.findings(this.deps.db, limit)).map(toFinding);
  }

  /** The deposit a gateway's answer is about, for the browser's return (by its reference). */
  async depositIdByRef(provider: string, ref: string): Promise<bigint | undefined> {
    return (await depositsRepository.byRef(this.deps.db, provider, ref))?.id;
  }

  async depositIdByOurRef(provider: string, ourRef: string): Promise<bigint | undefined> {
    const row = await depositsRepository.byOurRef(this.deps.db, ourRef);
    return row?.provider === provider ? row.id : undefined;
  }

  /** Where the player sees a deposit's true state. */
  depositPage(id?: bigint) {
    return id === undefined ? DEPOSIT_PAGE_PATH : `${DEPOSIT_PAGE_PATH}?deposit=${id}`;
  }

  private statusOf(row: DepositRow): DepositStatus {
    if (row.status === 'pending' && this.expiresAt(row) <= this.now()) return 'expired';
    return row.status as DepositStatus;
  }

  private expiresAt(row: DepositRow) {
    return row.createdAt.getTime() + CASHIER_LIMITS.depositExpiresMs;
  }

  private toDeposit(row: DepositRow, channel: ChannelRow | undefined, language: Language): Deposit {
    return {
      id: String(row.id),
      channelCode: row.channelCode,
      channelName: channel ? this.deps.channels.nameOf(channel, language) : row.channelCode,
      amountMinor: Number(row.amountMinor),
      currency: row.currency,
      status: this.statusOf(row),
      providerRef: row.providerRef,
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
      expiresAt: new Date(this.expiresAt(row)).toISOString(),
    };
  }
}

function toFinding(row: FindingRow): PaymentFinding {
  return {
    id: String(row.id),
    provider: row.provider,
    kind: row.kind,
    ref: row.ref,
    ourRef: row.ourRef,
    depositId: row.depositId === null ? null : String(row.depositId),
    detail: row.detail as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}
