/**
 * Deposits: a member asks to deposit through a channel, the payment provider opens a payment and
 * the player pays on the provider's page; the provider's signed notice then settles the deposit.
 *
 * Rules:
 * - Only real members deposit (trial accounts are refused by the route's guard). Every request
 *   carries an Idempotency-Key: the same key again answers the same deposit and pay page; the same
 *   key with another body is refused (422 idempotency.mismatch).
 * - The channel must be enabled and the amount within its range (400 wallet.amountOutOfRange with
 *   `minMinor`, `maxMinor`); then the deposit guard (player protection) may refuse.
 * - A "paid" notice credits the deposit exactly once, in one database transaction: the deposit
 *   moves from pending to paid by a conditional update, and the ledger moves the amount from
 *   deposits clearing to the member's cash (source `payment:<provider>`, key = the provider's
 *   reference). A repeated or concurrent notice finds the deposit settled and moves nothing.
 *   "failed" marks a pending deposit failed.
 * - A deposit still pending 30 minutes after it was made shows as expired (worked out when read,
 *   no job). A late "paid" notice is still credited: the player's money was taken.
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
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { PaymentNotice, PaymentProvider } from '../../providers/payments/payment-provider';
import type { SandboxPaymentView } from '../../providers/payments/sandbox-pages';
import type { InboxService } from '../inbox/inbox.service';
import type { Balances } from '../ledger/balances';
import { fingerprint, type Ledger } from '../ledger/ledger';
import type { ChannelsService } from './channels.service';
import type { ChannelRow } from './channels.repository';
import { allowAllDeposits, type DepositGuard } from './deposit-guard';
import { depositsRepository, type DepositRow } from './deposits.repository';

export const DEPOSIT_PAGE_PATH = '/m/voucherCenter';

export interface DepositsDeps {
  db: Database;
  ledger: Ledger;
  balances: Balances;
  channels: ChannelsService;
  provider: PaymentProvider;
  /** Player protection's guard; until it is wired, every deposit is allowed. */
  depositGuard?: DepositGuard;
  /** Milliseconds since the epoch (tests move the clock). */
  now?: () => number;
  /** Tells the member in their inbox when a deposit is credited. */
  inbox?: Pick<InboxService, 'notify'>;
}

export interface WebhookResult {
  depositId: string;
  status: DepositStatus;
  applied: boolean;
}

export class DepositsService {
  private readonly depositGuard: DepositGuard;
  private readonly now: () => number;

  constructor(private readonly deps: DepositsDeps) {
    this.depositGuard = deps.depositGuard ?? allowAllDeposits;
    this.now = deps.now ?? Date.now;
  }

  get providerName() {
    return this.deps.provider.name;
  }

  /** Makes a pending deposit and opens its payment; see the rules above. */
  async create(
    memberId: bigint,
    key: string,
    body: CreateDepositBody,
    language: Language,
  ): Promise<CreateDepositAnswer> {
    const print = fingerprint(body);
    const seen = await depositsRepository.byKey(this.deps.db, memberId, key);
    if (seen) return this.replay(seen, print, language);

    const channel = await this.deps.channels.row(body.channelCode);
    if (!channel?.depositEnabled) throw new AppError('wallet.channelUnavailable');
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

    const payment = await this.deps.provider.open({
      amountMinor,
      currency: channel.currency,
      channelCode: channel.code,
      language,
    });
    const row = await this.deps.db.transaction(async (tx) => {
      // …and again with the member's limits locked, so two deposits made at the same moment
      // cannot both fit under a limit that has room for only one.
      await this.depositGuard.assertMayDeposit(memberId, amountMinor, tx);
      return depositsRepository.insert(tx, {
        memberId,
        channelCode: channel.code,
        amountMinor,
        currency: channel.currency,
        provider: this.deps.provider.name,
        providerRef: payment.ref,
        idempotencyKey: key,
        fingerprint: print,
      });
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
    return {
      deposit: this.toDeposit(row, channel, language),
      payUrl: this.deps.provider.payUrl(row.providerRef, language),
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

  /** Applies a verified notice from the provider; see the rules above. */
  async applyNotice(notice: PaymentNotice): Promise<WebhookResult> {
    const provider = this.deps.provider.name;
    const deposit = await depositsRepository.byRef(this.deps.db, provider, notice.ref);
    if (!deposit) throw new AppError('payment.unknownPayment');
    if (
      notice.status === 'paid' &&
      (notice.amountMinor !== deposit.amountMinor || notice.currency !== deposit.currency)
    ) {
      throw new AppError('payment.amountMismatch');
    }
    const result = await this.deps.db.transaction(async (tx) => {
      const settled = await depositsRepository.settle(
        tx,
        deposit.id,
        notice.status,
        notice.status === 'failed' ? 'declined' : undefined,
      );
      if (!settled) return undefined;
      if (notice.status === 'paid') {
        const posted = await this.deps.ledger.post(tx, {
          kind: 'deposit',
          source: `payment:${provider}`,
          key: notice.ref,
          request: notice.raw,
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
      }
      return settled;
    });
    if (!result) {
      // Settled before: a repeat (or a "failed" after "paid"); nothing changes.
      const current = await depositsRepository.byRef(this.deps.db, provider, notice.ref);
      return {
        depositId: String(deposit.id),
        status: this.statusOf(current ?? deposit),
        applied: false,
      };
    }
    if (notice.status === 'paid') await this.deps.balances.changed(deposit.memberId);
    return { depositId: String(deposit.id), status: this.statusOf(result), applied: true };
  }

  /** What the sandbox provider's pay page shows about one of its payments. */
  async sandboxView(ref: string): Promise<SandboxPaymentView | undefined> {
    const row = await depositsRepository.byRef(this.deps.db, this.deps.provider.name, ref);
    if (!row) return undefined;
    const channel = await this.deps.channels.row(row.channelCode);
    const status = this.statusOf(row);
    return {
      amountMinor: row.amountMinor,
      currency: row.currency,
      channelName: {
        EN: channel?.nameEn ?? row.channelCode,
        BN: channel?.nameBn ?? row.channelCode,
      },
      state: status === 'pending' ? 'open' : status,
      returnPath: `${DEPOSIT_PAGE_PATH}?deposit=${row.id}`,
    };
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
