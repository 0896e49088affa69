/**
 * The error catalogue: every errorCode the server answers with and every player-facing message of
 * both specs' §8, in English and Bengali. The web app shows these texts too, so a code means the
 * same words on both sides.
 */
import type { Language, Localized } from './language';

export const ERRORS = {
  // Input and request shape
  'validation.invalid': {
    status: 400,
    EN: 'Please check the highlighted fields',
    BN: 'চিহ্নিত ঘরগুলো আবার দেখুন',
  },
  'request.malformed': {
    status: 400,
    EN: 'The request could not be read',
    BN: 'অনুরোধটি পড়া যায়নি',
  },
  'request.tooLarge': { status: 400, EN: 'The request is too large', BN: 'অনুরোধটি খুব বড়' },
  'request.unsupportedMediaType': {
    status: 415,
    EN: 'This content type is not accepted',
    BN: 'এই ধরনের তথ্য গ্রহণ করা হয় না',
  },
  'request.methodNotAllowed': {
    status: 405,
    EN: 'This address does not accept this method',
    BN: 'এই ঠিকানায় এই পদ্ধতি গ্রহণ করা হয় না',
  },
  'request.urlTooLong': {
    status: 414,
    EN: 'The address is too long',
    BN: 'ঠিকানাটি খুব লম্বা',
  },
  'request.originNotAllowed': {
    status: 403,
    EN: 'This site may not call the API from another address',
    BN: 'অন্য ঠিকানা থেকে এই সাইটের API ব্যবহার করা যায় না',
  },
  'sealed.required': {
    status: 400,
    EN: 'This request must be encrypted',
    BN: 'এই অনুরোধটি এনক্রিপ্ট করে পাঠাতে হবে',
  },
  'sealed.invalid': {
    status: 400,
    EN: 'The encrypted request could not be opened',
    BN: 'এনক্রিপ্ট করা অনুরোধটি খোলা যায়নি',
  },
  'validation.emailIncorrect': { status: 400, EN: 'email incorrect', BN: 'ইমেইল সঠিক নয়' },
  'validation.confirmMismatch': {
    status: 400,
    EN: 'Confirmation password not matched',
    BN: 'নিশ্চিতকরণ পাসওয়ার্ড মেলেনি',
  },
  'validation.confirmRequired': { status: 400, EN: 'incorrect password', BN: 'ভুল পাসওয়ার্ড' },
  'validation.captchaRequired': {
    status: 400,
    EN: 'enter a captcha',
    BN: 'ক্যাপচা কোড লিখুন',
  },
  'validation.accountFormat': {
    status: 400,
    EN: 'Account format is incorrect',
    BN: 'অ্যাকাউন্টের বিন্যাস সঠিক নয়',
  },
  'validation.passwordFormat': {
    status: 400,
    EN: 'Password format is incorrect',
    BN: 'পাসওয়ার্ডের বিন্যাস সঠিক নয়',
  },
  'validation.emailFormat': {
    status: 400,
    EN: 'E-mail format is incorrect',
    BN: 'ই-মেইলের বিন্যাস সঠিক নয়',
  },
  'validation.mobileInvalid': {
    status: 400,
    EN: 'The mobile num is not valid',
    BN: 'মোবাইল নম্বরটি সঠিক নয়',
  },
  'validation.mobileRequired': {
    status: 400,
    EN: 'Please enter a valid mobile number',
    BN: 'একটি সঠিক মোবাইল নম্বর লিখুন',
  },
  'validation.nameFormat': {
    status: 400,
    EN: 'Name format is not valid',
    BN: 'নামের বিন্যাস সঠিক নয়',
  },
  'verification.codeError': {
    status: 400,
    EN: 'Verification code error',
    BN: 'যাচাইকরণ কোড ভুল',
  },
  'affiliate.invalid': { status: 400, EN: 'Invalid invitation code', BN: 'আমন্ত্রণ কোডটি সঠিক নয়' },

  // Social login (docs/social-login.md)
  'social.notConfigured': {
    status: 404,
    EN: 'This way of logging in is not available',
    BN: 'এভাবে লগইন করার সুবিধাটি এখন নেই',
  },
  'social.consentRefused': {
    status: 400,
    EN: 'You did not allow the sign-in, so you were not logged in. You can try again or log in another way.',
    BN: 'আপনি সাইন-ইনের অনুমতি দেননি, তাই লগইন হয়নি। আবার চেষ্টা করুন বা অন্যভাবে লগইন করুন।',
  },
  'social.failed': {
    status: 400,
    EN: 'The sign-in could not be completed or has expired, please start again',
    BN: 'সাইন-ইন সম্পন্ন হয়নি বা মেয়াদ শেষ হয়ে গেছে, অনুগ্রহ করে আবার শুরু করুন',
  },
  'social.ticketExpired': {
    status: 400,
    EN: 'Too much time has passed since the sign-in, please start again',
    BN: 'সাইন-ইনের পর অনেক সময় কেটে গেছে, অনুগ্রহ করে আবার শুরু করুন',
  },
  'social.alreadyLinked': {
    status: 409,
    EN: 'This account is already linked to another sign-in of this kind',
    BN: 'এই অ্যাকাউন্টটি আগেই এই ধরনের আরেকটি সাইন-ইনের সাথে যুক্ত',
  },
  'social.notLinked': {
    status: 409,
    EN: 'No account is linked to this sign-in yet; please register or link your account first',
    BN: 'এই সাইন-ইনের সাথে এখনও কোনো অ্যাকাউন্ট যুক্ত নেই; আগে নিবন্ধন করুন বা আপনার অ্যাকাউন্ট যুক্ত করুন',
  },
  'social.identityNotFound': {
    status: 404,
    EN: 'This sign-in is not linked to your account',
    BN: 'এই সাইন-ইনটি আপনার অ্যাকাউন্টের সাথে যুক্ত নয়',
  },
  'social.lastSignIn': {
    status: 409,
    EN: 'This is the only way to log in to your account; set a login password first',
    BN: 'এটিই আপনার অ্যাকাউন্টে লগইনের একমাত্র উপায়; আগে একটি লগইন পাসওয়ার্ড সেট করুন',
  },
  'social.telegramInvalid': {
    status: 401,
    EN: 'The Telegram sign-in could not be verified or is too old, please try again',
    BN: 'টেলিগ্রাম সাইন-ইন যাচাই করা যায়নি বা অনেক পুরনো, অনুগ্রহ করে আবার চেষ্টা করুন',
  },

  // Session and permission
  'session.notLoggedIn': {
    status: 401,
    EN: 'You are not logged in, please login first',
    BN: 'আপনি লগইন করেননি, অনুগ্রহ করে আগে লগইন করুন',
  },
  'session.expired': {
    status: 401,
    EN: 'The account has been logged out, please log in again',
    BN: 'অ্যাকাউন্ট থেকে লগআউট হয়েছে, অনুগ্রহ করে আবার লগইন করুন',
  },
  'permission.denied': {
    status: 403,
    EN: 'Sorry, this account does not have permission or the feature is temporarily unavailable',
    BN: 'দুঃখিত, এই অ্যাকাউন্টের অনুমতি নেই অথবা সুবিধাটি সাময়িকভাবে বন্ধ আছে',
  },
  'member.trialForbidden': {
    status: 403,
    EN: 'Please login an actual account to use this function',
    BN: 'এই সুবিধাটি ব্যবহার করতে আসল অ্যাকাউন্টে লগইন করুন',
  },
  'member.notFoundOrDisabled': {
    status: 404,
    EN: 'Sorry, the user does not exist or is disabled',
    BN: 'দুঃখিত, ব্যবহারকারী নেই অথবা নিষ্ক্রিয় করা হয়েছে',
  },
  'member.usernameTaken': {
    status: 409,
    EN: 'Sorry, the username already exists',
    BN: 'দুঃখিত, এই ব্যবহারকারীর নাম আগে থেকেই আছে',
  },
  'member.usernameChangeUsed': {
    status: 409,
    EN: 'You have already changed your username once; it cannot be changed again',
    BN: 'আপনি আগেই একবার ব্যবহারকারীর নাম বদলেছেন; এটি আর বদলানো যাবে না',
  },
  'login.invalidCredentials': {
    status: 401,
    EN: 'Incorrect username or password',
    BN: 'ব্যবহারকারীর নাম বা পাসওয়ার্ড ভুল',
  },
  'captcha.invalid': {
    status: 400,
    EN: 'The captcha is wrong or has expired, please try the new one',
    BN: 'ক্যাপচা ভুল বা মেয়াদোত্তীর্ণ, নতুনটি দিয়ে আবার চেষ্টা করুন',
  },
  'member.mobileTaken': {
    status: 409,
    EN: 'This mobile number is already registered',
    BN: 'এই মোবাইল নম্বরটি আগেই নিবন্ধিত হয়েছে',
  },
  'member.underage': {
    status: 400,
    EN: 'You must be 18 or older to register',
    BN: 'নিবন্ধনের জন্য আপনার বয়স অন্তত ১৮ বছর হতে হবে',
  },
  'register.methodOff': {
    status: 403,
    EN: 'This way of registering is switched off',
    BN: 'নিবন্ধনের এই পদ্ধতিটি বন্ধ আছে',
  },
  'reset.invalid': {
    status: 400,
    EN: 'This reset link is invalid or has expired',
    BN: 'এই রিসেট লিংকটি অবৈধ বা মেয়াদোত্তীর্ণ',
  },
  'login.nonMember': {
    status: 403,
    EN: 'Non-member account unable to login',
    BN: 'সদস্য নয় এমন অ্যাকাউন্ট লগইন করতে পারবে না',
  },
  'login.nonAgent': {
    status: 403,
    EN: 'Non-agents cannot log in',
    BN: 'এজেন্ট ছাড়া কেউ লগইন করতে পারবে না',
  },
  'login.stepUpRequired': {
    status: 403,
    EN: 'This device is new to your account: enter the code we have sent you',
    BN: 'এই ডিভাইসটি আপনার অ্যাকাউন্টে নতুন: আমাদের পাঠানো কোডটি লিখুন',
  },
  'login.stepUpNoChannel': {
    status: 400,
    EN: 'Your account has no such contact to send the code to',
    BN: 'কোড পাঠানোর জন্য আপনার অ্যাকাউন্টে এমন কোনো যোগাযোগ নেই',
  },
  'login.stepUpExpired': {
    status: 400,
    EN: 'This login check has expired, please log in again',
    BN: 'এই লগইন যাচাইয়ের মেয়াদ শেষ, অনুগ্রহ করে আবার লগইন করুন',
  },
  'modify.new.old.same': {
    status: 400,
    EN: 'The new password must be different from the old one',
    BN: 'নতুন পাসওয়ার্ড পুরনোটির থেকে আলাদা হতে হবে',
  },
  free_reject: {
    status: 403,
    EN: 'Free play is not available for this account',
    BN: 'এই অ্যাকাউন্টের জন্য ফ্রি প্লে নেই',
  },
  contact_service: {
    status: 403,
    EN: 'Please contact customer service',
    BN: 'অনুগ্রহ করে গ্রাহক সেবায় যোগাযোগ করুন',
  },
  /** A white-label flag (e.g. CBS3, live chat) is off. */
  'feature.disabled': {
    status: 403,
    EN: 'Sorry, this feature is temporarily unavailable',
    BN: 'দুঃখিত, এই সুবিধাটি সাময়িকভাবে বন্ধ আছে',
  },
  'chat.conversationClosed': {
    status: 409,
    EN: 'This conversation is closed and the member has another one open',
    BN: 'এই কথোপকথনটি বন্ধ, এবং সদস্যের আরেকটি কথোপকথন খোলা আছে',
  },
  'chat.modelNotFound': {
    status: 404,
    EN: 'This host is not on our list',
    BN: 'এই হোস্ট আমাদের তালিকায় নেই',
  },

  // System
  'system.unknown': { status: 500, EN: 'Unknown error', BN: 'অজানা ত্রুটি' },
  'system.upgrading': {
    status: 503,
    EN: 'System upgrading, please try again later',
    BN: 'সিস্টেম আপগ্রেড হচ্ছে, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
  },
  'system.maintenance': {
    status: 503,
    EN: 'The site is under maintenance, please come back later',
    BN: 'সাইটটি রক্ষণাবেক্ষণের কাজ চলছে, অনুগ্রহ করে পরে আবার আসুন',
  },
  'system.ipBlocked': {
    status: 403,
    EN: 'Sorry, the service is not available in your region',
    BN: 'দুঃখিত, আপনার অঞ্চলে এই সেবা পাওয়া যায় না',
  },
  'rate.limited': {
    status: 429,
    EN: 'Too many requests, please wait a moment and try again',
    BN: 'অনেক বেশি অনুরোধ, একটু অপেক্ষা করে আবার চেষ্টা করুন',
  },
  'resource.notFound': { status: 404, EN: 'Not found', BN: 'পাওয়া যায়নি' },
  // Games
  'game.notFound': {
    status: 404,
    EN: 'This game is not available',
    BN: 'এই গেমটি পাওয়া যাচ্ছে না',
  },
  'game.vendorNotFound': {
    status: 404,
    EN: 'This game provider is not available',
    BN: 'এই গেম প্রোভাইডার পাওয়া যাচ্ছে না',
  },
  'game.vendorExists': {
    status: 409,
    EN: 'A game provider with this code exists already',
    BN: 'এই কোডের গেম প্রোভাইডার আগে থেকেই আছে',
  },
  'game.exists': {
    status: 409,
    EN: 'This provider has a game with this code already',
    BN: 'এই প্রোভাইডারের এই কোডের গেম আগে থেকেই আছে',
  },
  'game.launchUnavailable': {
    status: 409,
    EN: 'This game cannot be opened right now, please try again later',
    BN: 'এই গেমটি এখন খোলা যাচ্ছে না, পরে আবার চেষ্টা করুন',
  },
  // The seamless wallet game vendors call (/wps/vendor/…)
  'vendor.badSignature': {
    status: 401,
    EN: 'The request signature is missing or wrong',
    BN: 'অনুরোধের স্বাক্ষর নেই বা ভুল',
  },
  'vendor.sessionUnknown': {
    status: 401,
    EN: 'Unknown game session',
    BN: 'অজানা গেম সেশন',
  },
  'vendor.sessionEnded': {
    status: 403,
    EN: 'The game session has ended; no more bets are taken',
    BN: 'গেম সেশন শেষ হয়েছে; আর বাজি নেওয়া হবে না',
  },
  'vendor.currencyMismatch': {
    status: 400,
    EN: "The currency does not match the player's wallet",
    BN: 'মুদ্রাটি খেলোয়াড়ের ওয়ালেটের সাথে মেলে না',
  },
  'vendor.txRolledBack': {
    status: 409,
    EN: 'This transaction was rolled back before it arrived',
    BN: 'এই লেনদেনটি আসার আগেই বাতিল করা হয়েছে',
  },
  'vendor.roundUnknown': {
    status: 404,
    EN: 'Unknown round or transaction',
    BN: 'অজানা রাউন্ড বা লেনদেন',
  },
  'vendor.roundClosed': {
    status: 409,
    EN: 'This round is already settled',
    BN: 'এই রাউন্ডের নিষ্পত্তি হয়ে গেছে',
  },
  'vendor.roundNotSettled': {
    status: 409,
    EN: 'Only a settled round can be adjusted',
    BN: 'শুধু নিষ্পত্তি হওয়া রাউন্ড সমন্বয় করা যায়',
  },
  'vendor.notABet': {
    status: 409,
    EN: 'Only a bet can be rolled back',
    BN: 'শুধু বাজি বাতিল করা যায়',
  },
  // In-house provably fair games (/wps/originals/…)
  'originals.unknownGame': {
    status: 404,
    EN: 'This in-house game does not exist',
    BN: 'এই নিজস্ব গেমটি নেই',
  },
  'originals.stakeOutOfRange': {
    status: 400,
    EN: 'The stake is outside the allowed range',
    BN: 'বাজির পরিমাণ অনুমোদিত সীমার বাইরে',
  },
  'originals.badTarget': {
    status: 400,
    EN: 'Choose a valid target for this game',
    BN: 'এই গেমের জন্য একটি সঠিক লক্ষ্য বেছে নিন',
  },
  // The lottery (/lgw/lottery/…)
  'lottery.drawClosed': {
    status: 409,
    EN: 'This draw is closed for bets, please bet on the next draw',
    BN: 'এই ড্রয়ের বাজি বন্ধ হয়ে গেছে, পরের ড্রয়ে বাজি ধরুন',
  },
  'lottery.drawNotFound': {
    status: 404,
    EN: 'This draw does not exist',
    BN: 'এই ড্র পাওয়া যায়নি',
  },
  'lottery.badPicks': {
    status: 400,
    EN: 'These numbers are not valid for this game',
    BN: 'এই গেমের জন্য এই সংখ্যাগুলো সঠিক নয়',
  },
  // Wallet, cashier and player protection
  'wallet.insufficientFunds': {
    status: 409,
    EN: 'Your balance is not enough for this',
    BN: 'এর জন্য আপনার ব্যালেন্স যথেষ্ট নয়',
  },
  'idempotency.keyRequired': {
    status: 400,
    EN: 'This request needs an Idempotency-Key header',
    BN: 'এই অনুরোধে একটি Idempotency-Key হেডার লাগবে',
  },
  'idempotency.mismatch': {
    status: 422,
    EN: 'This request was already made with different details',
    BN: 'এই অনুরোধটি আগে অন্য তথ্য দিয়ে করা হয়েছে',
  },
  'wallet.channelUnavailable': {
    status: 400,
    EN: 'This payment method is not available now',
    BN: 'এই পেমেন্ট পদ্ধতি এখন পাওয়া যাচ্ছে না',
  },
  'wallet.amountOutOfRange': {
    status: 400,
    EN: 'The amount is outside the allowed range',
    BN: 'পরিমাণটি অনুমোদিত সীমার বাইরে',
  },
  'wallet.depositLimitReached': {
    status: 409,
    EN: 'This deposit would go over your deposit limit',
    BN: 'এই ডিপোজিট আপনার ডিপোজিট সীমা ছাড়িয়ে যাবে',
  },
  'wallet.lossLimitReached': {
    status: 409,
    EN: 'This bet would go over your loss limit',
    BN: 'এই বাজি আপনার ক্ষতির সীমা ছাড়িয়ে যাবে',
  },
  'wallet.excluded': {
    status: 403,
    EN: 'Your account is on a break or self-excluded; this is not available until it ends',
    BN: 'আপনার অ্যাকাউন্ট বিরতিতে বা স্ব-বর্জনে আছে; শেষ না হওয়া পর্যন্ত এটি পাওয়া যাবে না',
  },
  'session.excluded': {
    status: 403,
    EN: 'You are taking a break from play and cannot log in until it ends',
    BN: 'আপনি খেলা থেকে বিরতিতে আছেন; বিরতি শেষ না হওয়া পর্যন্ত লগইন করা যাবে না',
  },
  'protection.cannotShorten': {
    status: 409,
    EN: 'Your break already lasts longer; a break cannot be shortened or lifted',
    BN: 'আপনার বিরতি এর চেয়ে দীর্ঘ; বিরতি কমানো বা তুলে নেওয়া যায় না',
  },
  'wallet.payeeRequired': {
    status: 400,
    EN: 'Please bind a withdrawal account in the security centre first',
    BN: 'আগে নিরাপত্তা কেন্দ্রে একটি উত্তোলন অ্যাকাউন্ট যুক্ত করুন',
  },
  'wallet.paymentPasswordWrong': {
    status: 403,
    EN: 'The payment password is wrong',
    BN: 'পেমেন্ট পাসওয়ার্ড ভুল',
  },
  'wallet.notCancellable': {
    status: 409,
    EN: 'This request can no longer be changed',
    BN: 'এই অনুরোধটি আর পরিবর্তন করা যাবে না',
  },
  'wallet.reauthFailed': {
    status: 403,
    EN: 'The login password is wrong; please enter your current login password',
    BN: 'লগইন পাসওয়ার্ড ভুল; আপনার বর্তমান লগইন পাসওয়ার্ড লিখুন',
  },
  'wallet.payeeLimit': {
    status: 409,
    EN: 'You have bound the most withdrawal accounts allowed; remove one first',
    BN: 'সর্বোচ্চ সংখ্যক উত্তোলন অ্যাকাউন্ট যুক্ত আছে; আগে একটি সরান',
  },
  'wallet.payeeDuplicate': {
    status: 409,
    EN: 'This withdrawal account is already bound',
    BN: 'এই উত্তোলন অ্যাকাউন্টটি আগেই যুক্ত করা আছে',
  },
  // Identity checks (KYC), responsible gaming and the money desk (back office)
  // Bonuses (docs/bonuses.md)
  'bonus.notFound': {
    status: 404,
    EN: 'This bonus is not available',
    BN: 'এই বোনাসটি পাওয়া যাচ্ছে না',
  },
  'bonus.promoUnknown': {
    status: 404,
    EN: 'This promo code is not valid',
    BN: 'এই প্রোমো কোডটি সঠিক নয়',
  },
  'bonus.promoUsed': {
    status: 409,
    EN: 'You have already used this promo code',
    BN: 'আপনি এই প্রোমো কোডটি আগেই ব্যবহার করেছেন',
  },
  'bonus.promoExhausted': {
    status: 409,
    EN: 'This promo code has been fully used',
    BN: 'এই প্রোমো কোডের সব সুযোগ শেষ হয়ে গেছে',
  },
  'bonus.promoNeedsDeposit': {
    status: 409,
    EN: 'Enter this code on the deposit screen when you deposit',
    BN: 'জমা দেওয়ার সময় জমার পাতায় এই কোডটি লিখুন',
  },
  'bonus.notEligible': {
    status: 409,
    EN: 'You cannot take this bonus',
    BN: 'আপনি এই বোনাসটি নিতে পারবেন না',
  },
  'bonus.alreadyClaimed': {
    status: 409,
    EN: 'This bonus can be taken once per person, and it has been taken',
    BN: 'এই বোনাসটি একজন একবারই নিতে পারেন, এটি আগেই নেওয়া হয়েছে',
  },
  'bonus.depositTooSmall': {
    status: 400,
    EN: "The deposit is below this bonus's minimum deposit",
    BN: 'জমার পরিমাণ এই বোনাসের সর্বনিম্ন জমার চেয়ে কম',
  },
  'bonus.notActive': {
    status: 409,
    EN: 'This bonus has already ended',
    BN: 'এই বোনাসটি ইতিমধ্যে শেষ হয়েছে',
  },
  'bonus.forfeitRequired': {
    status: 409,
    EN: 'You have an active bonus. Withdrawing now forfeits its remaining balance.',
    BN: 'আপনার একটি সক্রিয় বোনাস আছে। এখন উত্তোলন করলে এর অবশিষ্ট ব্যালেন্স বাতিল হবে।',
  },
  'bonus.maxStake': {
    status: 409,
    EN: 'While a bonus is active, this stake is above the largest allowed',
    BN: 'বোনাস সক্রিয় থাকাকালীন এই বাজি অনুমোদিত সর্বোচ্চ পরিমাণের বেশি',
  },
  // Bonus campaigns (operators: backoffice/bonuses.ts)
  'bonus.campaignKindFixed': {
    status: 409,
    EN: "A campaign's kind cannot change; make a new campaign instead",
    BN: 'ক্যাম্পেইনের ধরন বদলানো যায় না; বদলে একটি নতুন ক্যাম্পেইন তৈরি করুন',
  },
  'bonus.promoCodeTaken': {
    status: 409,
    EN: 'Another campaign already uses this promo code',
    BN: 'এই প্রোমো কোডটি অন্য একটি ক্যাম্পেইনে ব্যবহৃত হচ্ছে',
  },
  'kyc.imageType': {
    status: 400,
    EN: 'Identity images must be photos (JPG, PNG or WebP)',
    BN: 'পরিচয়ের ছবি অবশ্যই ফটো হতে হবে (JPG, PNG বা WebP)',
  },
  'kyc.imageTooLarge': {
    status: 400,
    EN: 'Each image must be at most 5 MB',
    BN: 'প্রতিটি ছবি সর্বোচ্চ ৫ MB হতে পারে',
  },
  'kyc.imageUnreadable': {
    status: 400,
    EN: 'This image could not be read; please take the photo again',
    BN: 'ছবিটি পড়া যায়নি; অনুগ্রহ করে আবার ছবি তুলুন',
  },
  'headIcon.imageType': {
    status: 400,
    EN: 'Choose a photo (PNG, JPEG or WebP); this file is not one',
    BN: 'একটি ছবি বেছে নিন (PNG, JPEG বা WebP); এই ফাইলটি ছবি নয়',
  },
  'headIcon.imageTooLarge': {
    status: 400,
    EN: 'The photo must be at most 2 MB',
    BN: 'ছবিটি সর্বোচ্চ ২ MB হতে পারে',
  },
  'headIcon.imageUnreadable': {
    status: 400,
    EN: 'This photo could not be read; please choose another',
    BN: 'ছবিটি পড়া যায়নি; অনুগ্রহ করে অন্য একটি বেছে নিন',
  },
  'kyc.alreadySubmitted': {
    status: 409,
    EN: 'Your documents are already being checked or your identity is verified',
    BN: 'আপনার কাগজপত্র যাচাই করা হচ্ছে অথবা আপনার পরিচয় ইতিমধ্যে যাচাই হয়েছে',
  },
  'kyc.notWaiting': {
    status: 409,
    EN: 'This identity check has already been decided',
    BN: 'এই পরিচয় যাচাইয়ের সিদ্ধান্ত আগেই নেওয়া হয়েছে',
  },
  'rg.noBreak': {
    status: 404,
    EN: 'This member is not on a break',
    BN: 'এই সদস্য বিরতিতে নেই',
  },
  'rg.breakShorter': {
    status: 409,
    EN: 'A break can only be made longer, never shorter',
    BN: 'বিরতি শুধু বাড়ানো যায়, কখনও কমানো যায় না',
  },
  'member.refused': {
    status: 403,
    EN: 'We cannot complete this request. Please contact customer service.',
    BN: 'আমরা এই অনুরোধটি সম্পন্ন করতে পারছি না। অনুগ্রহ করে গ্রাহকসেবায় যোগাযোগ করুন।',
  },
  'records.badCursor': {
    status: 400,
    EN: 'This page of records is no longer available; please start from the first page',
    BN: 'রেকর্ডের এই পাতাটি আর পাওয়া যাচ্ছে না; অনুগ্রহ করে প্রথম পাতা থেকে শুরু করুন',
  },
  'records.badRange': {
    status: 400,
    EN: 'The start date must be on or before the end date',
    BN: 'শুরুর তারিখ শেষের তারিখের আগে বা একই দিনে হতে হবে',
  },
  'records.rangeTooLong': {
    status: 400,
    EN: 'Please choose a period of at most 12 months',
    BN: 'অনুগ্রহ করে সর্বোচ্চ ১২ মাসের একটি সময়কাল বেছে নিন',
  },
  'payment.signatureInvalid': {
    status: 401,
    EN: 'The payment notice signature is wrong',
    BN: 'পেমেন্ট নোটিশের স্বাক্ষর ভুল',
  },
  'payment.unknownPayment': {
    status: 404,
    EN: 'No deposit has this payment reference',
    BN: 'এই পেমেন্ট রেফারেন্সের কোনো জমা নেই',
  },
  'payment.amountMismatch': {
    status: 409,
    EN: 'The payment notice does not match the deposit amount',
    BN: 'পেমেন্ট নোটিশের পরিমাণ জমার পরিমাণের সাথে মেলেনি',
  },
  'payment.referenceMismatch': {
    status: 409,
    EN: 'The payment does not belong to this deposit',
    BN: 'এই পেমেন্টটি এই জমার নয়',
  },
  'payment.gatewayUnavailable': {
    status: 503,
    EN: 'The payment service is not answering. Please try again in a few minutes',
    BN: 'পেমেন্ট সেবা এখন সাড়া দিচ্ছে না। কয়েক মিনিট পরে আবার চেষ্টা করুন',
  },
  'wallet.channelInvalid': {
    status: 400,
    EN: 'These channel settings do not fit together (minimum above maximum, or a preset outside the range)',
    BN: 'এই চ্যানেলের সেটিংগুলো মেলে না (সর্বনিম্ন সর্বোচ্চের বেশি, বা কোনো নির্ধারিত পরিমাণ সীমার বাইরে)',
  },
  'rewards.nothingToClaim': {
    status: 409,
    EN: 'There is no rebate to claim for this day: it is still running, earned nothing, or was already claimed',
    BN: 'এই দিনের জন্য দাবি করার মতো কোনো রিবেট নেই: দিনটি এখনো চলছে, কিছু অর্জিত হয়নি, অথবা আগেই দাবি করা হয়েছে',
  },
  'upline.none': {
    status: 409,
    EN: 'Your account has no upline agent to transfer to',
    BN: 'আপনার অ্যাকাউন্টের স্থানান্তর করার মতো কোনো আপলাইন এজেন্ট নেই',
  },
  'upline.typeForbidden': {
    status: 403,
    EN: 'This account type cannot transfer to its upline',
    BN: 'এই ধরনের অ্যাকাউন্ট আপলাইনে স্থানান্তর করতে পারে না',
  },
  'agent.only': {
    status: 403,
    EN: 'Only agent accounts can open this page',
    BN: 'শুধু এজেন্ট অ্যাকাউন্ট এই পাতাটি খুলতে পারে',
  },
  'agent.contractPeriodOpen': {
    status: 409,
    EN: 'This period has not ended yet; ask for its payment once it has',
    BN: 'এই সময়কাল এখনও শেষ হয়নি; শেষ হলে এর পেমেন্টের অনুরোধ করুন',
  },
  'agent.contractNothingDue': {
    status: 409,
    EN: 'Your team did not reach a tier of this contract in this period',
    BN: 'এই সময়কালে আপনার দল এই চুক্তির কোনো ধাপে পৌঁছায়নি',
  },
  'agent.contractRequestNotFound': {
    status: 404,
    EN: 'No such contract payment request',
    BN: 'এমন কোনো চুক্তি পেমেন্টের অনুরোধ নেই',
  },
  'agent.contractDecided': {
    status: 409,
    EN: 'This request has already been decided',
    BN: 'এই অনুরোধের সিদ্ধান্ত আগেই নেওয়া হয়েছে',
  },
  'ops.unauthorized': {
    status: 401,
    EN: 'Please sign in to the back office (or send the operator token)',
    BN: 'অনুগ্রহ করে ব্যাক অফিসে সাইন ইন করুন (অথবা অপারেটর টোকেন পাঠান)',
  },
  'member.reasonRequired': {
    status: 400,
    EN: 'Give a reason for this change',
    BN: 'এই পরিবর্তনের একটি কারণ লিখুন',
  },
  'member.noContact': {
    status: 409,
    EN: 'The member has no mobile number or e-mail to send this to',
    BN: 'সদস্যের এটি পাঠানোর মতো কোনো মোবাইল নম্বর বা ই-মেইল নেই',
  },
  'adjustment.notFound': {
    status: 404,
    EN: 'No such adjustment',
    BN: 'এমন কোনো সমন্বয় নেই',
  },
  'adjustment.decided': {
    status: 409,
    EN: 'This adjustment has already been decided',
    BN: 'এই সমন্বয়ের সিদ্ধান্ত আগেই নেওয়া হয়েছে',
  },
  'adjustment.fourEyes': {
    status: 403,
    EN: 'Another named operator must approve this adjustment',
    BN: 'এই সমন্বয় অন্য একজন নামধারী অপারেটরকে অনুমোদন করতে হবে',
  },
  'ops.forbidden': {
    status: 403,
    EN: 'Your role does not allow this',
    BN: 'আপনার ভূমিকায় এটি করার অনুমতি নেই',
  },
  'ops.sessionExpired': {
    status: 401,
    EN: 'Your back office session has ended; please sign in again',
    BN: 'আপনার ব্যাক অফিস সেশন শেষ হয়েছে; আবার সাইন ইন করুন',
  },
  'ops.loginFailed': {
    status: 401,
    EN: 'Wrong username, password or code',
    BN: 'ব্যবহারকারীর নাম, পাসওয়ার্ড বা কোড ভুল',
  },
  'ops.lockedOut': {
    status: 429,
    EN: 'Too many failed sign-ins; try again later',
    BN: 'অনেকবার ভুল সাইন-ইন হয়েছে; পরে আবার চেষ্টা করুন',
  },
  'ops.locked': {
    status: 403,
    EN: 'This operator account is locked; ask an owner or admin',
    BN: 'এই অপারেটর অ্যাকাউন্টটি লক করা; একজন মালিক বা অ্যাডমিনকে বলুন',
  },
  'ops.csrf': {
    status: 403,
    EN: 'The request is missing its security token; reload the page',
    BN: 'অনুরোধে নিরাপত্তা টোকেন নেই; পাতাটি আবার লোড করুন',
  },
  'ops.passwordChangeRequired': {
    status: 403,
    EN: 'Change your one-time password first',
    BN: 'আগে আপনার এককালীন পাসওয়ার্ড বদলান',
  },
  'ops.passwordWrong': {
    status: 403,
    EN: 'The current password is wrong',
    BN: 'বর্তমান পাসওয়ার্ড ভুল',
  },
  'ops.passwordSame': {
    status: 400,
    EN: 'The new password must be different from the old one',
    BN: 'নতুন পাসওয়ার্ড পুরনোটির থেকে আলাদা হতে হবে',
  },
  'operator.unknown': { status: 404, EN: 'Unknown operator', BN: 'অজানা অপারেটর' },
  'operator.exists': {
    status: 409,
    EN: 'An operator with this username already exists',
    BN: 'এই ব্যবহারকারীর নামে একজন অপারেটর আগে থেকেই আছে',
  },
  'operator.ownerOnly': {
    status: 403,
    EN: 'Only an owner may create or change an owner',
    BN: 'শুধু একজন মালিক অন্য মালিক তৈরি বা পরিবর্তন করতে পারেন',
  },
  'operator.lastOwner': {
    status: 409,
    EN: 'This would leave no active owner',
    BN: 'এতে কোনো সক্রিয় মালিক থাকবে না',
  },
  'operator.self': {
    status: 409,
    EN: 'You cannot lock yourself',
    BN: 'আপনি নিজেকে লক করতে পারবেন না',
  },
  'reports.rangeReversed': {
    status: 400,
    EN: 'The start date must not be after the end date',
    BN: 'শুরুর তারিখ শেষের তারিখের পরে হতে পারবে না',
  },
  'reports.rangeTooLong': {
    status: 400,
    EN: 'A report covers at most 366 days: choose a shorter range',
    BN: 'একটি রিপোর্ট সর্বোচ্চ ৩৬৬ দিনের হতে পারে: ছোট সময়সীমা বেছে নিন',
  },
  'setting.unknown': { status: 404, EN: 'Unknown setting', BN: 'অজানা সেটিং' },
  'flag.unknown': { status: 404, EN: 'Unknown flag', BN: 'অজানা ফ্ল্যাগ' },
  'outbox.notFound': { status: 404, EN: 'No such message', BN: 'এমন কোনো বার্তা নেই' },
  'outbox.notFailed': {
    status: 409,
    EN: 'Only a failed message can be sent again',
    BN: 'শুধু ব্যর্থ বার্তাই আবার পাঠানো যায়',
  },
  'outbox.expired': {
    status: 409,
    EN: 'This message has run out (a code past its time): it is not sent late',
    BN: 'এই বার্তার মেয়াদ শেষ (সময় পেরোনো কোড): দেরিতে পাঠানো হয় না',
  },

  // Content
  'promotion.notApplicable': {
    status: 403,
    EN: 'This promotion does not take applications now',
    BN: 'এই প্রচারণায় এখন আবেদন নেওয়া হচ্ছে না',
  },
  'promotion.alreadyApplied': {
    status: 409,
    EN: 'You have already applied for this promotion',
    BN: 'আপনি এই প্রচারণার জন্য আগেই আবেদন করেছেন',
  },
  'content.unknownCategory': {
    status: 400,
    EN: 'Unknown promotion category',
    BN: 'অজানা প্রচারণা বিভাগ',
  },
} as const satisfies Record<string, Localized & { status: number }>;

