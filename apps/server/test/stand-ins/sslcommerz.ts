/**
 * A local SSLCOMMERZ for the tests, written from its public v4 documentation: the session API,
 * the order validation API and the transaction query / refund API, with a store of its own. A test
 * plays the player with `pay`, `fail` or `cancel` (which give the fields SSLCOMMERZ POSTs to the
 * success/fail/cancel URL and the IPN) and makes trouble with `trouble` (5xx or no answer).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const STAND_IN_STORE = { storeId: 'khela0test', storePassword: 'khela0test@ssl' };

interface Session {
  sessionkey: string;
  form: Record<string, string>;
}

interface Transaction {
  val_id: string | null;
  tran_id: string;
  status: string;
  amount: string;
  currency: string;
  bank_tran_id: string | null;
  value_a: string;
  value_b: string;
  value_c: string;
  validations: number;
}

type Trouble = '5xx' | 'silence';

const REQUIRED = [
  'total_amount',
  'currency',
  'tran_id',
  'success_url',
  'fail_url',
  'cancel_url',
  'cus_name',
  'cus_email',
  'cus_add1',
  'cus_city',
  'cus_country',
  'cus_phone',
  'shipping_method',
  'product_name',
  'product_category',
  'product_profile',
];

const id = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class SslcommerzStandIn {
  readonly sessions = new Map<string, Session>();
  /** Every transaction attempt, by val_id or by a generated key for unpaid ones. */
  private readonly transactions: Transaction[] = [];
  /** Paths asked, in order (without the query). */
  readonly calls: string[] = [];
  private troubles: { path: string; kind: Trouble; times: number }[] = [];
  private readonly server = createServer((req, res) => void this.handle(req, res));
  baseUrl = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The next `times` calls to `path` answer 503 ('5xx') or never answer ('silence'). */
  trouble(path: string, kind: Trouble, times = 1) {
    this.troubles.push({ path, kind, times });
  }

  callsTo(path: string) {
    return this.calls.filter((called) => called === path).length;
  }

  private session(tranId: string): Session {
    const session = [...this.sessions.values()].find((s) => s.form.tran_id === tranId);
    if (!session) throw new Error(`stand-in: no session for ${tranId}`);
    return session;
  }

  /**
   * The player pays on the gateway page. `amount` / `currency` let a test make SSLCOMMERZ record
   * another amount than the session's (a tampered or converted payment).
   */
  pay(tranId: string, changes: { amount?: string; currency?: string } = {}) {
    const { form } = this.session(tranId);
    const transaction: Transaction = {
      val_id: id('val'),
      tran_id: tranId,
      status: 'VALID',
      amount: changes.amount ?? form.total_amount!,
      currency: changes.currency ?? form.currency!,
      bank_tran_id: id('bank'),
      value_a: form.value_a ?? '',
      value_b: form.value_b ?? '',
      value_c: form.value_c ?? '',
      validations: 0,
    };
    this.transactions.push(transaction);
    return this.posted(transaction);
  }

  fail(tranId: string) {
    return this.unpaid(tranId, 'FAILED');
  }

  cancel(tranId: string) {
    return this.unpaid(tranId, 'CANCELLED');
  }

  private unpaid(tranId: string, status: string) {
    const { form } = this.session(tranId);
    const transaction: Transaction = {
      val_id: null,
      tran_id: tranId,
      status,
      amount: form.total_amount!,
      currency: form.currency!,
      bank_tran_id: null,
      value_a: form.value_a ?? '',
      value_b: form.value_b ?? '',
      value_c: form.value_c ?? '',
      validations: 0,
    };
    this.transactions.push(transaction);
    return this.posted(transaction);
  }

  /** The fields SSLCOMMERZ POSTs to the browser's return URL and to the IPN listener. */
  private posted(t: Transaction): Record<string, string> {
    return {
      status: t.status,
      tran_id: t.tran_id,
      ...(t.val_id ? { val_id: t.val_id } : {}),
      amount: t.amount,
      store_amount: t.amount,
      currency: t.currency,
      ...(t.bank_tran_id ? { bank_tran_id: t.bank_tran_id } : {}),
      card_type: 'NAGAD-Nagad',
      tran_date: '2026-11-26 20:00:00',
      value_a: t.value_a,
      value_b: t.value_b,
      value_c: t.value_c,
      verify_sign: randomBytes(16).toString('hex'),
    };
  }

  private record(t: Transaction) {
    return {
      status: t.status,
      tran_date: '2026-11-26 20:00:00',
      tran_id: t.tran_id,
      val_id: t.val_id ?? '',
      amount: t.amount,
      store_amount: t.amount,
      currency: t.currency,
      bank_tran_id: t.bank_tran_id ?? '',
      card_type: 'NAGAD-Nagad',
      currency_type: t.currency,
      currency_amount: t.amount,
      currency_rate: '1.0000',
      value_a: t.value_a,
      value_b: t.value_b,
      value_c: t.value_c,
      value_d: '',
      risk_level: '0',
      risk_title: 'Safe',
      APIConnect: 'DONE',
      validated_on: t.validations > 0 ? '2026-11-26 20:00:05' : '',
      gw_version: '',
    };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    this.calls.push(url.pathname);
    const trouble = this.troubles.find((t) => t.path === url.pathname && t.times > 0);
    if (trouble) {
      trouble.times -= 1;
      if (trouble.kind === 'silence') return; // the client's timeout ends it
      res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>Service Unavailable</h1>');
      return;
    }
    const json = (body: unknown) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const params =
      req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
    const authorised =
      params.get('store_id') === STAND_IN_STORE.storeId &&
      params.get('store_passwd') === STAND_IN_STORE.storePassword;

    if (url.pathname === '/gwprocess/v4/api.php' && req.method === 'POST') {
      if (!authorised) {
        return json({
          status: 'FAILED',
          failedreason: 'Store Credential Error Or Store is De-active',
        });
      }
      const missing = REQUIRED.filter((name) => !params.get(name));
      if (missing.length > 0) {
        return json({
          status: 'FAILED',
          failedreason: `Invalid Information: ${missing.join(', ')}`,
        });
      }
      const sessionkey = id('sess');
      this.sessions.set(sessionkey, { sessionkey, form: Object.fromEntries(params) });
      return json({
        status: 'SUCCESS',
        failedreason: '',
        sessionkey,
        gw: {},
        redirectGatewayURL: `${this.baseUrl}/gwprocess/v4/bankgw/indexhtmlOTP.php?sessionkey=${sessionkey}`,
        GatewayPageURL: `${this.baseUrl}/EasyCheckOut/${sessionkey}`,
        storeBanner: '',
        storeLogo: '',
      });
    }
    if (url.pathname === '/validator/api/validationserverAPI.php') {
      if (!authorised) return json({ APIConnect: 'INVALID_REQUEST' });
      const found = this.transactions.find((t) => t.val_id && t.val_id === params.get('val_id'));
      if (!found) return json({ status: 'INVALID_TRANSACTION', APIConnect: 'DONE' });
      // The first validation of a paid transaction answers VALID, later ones VALIDATED.
      const answer = this.record(found);
      if (found.status === 'VALID' && found.validations > 0) answer.status = 'VALIDATED';
      found.validations += 1;
      return json(answer);
    }
    if (url.pathname === '/validator/api/merchantTransIDvalidationAPI.php') {
      if (!authorised) return json({ APIConnect: 'INVALID_REQUEST' });
      const bankTranId = params.get('bank_tran_id');
      if (bankTranId && params.get('refund_amount')) {
        const paid = this.transactions.find((t) => t.bank_tran_id === bankTranId);
        if (!paid) {
          return json({
            APIConnect: 'DONE',
            status: 'failed',
            errorReason: 'Invalid bank_tran_id',
          });
        }
        return json({
          APIConnect: 'DONE',
          bank_tran_id: bankTranId,
          trans_id: paid.tran_id,
          refund_ref_id: id('ref'),
          status: 'success',
          errorReason: '',
        });
      }
      const found = this.transactions.filter((t) => t.tran_id === params.get('tran_id'));
      return json({
        APIConnect: 'DONE',
        no_of_trans_found: found.length,
        element: found.map((t) => this.record(t)),
      });
    }
    res.writeHead(404).end();
  }
}
