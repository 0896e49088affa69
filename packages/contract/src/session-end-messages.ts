/** What the player is told for each reason a session ended (session-end.ts), in both languages. */
import type { Localized } from './language';
import type { SessionEndReason } from './session-end';

export const SESSION_END_MESSAGES = {
  timedOut: {
    EN: 'You were logged out because the session was idle too long. Please log in again.',
    BN: 'অনেকক্ষণ নিষ্ক্রিয় থাকায় আপনাকে লগআউট করা হয়েছে। অনুগ্রহ করে আবার লগইন করুন।',
  },
  loggedOut: {
    EN: 'This session was logged out. Please log in again.',
    BN: 'এই সেশন থেকে লগআউট করা হয়েছে। অনুগ্রহ করে আবার লগইন করুন।',
  },
  passwordChanged: {
    EN: 'Your password was changed, so you were logged out. Please log in with the new password.',
    BN: 'আপনার পাসওয়ার্ড বদলানো হয়েছে, তাই আপনাকে লগআউট করা হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগইন করুন।',
  },
  disabled: {
    EN: 'Your account has been disabled. Please contact customer service.',
    BN: 'আপনার অ্যাকাউন্ট নিষ্ক্রিয় করা হয়েছে। অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন।',
  },
  endedElsewhere: {
    EN: 'This session was ended from your account’s security centre. Please log in again.',
    BN: 'আপনার অ্যাকাউন্টের নিরাপত্তা কেন্দ্র থেকে এই সেশনটি বন্ধ করা হয়েছে। অনুগ্রহ করে আবার লগইন করুন।',
  },
  break: {
    EN: 'You started a break from play, so you were logged out.',
    BN: 'আপনি খেলা থেকে বিরতি নিয়েছেন, তাই আপনাকে লগআউট করা হয়েছে।',
  },
  unknown: {
    EN: 'You have been logged out. Please log in again.',
    BN: 'আপনাকে লগআউট করা হয়েছে। অনুগ্রহ করে আবার লগইন করুন।',
  },
} as const satisfies Record<SessionEndReason | 'unknown', Localized>;
