/** Demo content for a new site: what an operator would otherwise enter before opening. */
import type { CustomerServiceEntry, DomainEntry, DownloadLink } from '@khela/contract/settings';

export const DEMO_COUNTRIES = [
  { countryCode: 'BD', dialingCode: '+880', nameEn: 'Bangladesh', nameBn: 'বাংলাদেশ' },
  { countryCode: 'IN', dialingCode: '+91', nameEn: 'India', nameBn: 'ভারত' },
  { countryCode: 'NP', dialingCode: '+977', nameEn: 'Nepal', nameBn: 'নেপাল' },
  { countryCode: 'PK', dialingCode: '+92', nameEn: 'Pakistan', nameBn: 'পাকিস্তান' },
  { countryCode: 'LK', dialingCode: '+94', nameEn: 'Sri Lanka', nameBn: 'শ্রীলঙ্কা' },
  { countryCode: 'MY', dialingCode: '+60', nameEn: 'Malaysia', nameBn: 'মালয়েশিয়া' },
  { countryCode: 'SG', dialingCode: '+65', nameEn: 'Singapore', nameBn: 'সিঙ্গাপুর' },
  { countryCode: 'SA', dialingCode: '+966', nameEn: 'Saudi Arabia', nameBn: 'সৌদি আরব' },
  {
    countryCode: 'AE',
    dialingCode: '+971',
    nameEn: 'United Arab Emirates',
    nameBn: 'সংযুক্ত আরব আমিরাত',
  },
  { countryCode: 'QA', dialingCode: '+974', nameEn: 'Qatar', nameBn: 'কাতার' },
  { countryCode: 'GB', dialingCode: '+44', nameEn: 'United Kingdom', nameBn: 'যুক্তরাজ্য' },
  { countryCode: 'US', dialingCode: '+1', nameEn: 'United States', nameBn: 'যুক্তরাষ্ট্র' },
];

const HELP = [
  {
    EN: [
      'How do I register?',
      'Tap Register, choose a username or your mobile number, fill in the form and accept the terms. You must be 18 or older.',
    ],
    BN: [
      'কীভাবে নিবন্ধন করব?',
      'নিবন্ধন বোতামে চাপুন, ব্যবহারকারীর নাম অথবা মোবাইল নম্বর বেছে নিন, ফর্মটি পূরণ করুন এবং শর্তাবলিতে সম্মতি দিন। আপনার বয়স অবশ্যই ১৮ বা তার বেশি হতে হবে।',
    ],
  },
  {
    EN: [
      'How do I deposit?',
      'Open Deposit, pick a payment channel such as bKash or Nagad, enter the amount and follow the payment page. Your balance updates as soon as the payment is confirmed.',
    ],
    BN: [
      'কীভাবে জমা করব?',
      'জমা পাতায় যান, বিকাশ বা নগদের মতো একটি পেমেন্ট মাধ্যম বেছে নিন, টাকার পরিমাণ লিখুন এবং পেমেন্ট পাতার নির্দেশনা অনুসরণ করুন। পেমেন্ট নিশ্চিত হলেই আপনার ব্যালেন্স হালনাগাদ হবে।',
    ],
  },
  {
    EN: [
      'How long does a withdrawal take?',
      'Most withdrawals are processed within 30 minutes. You can follow the status in Withdraw records and cancel a request while it is pending.',
    ],
    BN: [
      'উত্তোলনে কত সময় লাগে?',
      'বেশিরভাগ উত্তোলন ৩০ মিনিটের মধ্যে সম্পন্ন হয়। উত্তোলনের রেকর্ডে অবস্থা দেখতে পারবেন এবং অপেক্ষমাণ থাকা অবস্থায় অনুরোধ বাতিল করতে পারবেন।',
    ],
  },
  {
    EN: [
      'I forgot my password',
      'Tap Forgot password on the login page and reset it with an SMS code sent to your mobile number, or by e-mail.',
    ],
    BN: [
      'আমি পাসওয়ার্ড ভুলে গেছি',
      'লগইন পাতায় "পাসওয়ার্ড ভুলে গেছেন" চাপুন এবং মোবাইলে পাঠানো এসএমএস কোড অথবা ই-মেইলের মাধ্যমে নতুন পাসওয়ার্ড দিন।',
    ],
  },
  {
    EN: [
      'Playing responsibly',
      'Set deposit limits, take a time-out or exclude yourself at any time from the member centre. Gambling should stay fun; if it stops being fun, take a break.',
    ],
    BN: [
      'দায়িত্বশীলভাবে খেলুন',
      'সদস্য কেন্দ্র থেকে যেকোনো সময় জমার সীমা ঠিক করুন, বিরতি নিন বা নিজেকে খেলা থেকে বিরত রাখুন। খেলা আনন্দের জন্য; আনন্দ না থাকলে বিরতি নিন।',
    ],
  },
] as const;

