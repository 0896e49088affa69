/**
 * The member's inbox (/m/webEmail): messages from the operator and from the system. System
 * messages are stored as a topic and parameters and drawn in the reader's language from the
 * templates here, so a message written in Bengali reads in English after a language switch.
 * Guests (trial accounts) have no inbox: the client never asks for their unread count.
 */
import { z } from 'zod';
import { parseAmount } from './amount';
import { formatMoney } from './format';
import type { Language, Localized } from './language';

export const INBOX_LIMITS = {
  /** Messages in one page of the list. */
  pageSize: 20,
  pageMax: 50,
  titleMax: 128,
  bodyMax: 4000,
} as const;

/** The white-label flag of the inbox entry, the header button and the player calls. */
export const INBOX_FLAG = 'MAILCEN';

interface Template {
  title: Localized;
  body: Localized;
}

/**
 * System topics and their text. `{name}` reads the message's `params.nameEn` or `params.nameBn`
 * in that language when present, else `params.name`; a missing parameter reads as empty.
 * `{money}` is made from `amountMinor` (integer minor units, `40000`) and `currency` (`BDT` → ৳),
 * written by the one formatter in the reader's language (৳৪০০.০০ / ৳400.00). Messages stored
 * before issue 18 carry `amount` (formatted major units, `400.00`) instead; they read the same.
 * Modules that notify members use these topics and parameters:
 *
 * - payee.bound, payee.removed, payee.changed: `{ channel, channelEn, channelBn, last4 }`
 * - withdrawal.paid: `{ amountMinor, currency }`; withdrawal.rejected: `{ amountMinor, currency,
 *   reason }`; withdrawal.failed (the payout gateway could not pay it): `{ amountMinor, currency,
 *   channel, channelEn, channelBn, last4 }`
 * - deposit.paid: `{ amountMinor, currency }`
 * - bonus.refused: `{ amountMinor, currency, nameEn, nameBn, reasonEn, reasonBn }` (the deposit, the bonus)
 * - welcome: `{ name }`
 * - feedback.answered: `{ excerpt }` (the start of the player's feedback)
 * - kyc.approved: `{}`; kyc.rejected: `{ reason }`
 * - security.paymentPassword: `{ changeEn, changeBn }` (set or changed, in each language)
 * - security.newDevice: `{ device, network }` (a login from a new device, after its code);
 *   security.newDeviceUnchecked: the same, for a member with no mobile or e-mail to send a code to
 */
