/**
 * The sandbox gateway's hosted pay page, as a gateway would serve it on its own site (only when
 * PAYMENT_PROVIDERS lists the sandbox; it says plainly that the money is play money):
 * GET /sandbox-pay/:ref shows the payment (clearly marked as a sandbox, in the player's language)
 * with Approve and Decline buttons; POST /sandbox-pay/:ref/decision sends the signed notice to our
 * notify route over HTTP (this server's own listening address) and then sends the player back to the
 * merchant (/m/voucherCenter?deposit=<id>). Server-rendered HTML with no script.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '@khela/contract/format';
import type { Language, Localized } from '@khela/contract/language';
import {
  fontPreloadLink,
  NO_PAGE_FONT,
  PAGE_FONT_STACK,
  type PageFont,
} from '../../plugins/page-font';
import { SANDBOX_PAY_PREFIX, SANDBOX_WEBHOOK_PATH, type SandboxGateway } from './sandbox-gateway';

/** What the sandbox shows about one of its payments (it keeps them in the merchant's table). */
export interface SandboxPaymentView {
  amountMinor: bigint;
  currency: string;
  channelName: Localized;
  /** `open` takes a decision; the others show their outcome. */
  state: 'open' | 'paid' | 'failed' | 'expired';
  /** Where the player goes back to on the merchant's site. */
  returnPath: string;
}

export type SandboxPaymentLookup = (ref: string) => Promise<SandboxPaymentView | undefined>;

export interface SandboxPagesOptions {
  provider: SandboxGateway;
  lookup: SandboxPaymentLookup;
  /** The webhook's base address when this server is not listening (PUBLIC_URL). */
  fallbackBaseUrl: string | undefined;
  /** The Bengali font, for phones that have none. */
  font?: PageFont;
}

const TEXT = {
  title: { EN: 'Sandbox payment', BN: 'স্যান্ডবক্স পেমেন্ট' },
  banner: {
    EN: 'SANDBOX · play money only. No real money moves and nothing here can be cashed out as real money.',
    BN: 'স্যান্ডবক্স · শুধু খেলার টাকা। কোনো আসল টাকা লেনদেন হয় না, এখানকার টাকা আসল টাকা হিসেবে তোলা যায় না।',
  },
  merchant: { EN: 'Pay to', BN: 'প্রাপক' },
  method: { EN: 'Method', BN: 'মাধ্যম' },
  amount: { EN: 'Amount', BN: 'পরিমাণ' },
  reference: { EN: 'Reference', BN: 'রেফারেন্স' },
  approve: { EN: 'Approve payment', BN: 'পেমেন্ট অনুমোদন করুন' },
  decline: { EN: 'Decline', BN: 'প্রত্যাখ্যান করুন' },
  paid: { EN: 'This payment is complete.', BN: 'এই পেমেন্ট সম্পন্ন হয়েছে।' },
  failed: { EN: 'This payment was declined.', BN: 'এই পেমেন্ট প্রত্যাখ্যাত হয়েছে।' },
  expired: {
    EN: 'This payment has expired. Please start a new deposit.',
    BN: 'এই পেমেন্টের মেয়াদ শেষ। নতুন করে জমা শুরু করুন।',
  },
  back: { EN: 'Back to Khela', BN: 'Khela-তে ফিরে যান' },
  notFound: { EN: 'This payment was not found.', BN: 'এই পেমেন্ট পাওয়া যায়নি।' },
  deliveryFailed: {
    EN: 'The shop could not be told about your choice. Please try again.',
    BN: 'আপনার সিদ্ধান্ত দোকানকে জানানো যায়নি। আবার চেষ্টা করুন।',
  },
} satisfies Record<string, Localized>;

