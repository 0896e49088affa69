/**
 * A local stand-in for bKash Tokenized Checkout (URL-based, without agreement), written from
 * bKash's public developer documentation: token grant and refresh (username/password headers,
 * app_key/app_secret body), create (mode 0011 → paymentID and bkashURL), execute (where the money
 * moves; transactionStatus Completed, trxID), payment status and refund (a refund with an amount;
 * its status without one). Answers carry statusCode '0000'
 * on success, bKash's error codes otherwise (2002 invalid payment ID, 2056 invalid payment state,
 * 2062 already completed); a missing or expired id_token answers HTTP 401.
 *
 * The test plays the player (`approve`: PIN entered on bKash's page) and trouble: tokens that
 * expire, an execute or a refund whose answer is lost (503 after the money moved), amounts that
 * differ. The refund's refusal codes are the stand-in's own: the public pages do not list them.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_CREDENTIALS = {
  appKey: 'stand-in-app-key',
  appSecret: 'stand-in-app-secret',
  username: 'stand-in-merchant',
  password: 'stand-in-password',
};

export interface StandInPayment {
  paymentID: string;
  amount: string;
  currency: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  /** Initiated → (the player enters the PIN) authorized → (execute) Completed; or Cancelled. */
  state: 'Initiated' | 'Authorized' | 'Completed' | 'Cancelled';
  trxID: string | null;
  /** Refunds made, oldest first (amounts as bKash writes them). */
  refunds: { refundTrxID: string; amount: string }[];
}

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

export class BkashStandIn {
  readonly payments = new Map<string, StandInPayment>();
  readonly calls: string[] = [];
  /** Seconds bKash says a new id_token lasts. */
  expiresIn = 3600;
  /** The next this many executes move the money but answer 503, as a lost answer would. */
  executeAnswersLost = 0;
  /** The amount bKash reports on execute and status instead of the real one (a mismatch). */
  reportedAmount: string | null = null;
  /** The next this many refunds are made but answer 503, as a lost answer would. */
  refundAnswersLost = 0;
  private idTokens = new Set<string>();
  private refreshTokens = new Set<string>();
  private server: Server | undefined;
  url = '';