export const INBOX_TOPICS = {
  'payee.bound': {
    title: { EN: 'Payee account added', BN: 'প্রাপক অ্যাকাউন্ট যোগ হয়েছে' },
    body: {
      EN: 'A {channel} account ending in {last4} was added to your withdrawal accounts. If this was not you, change your password and contact customer service at once.',
      BN: 'আপনার উত্তোলন অ্যাকাউন্টে {last4} দিয়ে শেষ হওয়া {channel} অ্যাকাউন্ট যোগ করা হয়েছে। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড পরিবর্তন করুন এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  'payee.removed': {
    title: { EN: 'Payee account removed', BN: 'প্রাপক অ্যাকাউন্ট সরানো হয়েছে' },
    body: {
      EN: 'The {channel} account ending in {last4} was removed from your withdrawal accounts. If this was not you, change your password and contact customer service at once.',
      BN: 'আপনার উত্তোলন অ্যাকাউন্ট থেকে {last4} দিয়ে শেষ হওয়া {channel} অ্যাকাউন্ট সরানো হয়েছে। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড পরিবর্তন করুন এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  'payee.changed': {
    title: { EN: 'Payee account changed', BN: 'প্রাপক অ্যাকাউন্ট পরিবর্তন হয়েছে' },
    body: {
      EN: 'Your {channel} withdrawal account ending in {last4} was changed. If this was not you, change your password and contact customer service at once.',
      BN: 'আপনার {last4} দিয়ে শেষ হওয়া {channel} উত্তোলন অ্যাকাউন্ট পরিবর্তন করা হয়েছে। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড পরিবর্তন করুন এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  'withdrawal.paid': {
    title: { EN: 'Withdrawal paid', BN: 'উত্তোলন পরিশোধিত' },
    body: {
      EN: 'Your withdrawal of {money} has been paid.',
      BN: 'আপনার {money} উত্তোলন পরিশোধ করা হয়েছে।',
    },
  },
  'withdrawal.rejected': {
    title: { EN: 'Withdrawal rejected', BN: 'উত্তোলন বাতিল' },
    body: {
      EN: 'Your withdrawal of {money} was rejected and the amount is back in your balance. Reason: {reason}',
      BN: 'আপনার {money} উত্তোলন বাতিল করা হয়েছে এবং টাকা আপনার ব্যালেন্সে ফেরত এসেছে। কারণ: {reason}',
    },
  },
  'withdrawal.failed': {
    title: { EN: 'Withdrawal not paid', BN: 'উত্তোলন পরিশোধ হয়নি' },
    body: {
      EN: 'Your withdrawal of {money} could not be paid to your {channel} account ending in {last4}, and the amount is back in your balance. Check the account or choose another one and try again.',
      BN: 'আপনার {money} উত্তোলন {last4} দিয়ে শেষ হওয়া আপনার {channel} অ্যাকাউন্টে পাঠানো যায়নি, টাকা আপনার ব্যালেন্সে ফেরত এসেছে। অ্যাকাউন্টটি যাচাই করুন বা অন্য অ্যাকাউন্ট বেছে নিয়ে আবার চেষ্টা করুন।',
    },
  },
  'deposit.paid': {
    title: { EN: 'Deposit received', BN: 'জমা পাওয়া গেছে' },
    body: {
      EN: 'Your deposit of {money} has been credited to your balance.',
      BN: 'আপনার {money} জমা আপনার ব্যালেন্সে যোগ হয়েছে।',
    },
  },
  'bonus.refused': {
    title: { EN: 'Deposit credited without the bonus', BN: 'বোনাস ছাড়া জমা যোগ হয়েছে' },
    body: {
      EN: 'Your deposit of {money} was credited, but the bonus "{name}" could not be given: {reason}. See My bonuses for details.',
      BN: 'আপনার {money} জমা যোগ হয়েছে, কিন্তু "{name}" বোনাসটি দেওয়া যায়নি: {reason}। বিস্তারিত আমার বোনাস পাতায় দেখুন।',
    },
  },
  welcome: {
    title: { EN: 'Welcome to Khela', BN: 'খেলায় স্বাগতম' },
    body: {
      EN: 'Welcome, {name}! Your account is ready. Visit the member centre to deposit, read your messages and see your VIP progress.',
      BN: 'স্বাগতম, {name}! আপনার অ্যাকাউন্ট প্রস্তুত। জমা দিতে, বার্তা পড়তে এবং ভিআইপি অগ্রগতি দেখতে সদস্য কেন্দ্রে যান।',
    },
  },
  'feedback.answered': {
    title: { EN: 'Your feedback was answered', BN: 'আপনার মতামতের উত্তর দেওয়া হয়েছে' },
    body: {
      EN: 'We answered your feedback "{excerpt}". Open Feedback in the member centre to read the answer.',
      BN: 'আপনার মতামত "{excerpt}"-এর উত্তর দেওয়া হয়েছে। উত্তর পড়তে সদস্য কেন্দ্রের মতামত অংশে যান।',
    },
  },
  'kyc.approved': {
    title: { EN: 'Identity verified', BN: 'পরিচয় যাচাই সম্পন্ন' },
    body: {
      EN: 'Your identity documents were approved. Withdrawals that waited for the check are now in the queue.',
      BN: 'আপনার পরিচয়ের কাগজপত্র অনুমোদিত হয়েছে। যাচাইয়ের অপেক্ষায় থাকা উত্তোলনগুলো এখন প্রক্রিয়ার সারিতে আছে।',
    },
  },
  'kyc.rejected': {
    title: { EN: 'Identity check not approved', BN: 'পরিচয় যাচাই অনুমোদিত হয়নি' },
    body: {
      EN: 'Your identity documents were not approved. Reason: {reason}. You can send new photos from the security centre.',
      BN: 'আপনার পরিচয়ের কাগজপত্র অনুমোদিত হয়নি। কারণ: {reason}। নিরাপত্তা কেন্দ্র থেকে নতুন ছবি পাঠাতে পারেন।',
    },
  },
  'security.paymentPassword': {
    title: { EN: 'Payment password {change}', BN: 'পেমেন্ট পাসওয়ার্ড {change}' },
    body: {
      EN: 'Your payment password was {change}. If this was not you, change your login password and contact customer service at once.',
      BN: 'আপনার পেমেন্ট পাসওয়ার্ড {change}। এটি আপনি না করে থাকলে এখনই লগইন পাসওয়ার্ড পরিবর্তন করুন এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  'security.newDevice': {
    title: { EN: 'Login from a new device', BN: 'নতুন ডিভাইস থেকে লগইন' },
    body: {
      EN: 'Your account was logged in from a new device ({device}, network {network}) after the one-time code was entered. If this was not you, change your password, remove the device in the security centre and contact customer service at once.',
      BN: 'এককালীন কোড দেওয়ার পর একটি নতুন ডিভাইস ({device}, নেটওয়ার্ক {network}) থেকে আপনার অ্যাকাউন্টে লগইন হয়েছে। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড পরিবর্তন করুন, নিরাপত্তা কেন্দ্র থেকে ডিভাইসটি সরান এবং গ্রাহক সেবায় যোগাযোগ করুন।',
    },
  },
  'security.newDeviceUnchecked': {
    title: { EN: 'Login from a new device', BN: 'নতুন ডিভাইস থেকে লগইন' },
    body: {
      EN: 'Your account was logged in from a new device ({device}, network {network}). No code could be sent because no mobile number or e-mail is bound: add one in the security centre so that new devices are checked. If this was not you, change your password at once.',
      BN: 'একটি নতুন ডিভাইস ({device}, নেটওয়ার্ক {network}) থেকে আপনার অ্যাকাউন্টে লগইন হয়েছে। কোনো মোবাইল নম্বর বা ই-মেইল যুক্ত না থাকায় কোড পাঠানো যায়নি: নতুন ডিভাইস যাচাইয়ের জন্য নিরাপত্তা কেন্দ্রে একটি যুক্ত করুন। এটি আপনি না করে থাকলে এখনই পাসওয়ার্ড পরিবর্তন করুন।',
    },
  },
} as const satisfies Record<string, Template>;

export type InboxTopic = keyof typeof INBOX_TOPICS;
export const INBOX_TOPIC_NAMES = Object.keys(INBOX_TOPICS) as InboxTopic[];

/** The topic of an operator's own message (its title and body are stored as written). */
export const OPERATOR_TOPIC = 'operator.message';

const FALLBACK: Template = {
  title: { EN: 'Notice', BN: 'বিজ্ঞপ্তি' },
  body: { EN: '', BN: '' },
};

/** Currency symbols for `{money}`; another currency shows its code. */
const CURRENCY_SYMBOLS: Record<string, string> = { BDT: '৳', INR: '₹', USD: '$' };

/** The amount in minor units: `amountMinor`, or the formatted `amount` of older messages. */
function amountMinorOf(params: Record<string, string>): bigint | undefined {
  if (params.amountMinor !== undefined && /^-?\d+$/.test(params.amountMinor)) {
    return BigInt(params.amountMinor);
  }
  const parsed = parseAmount(params.amount ?? '', { allowNegative: true });
  return parsed.ok ? BigInt(parsed.minor) : undefined;
}

function money(params: Record<string, string>, language: Language): string {
  const currency = params.currency ?? 'BDT';
  const minor = amountMinorOf(params);
  if (minor === undefined) return '';
  return formatMoney(minor, language, { symbol: CURRENCY_SYMBOLS[currency] ?? `${currency} ` });
}

const fill = (text: string, params: Record<string, string>, language: Language) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'money') return money(params, language);
    const suffix = language === 'EN' ? 'En' : 'Bn';
    return params[`${name}${suffix}`] ?? params[name] ?? '';
  });

/** A system message's title and body in `language`; an unknown topic reads as a plain notice. */
export function renderSystemMessage(
  topic: string,
  params: Record<string, string>,
  language: Language,
): { title: string; body: string } {
  const template: Template = Object.hasOwn(INBOX_TOPICS, topic)
    ? INBOX_TOPICS[topic as InboxTopic]
    : FALLBACK;
  return {
    title: fill(template.title[language], params, language),
    body: fill(template.body[language], params, language),
  };
}

// ── Wire ─────────────────────────────────────────────────────────────────────────────────────

const IdSchema = z.string().regex(/^\d{1,19}$/);

export const InboxMessageSchema = z.object({
  id: IdSchema,
  /** operator: written by the operator; system: drawn from the topic in the reader's language. */
  sender: z.enum(['operator', 'system']),
  topic: z.string(),
  title: z.string(),
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const InboxQuerySchema = z
  .object({
    /** The `nextCursor` of the previous page: messages older than it. */
    cursor: IdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(INBOX_LIMITS.pageMax).default(INBOX_LIMITS.pageSize),
    language: z.enum(['EN', 'BN']).optional(),
  })
  .strict();
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

export const InboxPageSchema = z.object({
  list: z.array(InboxMessageSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: IdSchema.nullable(),
  unreadCount: z.number().int().min(0),
});
export type InboxPage = z.infer<typeof InboxPageSchema>;

/** The unread count is the bare number (`value`), as the spec's client reads it. */
export const InboxUnreadSchema = z.number().int().min(0);

export const InboxMessageParamsSchema = z.object({ id: IdSchema }).strict();

export const InboxReadAnswerSchema = z.object({ unreadCount: z.number().int().min(0) });

// ── Operator ─────────────────────────────────────────────────────────────────────────────────

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const PLAIN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

export const OpsInboxSendSchema = z
  .object({
    /** One member by username, or every member (not trial accounts) with `all: true`. */
    username: z.string().trim().min(1).max(64).optional(),
    all: z.literal(true).optional(),
    title: z.string().trim().min(1).max(INBOX_LIMITS.titleMax).regex(PLAIN_TEXT),
    body: z.string().trim().min(1).max(INBOX_LIMITS.bodyMax).regex(PLAIN_TEXT),
  })
  .strict()
  .refine((v) => (v.username === undefined) !== (v.all === undefined), {
    message: 'Give either username or all: true',
    path: ['username'],
  });
export type OpsInboxSend = z.infer<typeof OpsInboxSendSchema>;

export const OpsInboxSentSchema = z.object({ sent: z.number().int().min(0) });
