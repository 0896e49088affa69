/**
 * The catalogue's messages (packages/contract errors.ts) that the entry, the home page's strings
 * and its calls show, copied here: importing the catalogue would put all of it, some 4 KiB gzip of
 * messages, on the home page's critical path. A test keeps each equal to the catalogue's.
 */
export const FIRST_MESSAGES = {
  // CLIENT_MESSAGES
  loading: { EN: 'loading', BN: 'লোড হচ্ছে' },
  pleaseWait: { EN: 'please wait', BN: 'অনুগ্রহ করে অপেক্ষা করুন' },
  loadFailed: {
    EN: 'Loading failed, click to retry',
    BN: 'লোড করা যায়নি, আবার চেষ্টা করতে ক্লিক করুন',
  },
  useSafari: {
    EN: 'Please open this page in Safari to install the app',
    BN: 'অ্যাপটি ইনস্টল করতে পেজটি Safari-তে খুলুন',
  },
  // ERRORS
  'system.unknown': { EN: 'Unknown error', BN: 'অজানা ত্রুটি' },
  'system.upgrading': {
    EN: 'System upgrading, please try again later',
    BN: 'সিস্টেম আপগ্রেড হচ্ছে, অনুগ্রহ করে পরে আবার চেষ্টা করুন',
  },
  'system.maintenance': {
    EN: 'The site is under maintenance, please come back later',
    BN: 'সাইটটি রক্ষণাবেক্ষণের কাজ চলছে, অনুগ্রহ করে পরে আবার আসুন',
  },
  'system.ipBlocked': {
    EN: 'Sorry, the service is not available in your region',
    BN: 'দুঃখিত, আপনার অঞ্চলে এই সেবা পাওয়া যায় না',
  },
  'member.trialForbidden': {
    EN: 'Please login an actual account to use this function',
    BN: 'এই সুবিধাটি ব্যবহার করতে আসল অ্যাকাউন্টে লগইন করুন',
  },
} as const;