  async start() {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/v1.2.0-beta`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  count(path: string) {
    return this.calls.filter((call) => call === path).length;
  }

  /** Every id_token stops working (bKash answers 401 until a new one is granted). */
  expireTokens() {
    this.idTokens.clear();
  }

  /** The player enters the OTP and PIN on bKash's page. */
  approve(paymentID: string) {
    const payment = this.payments.get(paymentID);
    if (payment?.state === 'Initiated') payment.state = 'Authorized';
  }

  /** The execute reached bKash and the money moved, but its answer never came back. */
  completeSilently(paymentID: string) {
    const payment = this.payments.get(paymentID)!;
    payment.state = 'Completed';
    payment.trxID ??= id('TRX').slice(0, 10);
  }

  cancel(paymentID: string) {
    const payment = this.payments.get(paymentID);
    if (payment && payment.state !== 'Completed') payment.state = 'Cancelled';
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
      string,
      string
    >;
    const path = (req.url ?? '').replace(/^\/v1\.2\.0-beta/, '');
    this.calls.push(path);
    const c = STAND_IN_CREDENTIALS;

    if (
      path === '/tokenized/checkout/token/grant' ||
      path === '/tokenized/checkout/token/refresh'
    ) {
      const userOk = req.headers.username === c.username && req.headers.password === c.password;
      const appOk = body.app_key === c.appKey && body.app_secret === c.appSecret;
      if (!userOk || !appOk)
        return {
          status: 200,
          body: { statusCode: '2079', statusMessage: 'Invalid username and password' },
        };
      if (path.endsWith('refresh') && !this.refreshTokens.has(body.refresh_token ?? '')) {
        return {
          status: 200,
          body: { statusCode: '2079', statusMessage: 'Invalid refresh token' },
        };
      }
      const idToken = id('IDT');
      const refreshToken = path.endsWith('refresh') ? body.refresh_token! : id('RFT');
      this.idTokens.add(idToken);
      this.refreshTokens.add(refreshToken);
      return {
        status: 200,
        body: {
          statusCode: '0000',
          statusMessage: 'Successful',
          id_token: idToken,
          token_type: 'Bearer',
          expires_in: this.expiresIn,
          refresh_token: refreshToken,
        },
      };
    }

    if (
      !this.idTokens.has(String(req.headers.authorization)) ||
      req.headers['x-app-key'] !== c.appKey
    ) {
      return { status: 401, body: { message: 'The incoming token has expired' } };
    }

    if (path === '/tokenized/checkout/create') {
      const valid =
        body.mode === '0011' &&
        /^\d+\.\d{2}$/.test(body.amount ?? '') &&
        body.currency === 'BDT' &&
        body.intent === 'sale' &&
        !!body.merchantInvoiceNumber &&
        !!body.callbackURL &&
        !!body.payerReference;
      if (!valid)
        return { status: 200, body: { statusCode: '2025', statusMessage: 'Invalid request body' } };
      const payment: StandInPayment = {
        paymentID: id('TR0011'),
        amount: body.amount!,
        currency: body.currency!,
        merchantInvoiceNumber: body.merchantInvoiceNumber!,
        payerReference: body.payerReference!,
        callbackURL: body.callbackURL!,
        state: 'Initiated',
        trxID: null,
        refunds: [],
      };
      this.payments.set(payment.paymentID, payment);
      return {
        status: 200,
        body: {
          statusCode: '0000',
          statusMessage: 'Successful',
          paymentID: payment.paymentID,
          bkashURL: `${this.url}/redirect/tokenized/?paymentID=${payment.paymentID}`,
          callbackURL: payment.callbackURL,
          amount: payment.amount,
          intent: 'sale',
          currency: payment.currency,
          transactionStatus: 'Initiated',
          merchantInvoiceNumber: payment.merchantInvoiceNumber,
        },
      };
    }

    const payment = this.payments.get(body.paymentID ?? '');
    if (!payment)
      return { status: 200, body: { statusCode: '2002', statusMessage: 'Invalid Payment ID' } };
    const view = (statusCode = '0000', statusMessage = 'Successful') => ({
      statusCode,
      statusMessage,
      paymentID: payment.paymentID,
      payerReference: payment.payerReference,
      customerMsisdn: '01770618575',
      trxID: payment.trxID ?? undefined,
      amount: this.reportedAmount ?? payment.amount,
      currency: payment.currency,
      intent: 'sale',
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      transactionStatus: payment.state === 'Authorized' ? 'Initiated' : payment.state,
    });

    if (path === '/tokenized/checkout/execute') {
      if (payment.state === 'Completed') {
        return {
          status: 200,
          body: { statusCode: '2062', statusMessage: 'The payment has already been completed' },
        };
      }
      if (payment.state !== 'Authorized') {
        return {
          status: 200,
          body: { statusCode: '2056', statusMessage: 'Invalid Payment State' },
        };
      }
      this.completeSilently(payment.paymentID);
      if (this.executeAnswersLost > 0) {
        this.executeAnswersLost -= 1;
        return { status: 503, body: { message: 'Service Unavailable' } };
      }
      return { status: 200, body: view() };
    }
    if (path === '/tokenized/checkout/payment/status') return { status: 200, body: view() };
    if (path === '/tokenized/checkout/payment/refund') return this.refund(payment, body);
    return { status: 404, body: { message: 'Not Found' } };
  }

  private refund(payment: StandInPayment, body: Record<string, string>) {
    const refused = (statusMessage: string) => ({
      status: 200,
      body: { statusCode: '2071', statusMessage },
    });
    if (payment.state !== 'Completed' || body.trxID !== payment.trxID) {
      return refused('Invalid trxID or the payment is not completed');
    }
    const answer = (refund: { refundTrxID: string; amount: string }) => ({
      statusCode: '0000',
      statusMessage: 'Successful',
      completedTime: new Date().toISOString(),
      transactionStatus: 'Completed',
      originalTrxID: payment.trxID,
      refundTrxID: refund.refundTrxID,
      amount: refund.amount,
      currency: payment.currency,
      charge: '0.00',
    });
    if (body.amount === undefined) {
      const last = payment.refunds.at(-1);
      return last ? { status: 200, body: answer(last) } : refused('No refund found');
    }
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const refunded = payment.refunds.reduce((sum, r) => sum + cents(r.amount), 0);
    if (!/^\d+\.\d{2}$/.test(body.amount) || !body.sku || !body.reason) {
      return refused('Invalid request body');
    }
    if (cents(body.amount) > cents(payment.amount) - refunded) {
      return refused('Refund amount exceeds what is left of the payment');
    }
    const refund = { refundTrxID: id('RFD').slice(0, 10), amount: body.amount };
    payment.refunds.push(refund);
    if (this.refundAnswersLost > 0) {
      this.refundAnswersLost -= 1;
      return { status: 503, body: { message: 'Service Unavailable' } };
    }
    return { status: 200, body: answer(refund) };
  }
}
