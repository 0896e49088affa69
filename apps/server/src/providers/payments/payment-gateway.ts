/**
 * A payment gateway as the cashier sees it (sandbox, bKash, SSLCOMMERZ), and a payout gateway as
 * withdrawals see it. Each channel names its gateway (payment_channels.provider); PAYMENT_PROVIDERS
 * decides which gateways exist in this process. Adapters live beside this file, one folder each.
 */
import type { Language, Localized } from '@khela/contract/language';

/** What the cashier asks a gateway to open. */
export interface PaymentRequest {
  /** Our id for the payment, unique, ≤ 30 chars of [A-Za-z0-9]: SSLCOMMERZ tran_id, bKash merchantInvoiceNumber. */
  ourRef: string;
  amountMinor: bigint;
  currency: string; // 'BDT'
  channelCode: string;
  /** The channel's name in both languages, for a gateway page that shows it (the sandbox's). */
  channelName: Localized;
  language: Language;
  /** Absolute URLs of this site's routes for this gateway (the browser's return, the IPN). */
  returnUrl: string;
  notifyUrl: string;
  /** The payer, where a gateway wants it (SSLCOMMERZ cus_* fields; bKash payerReference). */
  payer: { memberId: string; name: string; phone: string | null; email: string | null };
}

export interface OpenedPayment {
  /** The gateway's id for the payment (bKash paymentID, SSLCOMMERZ sessionkey or our tran_id). */
  ref: string;
  /** Where the player pays: the gateway's page (bkashURL, GatewayPageURL, the sandbox's payUrl). */
  payUrl: string;
}

/** The gateway's own word on a payment, obtained by asking it (validation / execute / query API). */
export interface VerifiedPayment {
  ref: string;
  ourRef: string;
  state: 'paid' | 'failed' | 'open';
  amountMinor: bigint;
  currency: string;
  /** The gateway's transaction id once paid (bKash trxID, SSLCOMMERZ bank_tran_id). */
  providerTxnId: string | null;
  /** As received, for the ledger's fingerprint and the operator. */
  raw: Record<string, unknown>;
}

/** A request the gateway (or the player's browser sent by it) made to us. */
export interface GatewayRequest {
  method: string;
  query: Record<string, string | undefined>;
  /** Form or JSON body, parsed. */
  body: Record<string, unknown>;
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentGateway {
  /** 'sandbox' | 'bkash' | 'sslcommerz'; stored on the deposit; ledger source `payment:<name>`. */
  readonly name: string;
  open(request: PaymentRequest): Promise<OpenedPayment>;
  /**
   * A return / callback / IPN: which payment it is about, and the gateway's verified outcome
   * (adapters never trust the request itself: SSLCOMMERZ asks the validation API; bKash executes,
   * then queries on a timeout). Throws AppError('payment.signatureInvalid' | 'validation.invalid').
   */
  settle(request: GatewayRequest): Promise<VerifiedPayment>;
  /** Asks the gateway about one payment (reconciliation; the page a player returns to). */
  query(payment: { ref: string; ourRef: string }): Promise<VerifiedPayment>;
  /** Where a payment opened before is paid (a retried deposit request); null if not reusable. */
  payUrl(payment: { ref: string; ourRef: string }, language: Language): string | null;
  refund?(payment: RefundRequest): Promise<{ refundRef: string }>;
}

/** Money of a paid payment given back to the payer (all of it, or part). */
export interface RefundRequest {
  /** The gateway's payment reference. */
  ref: string;
  /** The gateway's transaction id of the payment (bKash trxID, SSLCOMMERZ bank_tran_id). */
  providerTxnId: string;
  amountMinor: bigint;
  reason: string;
}

export interface PayoutRequest {
  /** Our id for the payout (the withdrawal's), the idempotency key at the gateway. */
  ourRef: string;
  amountMinor: bigint;
  currency: string;
  /** The payee's account at the channel (a bKash/Nagad wallet number). */
  account: string;
  accountName: string;
}

export interface PayoutState {
  ref: string | null;
  state: 'processing' | 'paid' | 'failed';
  reason: string | null;
  raw: Record<string, unknown>;
}

export interface PayoutGateway {
  readonly name: string;
  send(request: PayoutRequest): Promise<PayoutState>;
  query(payout: { ref: string | null; ourRef: string }): Promise<PayoutState>;
}

/** Transient gateway trouble (timeout, 5xx): retry with back-off; never a reason to credit or fail. */
export class GatewayUnavailable extends Error {}
