/**
 * The sandbox gateway's hosted pay page, in the payer's language, server-written with no script
 * and marked as play money: the payment's details with Approve and Decline, or once decided its
 * outcome and the way back to the merchant (with an offer to tell the merchant again when its
 * notice was not accepted).
 */
import { formatMoney } from '@khela/contract/format';
import type { Language, Localized } from '@khela/contract/language';
import { fontPreloadLink, PAGE_FONT_STACK, type PageFont } from '../page-font';

/** What the page shows about one payment. */
export interface PaymentView {
  ref: string;
  amountMinor: bigint;
  currency: string;
  channelName: Localized;
  /** `open` takes a decision; the others show their outcome. */
  state: 'open' | 'paid' | 'failed' | 'expired';
  /** Whether the merchant has accepted the notice of the decision. */
  notified: boolean;
  /** Where the player goes back to on the merchant's site. */
  backUrl: string;
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
  tryAgain: { EN: 'Try again', BN: 'আবার চেষ্টা করুন' },
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
  form{display:flex;flex-direction:column;gap:12px;margin:0 0 12px}
  button{font-family:inherit}
  button,a.button{display:block;width:100%;box-sizing:border-box;text-align:center;border:0;border-radius:8px;padding:14px;font-size:17px;font-weight:700;text-decoration:none;cursor:pointer}
  .approve{background:#1a7f37;color:#fff}.decline{background:#fff;color:#b42318;border:2px solid #b42318}
  a.button{background:#1d4ed8;color:#fff}
  .note{margin:0 0 16px;font-weight:600}.error{color:#b42318}
`;

export function payPage(language: Language, body: string, font: PageFont) {
  const lang = language === 'EN' ? 'en' : 'bn';
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">${fontPreloadLink(font)}
<title>${escapeHtml(TEXT.title[language])}</title><style>${font.css}${STYLE}</style></head>
<body><div class="sandbox" role="note">${escapeHtml(TEXT.banner[language])}</div>
<main><div class="card">${body}</div></main></body></html>`;
}

/**
 * The card of one payment: its details, then its buttons, or its outcome (with a button that
 * sends the notice again while the merchant has not accepted it) and the way back.
 */
export function paymentCard(
  language: Language,
  view: PaymentView,
  decisionUrl: string,
  error?: 'deliveryFailed',
) {
  const t = (key: keyof typeof TEXT) => escapeHtml(TEXT[key][language]);
  const symbol = SYMBOLS[view.currency] ?? `${view.currency} `;
  const details = `<h1>${t('title')}</h1>
<dl><dt>${t('merchant')}</dt><dd>Khela</dd>
<dt>${t('method')}</dt><dd>${escapeHtml(view.channelName[language])}</dd>
<dt>${t('amount')}</dt><dd class="amount">${escapeHtml(formatMoney(view.amountMinor, language, { symbol }))}</dd>
<dt>${t('reference')}</dt><dd>${escapeHtml(view.ref)}</dd></dl>`;
  const alert = error ? `<p class="note error" role="alert">${t(error)}</p>` : '';
  const action = escapeHtml(decisionUrl);
  if (view.state === 'open') {
    return `${details}${alert}
<form method="post" action="${action}">
<button class="approve" type="submit" name="decision" value="approve">${t('approve')}</button>
<button class="decline" type="submit" name="decision" value="decline">${t('decline')}</button>
</form>`;
  }
  // Decided but not yet accepted by the merchant: the same decision can be sent again.
  const again =
    (view.state === 'paid' || view.state === 'failed') && !view.notified
      ? `<form method="post" action="${action}">
<button class="approve" type="submit" name="decision" value="${view.state === 'paid' ? 'approve' : 'decline'}">${t('tryAgain')}</button>
</form>`
      : '';
  return `${details}<p class="note" role="status">${t(view.state)}</p>${alert}${again}
<a class="button" href="${escapeHtml(view.backUrl)}">${t('back')}</a>`;
}

export const notFoundCard = (language: Language) =>
  `<p role="alert">${escapeHtml(TEXT.notFound[language])}</p>`;
