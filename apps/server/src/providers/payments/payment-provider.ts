/**
 * A payment gateway as the cashier sees it: it opens a payment (its reference and a page where
 * the player pays) and later tells us the outcome in a signed notice (webhook). The sandbox
 * provider is the local default; a real gateway (bKash, Nagad style) is another implementation
 * of the same interface.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@khela/contract/language';

export interface NewPayment {
  amountMinor: bigint;
  currency: string;
  channelCode: string;
  /** The language of the player's pay page. */
  language: Language;
}

export interface OpenedPayment {
  /** The provider's payment id; its notices name the payment by it. */
  ref: string;
  /** Where the player pays (an absolute URL, or a path of this site for the sandbox). */
  payUrl: string;
}

export interface PaymentNotice {
  ref: string;
  status: 'paid' | 'failed';
  amountMinor: bigint;
  currency: string;
  /** The notice as received, for the ledger's fingerprint (a repeat must match it). */
  raw: Record<string, unknown>;
}

export interface PaymentProvider {
  /** Stored on each deposit; the ledger's source is `payment:<name>`. */
  readonly name: string;
  open(payment: NewPayment): Promise<OpenedPayment>;
  /** The pay page of a payment opened before (a retried deposit request gets it again). */
  payUrl(ref: string, language: Language): string;
  /**
   * Checks a notice's signature over the raw body and reads it. A missing, wrong or stale
   * signature throws AppError('payment.signatureInvalid'); a body that is not a notice throws
   * AppError('validation.invalid').
   */
  verifyNotice(rawBody: string, headers: IncomingHttpHeaders): PaymentNotice;
}