export type ErrorCode = keyof typeof ERRORS;

/** Messages the client shows on its own (spec §8), never sent as an errorCode. */
export const CLIENT_MESSAGES = {
  popupBlocked: {
    EN: 'Popup blocked. Please allow popups and try again.',
    BN: 'পপআপ বন্ধ করা আছে। পপআপের অনুমতি দিয়ে আবার চেষ্টা করুন।',
  },
  loadFailed: {
    EN: 'Loading failed, click to retry',
    BN: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
  },
  useSafari: {
    EN: 'Please open this page in Safari to install the app',
    BN: 'অ্যাপটি ইনস্টল করতে পেজটি Safari-তে খুলুন',
  },
  pleaseWait: { EN: 'please wait', BN: 'অনুগ্রহ করে অপেক্ষা করুন' },
  smsSending: { EN: 'SMS sending', BN: 'এসএমএস পাঠানো হচ্ছে' },
  smsSent: { EN: 'SMS sent', BN: 'এসএমএস পাঠানো হয়েছে' },
  loading: { EN: 'loading', BN: 'লোড হচ্ছে' },
} as const satisfies Record<string, Localized>;

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** Per-field problems of a 400 answer: `data.fields[name]` holds the messages for that field. */
export type FieldErrors = Record<string, string[]>;
