/**
 * bKash Tokenized Checkout, the URL-based flow without agreement. Opening a payment creates it
 * at bKash (mode 0011, our reference as merchantInvoiceNumber) and sends the player to its
 * bkashURL; bKash sends the browser back to our return route with `paymentID` and `status`
 * (success, failure or cancel). The callback proves nothing by itself: on success we execute the
 * payment, which is where the money moves, and only bKash's answer counts. When the execute call
 * times out or fails with a 5xx, or bKash says it was executed before, we query the payment;
 * transactionStatus Completed is paid. Failure and cancel are checked with a query too.
 *
 * A refund gives a paid payment's money back to the payer's wallet (bKash takes several partial
 * refunds of one payment, up to what was paid).
 */
import type { Language } from '@khela/contract/language';
import type { BkashConfig } from '../../../config';
import { AppError } from '../../../errors';
import type { CacheStore } from '../../cache/cache-store';
import {
  GatewayUnavailable,
  type GatewayRequest,
  type OpenedPayment,
  type PaymentGateway,
  type PaymentRequest,
  type RefundRequest,
  type VerifiedPayment,
} from '../payment-gateway';
import {
  BKASH_OK,
  BKASH_PATHS,
  BkashApi,
  type BkashAnswer,
  type BkashApiOptions,
} from './bkash-api';

/**
 * Execute answers that mean "ask again": the payment was executed before (2062: already
 * completed; 2117: execute already called) or is in a state execute cannot move (2056).
 */
const ASK_AGAIN_CODES = new Set(['2056', '2062', '2117']);

/** bKash's transactionStatus values that end a payment without money. */
const ENDED_UNPAID = new Set(['Cancelled', 'Failed', 'Expired', 'Declined']);

/** bKash amounts are decimal strings ("100.00", "15"); ours are integer paisa. */
export function bkashAmount(minor: bigint): string {
  const taka = minor / 100n;
  const paisa = minor % 100n;
  return `${taka}.${paisa.toString().padStart(2, '0')}`;
}

/** -1 when bKash's amount is not a decimal we can read: it then matches no deposit. */
export function minorFromBkash(amount: unknown): bigint {
  if (typeof amount !== 'string' && typeof amount !== 'number') return -1n;
  const match = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return -1n;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export class BkashGateway implements PaymentGateway {
  readonly name = 'bkash';
  readonly api: BkashApi;

  constructor(config: BkashConfig, options: BkashApiOptions & { cache: CacheStore }) {
    this.api = new BkashApi(config, options);
  }

  async open(request: PaymentRequest): Promise<OpenedPayment> {
    const answer = await this.api.call(BKASH_PATHS.create, {
      mode: '0011',
      payerReference: request.payer.phone ?? request.payer.memberId,
      callbackURL: request.returnUrl,
      amount: bkashAmount(request.amountMinor),
      currency: request.currency,
      intent: 'sale',
      merchantInvoiceNumber: request.ourRef,
    });
    const paymentID = text(answer.paymentID);
    const bkashURL = text(answer.bkashURL);
    if (answer.statusCode !== BKASH_OK || !paymentID || !bkashURL) {
      throw new GatewayUnavailable(
        `bKash refused to create the payment: ${answer.statusCode} ${answer.statusMessage}`,
      );
    }
    return { ref: paymentID, payUrl: bkashURL };
  }

  /** bKash's page for a payment is made once; a retried deposit shows our deposit page instead. */
  payUrl(_payment: { ref: string; ourRef: string }, _language: Language): string | null {
    return null;
  }

  async settle(request: GatewayRequest): Promise<VerifiedPayment> {
    const paymentID = text(request.query.paymentID ?? request.body.paymentID);
    const status = text(request.query.status ?? request.body.status);
    if (
      !/^[A-Za-z0-9_-]{1,64}$/.test(paymentID) ||
      !['success', 'failure', 'cancel'].includes(status)
    ) {
      throw new AppError('validation.invalid', {
        fields: { paymentID: ['expected paymentID and status (success, failure or cancel)'] },
      });
    }
    if (status !== 'success') return this.query({ ref: paymentID, ourRef: '' });
    let answer: BkashAnswer;
    try {
      // Once only: a second execute is answered 2117, and the query below tells the outcome.
      answer = await this.api.call(BKASH_PATHS.execute, { paymentID }, false);
    } catch (error) {
      if (error instanceof GatewayUnavailable) return this.query({ ref: paymentID, ourRef: '' });
      throw error;
    }
    if (answer.statusCode === BKASH_OK && answer.transactionStatus === 'Completed') {
      return this.verified(paymentID, answer, 'paid');
    }
    if (answer.statusCode !== BKASH_OK && !ASK_AGAIN_CODES.has(String(answer.statusCode))) {
      // The payer's wallet refused it (insufficient balance, wrong PIN, limits, …).
      return this.verified(paymentID, answer, 'failed');
    }
    return this.query({ ref: paymentID, ourRef: '' });
  }

  async query(payment: { ref: string; ourRef: string }): Promise<VerifiedPayment> {
    const answer = await this.api.call(BKASH_PATHS.status, { paymentID: payment.ref });
    if (answer.statusCode !== BKASH_OK) {
      // bKash does not know the payment (2002 invalid payment ID, …): it never took money.
      return this.verified(payment.ref, answer, 'failed', payment.ourRef);
    }
    const status = text(answer.transactionStatus);
    if (status === 'Completed') return this.verified(payment.ref, answer, 'paid');
    if (ENDED_UNPAID.has(status)) return this.verified(payment.ref, answer, 'failed');
    return this.verified(payment.ref, answer, 'open');
  }

  /**
   * Sent once, never retried blind: bKash takes partial refunds, so a second send would refund
   * twice. When the answer is lost (a timeout, a 5xx), the refund's status says whether it was
   * made; if bKash shows none of this amount, the caller is told to try again later.
   */
  async refund(payment: RefundRequest): Promise<{ refundRef: string }> {
    const which = { paymentID: payment.ref, trxID: payment.providerTxnId };
    let answer: BkashAnswer;
    try {
      answer = await this.api.call(
        BKASH_PATHS.refund,
        {
          ...which,
          amount: bkashAmount(payment.amountMinor),
          sku: 'deposit',
          reason: payment.reason.slice(0, 255),
        },
        false,
      );
    } catch (error) {
      if (!(error instanceof GatewayUnavailable)) throw error;
      answer = await this.api.call(BKASH_PATHS.refund, which);
      if (!text(answer.refundTrxID) || minorFromBkash(answer.amount) !== payment.amountMinor) {
        throw new GatewayUnavailable('bKash did not answer the refund, and shows none made');
      }
    }
    const refundRef = text(answer.refundTrxID);
    if (answer.transactionStatus !== 'Completed' || !refundRef) {
      throw new Error(
        `bKash refused the refund: ${text(answer.statusCode) || text(answer.errorCode)} ${
          text(answer.statusMessage) || text(answer.errorMessage)
        }`.trim(),
      );
    }
    return { refundRef };
  }

  private verified(
    ref: string,
    answer: BkashAnswer,
    state: VerifiedPayment['state'],
    ourRef = '',
  ): VerifiedPayment {
    return {
      ref,
      ourRef: text(answer.merchantInvoiceNumber) || ourRef,
      state,
      amountMinor: minorFromBkash(answer.amount),
      currency: text(answer.currency),
      providerTxnId: text(answer.trxID) || null,
      raw: answer,
    };
  }
}