const SYMBOLS: Record<string, string> = { BDT: '৳' };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
  body{margin:0;font:16px/1.5 ${PAGE_FONT_STACK};background:#eef1f5;color:#1d2430}
  .sandbox{background:#ffd54a;color:#3b2f00;font-weight:700;text-align:center;padding:10px 12px;font-size:14px}
  main{max-width:420px;margin:16px auto;padding:0 12px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 4px #0002}
  h1{font-size:20px;margin:0 0 12px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px}
  dt{color:#5b6575}dd{margin:0;font-weight:600;word-break:break-all}
  .amount{font-size:28px;font-weight:700}
  form{display:flex;flex-direction:column;gap:12px}
  button{font-family:inherit}
  button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;border:0;border-radius:8px;padding:14px;font-size:17px;font-weight:700;text-decoration:none;cursor:pointer}
  .approve{background:#1a7f37;color:#fff}.decline{background:#fff;color:#b42318;border:2px solid #b42318}
  a.button{background:#1d4ed8;color:#fff}
  .note{margin:0 0 16px;font-weight:600}.error{color:#b42318}
`;

function page(language: Language, body: string, font: PageFont) {
  const lang = language === 'EN' ? 'en' : 'bn';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${fontPreloadLink(font)}
<title>${escapeHtml(TEXT.title[language])}</title><style>${font.css}${STYLE}</style></head>
<body><div class="sandbox" role="note">${escapeHtml(TEXT.banner[language])}</div>
<main><div class="card">${body}</div></main></body></html>`;
}

/** The card of one payment: its details, then its buttons or its outcome. */
function paymentCard(
  language: Language,
  ref: string,
  view: SandboxPaymentView,
  decisionUrl: string,
  error?: string,
) {
  const t = (key: keyof typeof TEXT) => escapeHtml(TEXT[key][language]);
  const symbol = SYMBOLS[view.currency] ?? `${view.currency} `;
  const details = `<h1>${t('title')}</h1>
<dl><dt>${t('merchant')}</dt><dd>Khela</dd>
<dt>${t('method')}</dt><dd>${escapeHtml(view.channelName[language])}</dd>
<dt>${t('amount')}</dt><dd class="amount">${escapeHtml(formatMoney(view.amountMinor, language, { symbol }))}</dd>
<dt>${t('reference')}</dt><dd>${escapeHtml(ref)}</dd></dl>`;
  if (view.state !== 'open') {
    return `${details}<p class="note" role="status">${t(view.state)}</p>
<a class="button" href="${escapeHtml(view.returnPath)}">${t('back')}</a>`;
  }
  return `${details}${error ? `<p class="note error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(decisionUrl)}">
<button class="approve" type="submit" name="decision" value="approve">${t('approve')}</button>
<button class="decline" type="submit" name="decision" value="decline">${t('decline')}</button>
</form>`;
}

const notFoundCard = (language: Language) =>
  `<p role="alert">${escapeHtml(TEXT.notFound[language])}</p>`;

/** This server's own address as seen from itself: where the sandbox delivers its notices. */
export function ownBaseUrl(app: FastifyInstance, fallback: string | undefined): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host =
      address.family === 'IPv6'
        ? address.address === '::'
          ? '[::1]'
          : `[${address.address}]`
        : address.address === '0.0.0.0'
          ? '127.0.0.1'
          : address.address;
    return `http://${host}:${address.port}`;
  }
  if (!fallback) throw new Error('the sandbox cannot deliver: the server is not listening');
  return fallback.replace(/\/$/, '');
}

const ParamsSchema = z.object({ ref: z.string().min(1).max(64) });
const QuerySchema = z.object({ language: z.string().optional() });
const DecisionSchema = z.object({ decision: z.enum(['approve', 'decline']) });

export const sandboxPagesRoutes: FastifyPluginAsyncZod<SandboxPagesOptions> = async (
  app,
  { provider, lookup, fallbackBaseUrl, font = NO_PAGE_FONT },
) => {
  const tags = ['payment sandbox'];
  const html = (reply: FastifyReply, status: number, language: Language, card: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(language, card, font));
  const decisionUrl = (ref: string, language: Language) =>
    `${SANDBOX_PAY_PREFIX}/${encodeURIComponent(ref)}/decision?language=${language}`;

  app.get(
    `${SANDBOX_PAY_PREFIX}/:ref`,
    {
      schema: {
        tags,
        summary: "The sandbox provider's hosted pay page (HTML): approve or decline",
        description:
          "Stands in for a gateway's own site. `payUrl` of POST /wps/wallet/deposits points here. Not part of our API: a real provider serves its own page.",
        params: ParamsSchema,
        querystring: QuerySchema,
      },
    },
    async (request, reply) => {
      const { ref } = request.params;
      const language = request.language;
      const view = await lookup(ref);
      if (!view) return html(reply, 404, language, notFoundCard(language));
      return html(
        reply,
        200,
        language,
        paymentCard(language, ref, view, decisionUrl(ref, language)),
      );
    },
  );

  app.post(
    `${SANDBOX_PAY_PREFIX}/:ref/decision`,
    {
      schema: {
        tags,
        summary: "The sandbox pay page's buttons: sends the signed notice, then back to the site",
        description: `Form field \`decision\`: approve or decline. The sandbox POSTs its notice to ${SANDBOX_WEBHOOK_PATH} over HTTP and, once it is accepted, answers 303 to the deposit page.`,
        params: ParamsSchema,
        querystring: QuerySchema,
        body: DecisionSchema,
      },
    },
    async (request, reply) => {
      const { ref } = request.params;
      const language = request.language;
      const view = await lookup(ref);
      if (!view) return html(reply, 404, language, notFoundCard(language));
      // A settled or expired payment takes no decision: show its outcome.
      if (view.state !== 'open') {
        return html(
          reply,
          409,
          language,
          paymentCard(language, ref, view, decisionUrl(ref, language)),
        );
      }
      const delivery = await provider.deliver(
        `${ownBaseUrl(app, fallbackBaseUrl)}${SANDBOX_WEBHOOK_PATH}`,
        {
          ref,
          status: request.body.decision === 'approve' ? 'paid' : 'failed',
          amountMinor: Number(view.amountMinor),
          currency: view.currency,
        },
      );
      if (!delivery.ok) {
        request.log.warn({ ref, status: delivery.status }, 'sandbox notice not accepted');
        return html(
          reply,
          502,
          language,
          paymentCard(
            language,
            ref,
            view,
            decisionUrl(ref, language),
            TEXT.deliveryFailed[language],
          ),
        );
      }
      return reply.code(303).header('location', view.returnPath).send();
    },
  );
};