export const DEMO_HELP_ITEMS = HELP.flatMap((item, index) =>
  (['EN', 'BN'] as const).map((language) => ({
    language,
    sort: index,
    title: item[language][0],
    content: item[language][1],
  })),
);

export const DEMO_CUSTOMER_SERVICE: CustomerServiceEntry[] = [
  { title: 'Live chat', path: '/m/chat', csType: 'LIVECHAT', resourceType: 'LIVECHAT' },
  {
    title: 'Telegram',
    path: 'https://t.me/khela_demo_support',
    csType: 'TELEGRAM',
    resourceType: 'SOCIAL',
  },
  {
    title: 'Facebook',
    path: 'https://facebook.com/khela.demo',
    csType: 'FACEBOOK',
    resourceType: 'SOCIAL',
  },
  {
    title: 'WhatsApp',
    path: 'https://wa.me/8801700000000',
    csType: 'WHATSAPP',
    resourceType: 'SOCIAL',
  },
];

/**
 * No app links: the Android entry shows only once the operator sets a package's address (an
 * `Android` link in the `downloads` setting), and iPhones get the add-to-home-screen guide.
 */
export const DEMO_DOWNLOADS: DownloadLink[] = [
  { resourceType: 'TELEGRAM', url: 'https://t.me/khela_demo', labelNameEn: 'Telegram channel' },
  {
    resourceType: 'FACEBOOK',
    url: 'https://facebook.com/khela.demo',
    labelNameEn: 'Facebook page',
  },
];

export const DEMO_DOMAINS: DomainEntry[] = [
  { domainName: 'play.khela.example', rootDomainName: 'khela.example' },
  { domainName: 'm.khela.example', rootDomainName: 'khela.example' },
];

/**
 * Payment channels a Bangladeshi site opens with (amounts in paisa). Mobile wallets take an
 * 11-digit number 01XXXXXXXXX (Rocket adds a check digit: 12); bank accounts have 10 to 17 digits.
 */
const taka = (amount: number) => amount * 100;
const WALLET_PRESETS = [500, 1000, 2000, 5000, 10000].map(taka);
const MOBILE_WALLET = {
  currency: 'BDT',
  depositMinMinor: BigInt(taka(200)),
  depositMaxMinor: BigInt(taka(25_000)),
  presetsMinor: WALLET_PRESETS,
  withdrawMinMinor: BigInt(taka(500)),
  withdrawMaxMinor: BigInt(taka(25_000)),
  accountPattern: '^01[3-9][0-9]{8}$',
};
export const DEMO_PAYMENT_CHANNELS = [
  { code: 'BKASH', nameEn: 'bKash', nameBn: 'বিকাশ', ...MOBILE_WALLET, sortOrder: 1 },
  { code: 'NAGAD', nameEn: 'Nagad', nameBn: 'নগদ', ...MOBILE_WALLET, sortOrder: 2 },
  {
    code: 'ROCKET',
    nameEn: 'Rocket',
    nameBn: 'রকেট',
    ...MOBILE_WALLET,
    accountPattern: '^01[3-9][0-9]{8}[0-9]?$',
    sortOrder: 3,
  },
  {
    code: 'BANK',
    nameEn: 'Bank transfer',
    nameBn: 'ব্যাংক ট্রান্সফার',
    currency: 'BDT',
    depositMinMinor: BigInt(taka(1_000)),
    depositMaxMinor: BigInt(taka(100_000)),
    presetsMinor: [1000, 5000, 10000, 25000, 50000].map(taka),
    withdrawMinMinor: BigInt(taka(1_000)),
    withdrawMaxMinor: BigInt(taka(100_000)),
    accountPattern: '^[0-9]{10,17}$',
    sortOrder: 4,
  },
];
