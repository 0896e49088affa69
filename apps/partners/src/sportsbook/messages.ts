/**
 * The sportsbook's refusals: a stable code, an HTTP status and the player's words in Bengali and
 * English. They are the partner's own (a vendor's page shows them); the wallet's refusals pass
 * through with the product's code and message.
 */
import type { Language } from '@khela/contract/language';

export const SPORTSBOOK_ERRORS = {
  'sportsbook.marketUnknown': {
    status: 404,
    EN: 'This market is not offered',
    BN: 'এই মার্কেটটি নেই',
  },
  'sportsbook.marketSuspended': {
    status: 409,
    EN: 'Betting is suspended for a moment; try again',
    BN: 'বেটিং কিছুক্ষণের জন্য স্থগিত; আবার চেষ্টা করুন',
  },
  'sportsbook.marketClosed': {
    status: 409,
    EN: 'This market has closed',
    BN: 'এই মার্কেটটি বন্ধ হয়ে গেছে',
  },
  'sportsbook.oddsChanged': {
    status: 409,
    EN: 'The odds have changed; check your slip',
    BN: 'অডস বদলে গেছে; আপনার স্লিপ দেখুন',
  },
  'sportsbook.stakeTooLow': {
    status: 400,
    EN: 'The stake is below the minimum',
    BN: 'স্টেক সর্বনিম্নের চেয়ে কম',
  },
  'sportsbook.stakeTooHigh': {
    status: 400,
    EN: 'The stake is above the maximum',
    BN: 'স্টেক সর্বোচ্চের চেয়ে বেশি',
  },
  'sportsbook.payoutTooHigh': {
    status: 400,
    EN: 'The potential return is above the maximum payout',
    BN: 'সম্ভাব্য রিটার্ন সর্বোচ্চ পেআউটের চেয়ে বেশি',
  },
  'sportsbook.badSlip': {
    status: 400,
    EN: 'An accumulator takes one selection per match, up to the maximum legs',
    BN: 'অ্যাকুমুলেটরে প্রতি ম্যাচে একটি করে নির্বাচন, সর্বোচ্চ লেগ পর্যন্ত',
  },
  'sportsbook.betUnknown': { status: 404, EN: 'No such bet', BN: 'এমন কোনো বেট নেই' },
  'sportsbook.cashOutUnavailable': {
    status: 409,
    EN: 'Cash out is not available now',
    BN: 'এখন ক্যাশ আউট করা যাবে না',
  },
  'sportsbook.cashOutChanged': {
    status: 409,
    EN: 'The cash out amount has changed',
    BN: 'ক্যাশ আউটের পরিমাণ বদলে গেছে',
  },
  'sportsbook.notOpen': {
    status: 409,
    EN: 'This bet is no longer open',
    BN: 'এই বেটটি আর খোলা নেই',
  },
  'sportsbook.walletUnreachable': {
    status: 502,
    EN: 'The sportsbook could not reach the wallet, please try again',
    BN: 'স্পোর্টসবুক ওয়ালেটে পৌঁছাতে পারেনি, আবার চেষ্টা করুন',
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type SportsbookErrorCode = keyof typeof SPORTSBOOK_ERRORS;

export class SportsbookError extends Error {
  override readonly name = 'SportsbookError';
  readonly status: number;
  constructor(
    readonly code: SportsbookErrorCode,
    readonly data?: Record<string, unknown>,
  ) {
    super(SPORTSBOOK_ERRORS[code].EN);
    this.status = SPORTSBOOK_ERRORS[code].status;
  }
  messageIn(language: Language) {
    return SPORTSBOOK_ERRORS[this.code][language];
  }
}
