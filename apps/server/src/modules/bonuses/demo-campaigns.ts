/**
 * The demo's bonus campaigns: what the seeded promotions promise, as campaigns the engine pays
 * (docs/bonuses.md). Each is made once, found again by its English name, so a second run adds
 * nothing; the content seeder then names them from its promotions (demo-seeders.ts).
 */
import { inArray } from 'drizzle-orm';
import { DEFAULT_WAGERING_WEIGHTS } from '@khela/contract/bonus';
import type { DbOrTx } from '../../db/client';
import { bonusCampaigns } from '../../db/schema/bonuses';

type NewCampaign = typeof bonusCampaigns.$inferInsert;

/** The demo's campaigns by what the promotions call them. */
export type DemoCampaignKey =
  'firstDeposit' | 'registration' | 'welcomeCode' | 'cricket' | 'reload';
/** Missing: an operator's campaign held its promo code first. */
export type DemoCampaignIds = Partial<Record<DemoCampaignKey, bigint>>;

/** The demo's no-deposit promo code. */
export const DEMO_PROMO_CODE = 'WELCOME100';

const paragraphs = (...lines: string[]) => lines.join('\n\n');

const withdrawEN =
  'Your own money is always yours: you can withdraw your cash at any time. Withdrawing while the bonus is active forfeits what is left of the bonus balance.';
const withdrawBN =
  'আপনার নিজের টাকা সবসময় আপনার: যেকোনো সময় নগদ টাকা তুলতে পারবেন। বোনাস সক্রিয় থাকাকালীন টাকা তুললে বোনাস ব্যালেন্সের বাকি অংশ বাতিল হবে।';
const oneAtATimeEN =
  'Bets use your cash first, then the bonus balance. One bonus is active at a time; others wait their turn.';
const oneAtATimeBN =
  'বাজিতে প্রথমে আপনার নগদ টাকা, তারপর বোনাস ব্যালেন্স ব্যবহার হয়। একসাথে একটি বোনাস সক্রিয় থাকে; বাকিগুলো অপেক্ষায় থাকে।';
const weightsEN =
  'Slots, fishing and our own games count in full; live casino, table games and sports count 10%; lottery does not count.';
const weightsBN =
  'স্লট, ফিশিং ও আমাদের নিজস্ব গেম পুরোটা গণনা হয়; লাইভ ক্যাসিনো, টেবিল গেম ও স্পোর্টস ১০% গণনা হয়; লটারি গণনা হয় না।';

const DEMO: Record<DemoCampaignKey, Omit<NewCampaign, 'createdBy'>> = {
  firstDeposit: {
    kind: 'first_deposit',
    nameEn: '70% first deposit bonus',
    nameBn: '৭০% প্রথম জমা বোনাস',
    termsEn: paragraphs(
      'Get 70% of your first deposit as a bonus, up to ৳7,000. The deposit must be at least ৳200. Choose the bonus on the deposit screen before you pay.',
      'Before the bonus becomes cash, play 10 times the bonus plus the deposit. Example: deposit ৳1,000, get ৳700; play ৳17,000.',
      weightsEN,
      'While the bonus is active, a single bet may be at most ৳500. You have 7 days from when the bonus starts; after that what is left of it is removed.',
      oneAtATimeEN,
      withdrawEN,
      'One first deposit bonus per person: the same mobile number, device, payment account, or name and birthday count as one person.',
    ),
    termsBn: paragraphs(
      'প্রথম জমার ৭০% বোনাস পান, সর্বোচ্চ ৳৭,০০০। জমা কমপক্ষে ৳২০০ হতে হবে। টাকা পাঠানোর আগে জমার পাতায় বোনাসটি বেছে নিন।',
      'বোনাস নগদ হওয়ার আগে বোনাস ও জমার মোট পরিমাণের ১০ গুণ খেলুন। উদাহরণ: ৳১,০০০ জমা দিলে ৳৭০০ বোনাস; খেলতে হবে ৳১৭,০০০।',
      weightsBN,
      'বোনাস সক্রিয় থাকাকালীন একটি বাজি সর্বোচ্চ ৳৫০০ হতে পারে। বোনাস শুরু হওয়ার পর ৭ দিন সময় পাবেন; তারপর বাকি বোনাস সরিয়ে নেওয়া হবে।',
      oneAtATimeBN,
      withdrawBN,
      'প্রতি ব্যক্তি একটি প্রথম জমা বোনাস: একই মোবাইল নম্বর, ডিভাইস, পেমেন্ট অ্যাকাউন্ট, অথবা একই নাম ও জন্মদিন একজন ব্যক্তি হিসেবে গণ্য।',
    ),
    percentBp: 7000,
    capMinor: 700_000n,
    minDepositMinor: 20_000n,
    wageringMultiplier: 10,
    wageringBase: 'bonus_deposit',
    weights: DEFAULT_WAGERING_WEIGHTS,
    maxStakeMinor: 50_000n,
    validHours: 7 * 24,
    priority: 20,
  },
  registration: {
    kind: 'registration',
    nameEn: 'Sign-up bonus ৳77',
    nameBn: 'নিবন্ধন বোনাস ৳৭৭',
    termsEn: paragraphs(
      'New players get a ৳77 bonus as soon as they register. No deposit needed.',
      'Before the bonus becomes cash, play 10 times the bonus (৳770). At most ৳770 becomes cash.',
      weightsEN,
      'While the bonus is active, a single bet may be at most ৳100. You have 7 days from when the bonus starts.',
      oneAtATimeEN,
      withdrawEN,
    ),
    termsBn: paragraphs(
      'নতুন খেলোয়াড়েরা নিবন্ধনের সাথে সাথেই ৳৭৭ বোনাস পান। কোনো জমা লাগবে না।',
      'বোনাস নগদ হওয়ার আগে বোনাসের ১০ গুণ (৳৭৭০) খেলুন। সর্বোচ্চ ৳৭৭০ নগদ হবে।',
      weightsBN,
      'বোনাস সক্রিয় থাকাকালীন একটি বাজি সর্বোচ্চ ৳১০০ হতে পারে। বোনাস শুরু হওয়ার পর ৭ দিন সময় পাবেন।',
      oneAtATimeBN,
      withdrawBN,
    ),
    amountMinor: 7_700n,
    wageringMultiplier: 10,
    weights: DEFAULT_WAGERING_WEIGHTS,
    maxStakeMinor: 10_000n,
    maxConversionMinor: 77_000n,
    validHours: 7 * 24,
    priority: 10,
  },
  welcomeCode: {
    kind: 'promo_code',
    nameEn: `Code ${DEMO_PROMO_CODE}: ৳100 free`,
    nameBn: `কোড ${DEMO_PROMO_CODE}: ৳১০০ ফ্রি`,
    termsEn: paragraphs(
      `Enter code ${DEMO_PROMO_CODE} on the bonus page and get ৳100. No deposit needed. One use per player.`,
      'Before the bonus becomes cash, play 10 times the bonus (৳1,000). At most ৳1,000 becomes cash.',
      weightsEN,
      'While the bonus is active, a single bet may be at most ৳50. You have 3 days from when the bonus starts.',
      oneAtATimeEN,
      withdrawEN,
    ),
    termsBn: paragraphs(
      `বোনাস পাতায় ${DEMO_PROMO_CODE} কোডটি লিখুন এবং ৳১০০ পান। কোনো জমা লাগবে না। প্রতি খেলোয়াড় একবার ব্যবহার করতে পারবেন।`,
      'বোনাস নগদ হওয়ার আগে বোনাসের ১০ গুণ (৳১,০০০) খেলুন। সর্বোচ্চ ৳১,০০০ নগদ হবে।',
      weightsBN,
      'বোনাস সক্রিয় থাকাকালীন একটি বাজি সর্বোচ্চ ৳৫০ হতে পারে। বোনাস শুরু হওয়ার পর ৩ দিন সময় পাবেন।',
      oneAtATimeBN,
      withdrawBN,
    ),
    amountMinor: 10_000n,
    wageringMultiplier: 10,
    weights: DEFAULT_WAGERING_WEIGHTS,
    maxStakeMinor: 5_000n,
    maxConversionMinor: 100_000n,
    validHours: 3 * 24,
    promoCode: DEMO_PROMO_CODE,
    totalCap: 10_000,
    priority: 5,
  },
  cricket: {
    kind: 'application',
    nameEn: 'Cricket accumulator insurance: ৳500 bonus',
    nameBn: 'ক্রিকেট অ্যাকুমুলেটর বীমা: ৳৫০০ বোনাস',
    termsEn: paragraphs(
      'Lost a cricket accumulator of 5 or more legs by one leg? Apply on the promotion page with your bet number. When we approve your application you get a ৳500 bonus.',
      'Before the bonus becomes cash, play 3 times the bonus (৳1,500). Sports count in full; slots and other games count too, lottery does not.',
      'You have 7 days from when the bonus starts.',
      oneAtATimeEN,
      withdrawEN,
    ),
    termsBn: paragraphs(
      '৫ বা তার বেশি ম্যাচের ক্রিকেট অ্যাকুমুলেটর একটি ম্যাচের জন্য হেরেছেন? প্রচারণার পাতায় বাজির নম্বরসহ আবেদন করুন। আবেদন অনুমোদিত হলে ৳৫০০ বোনাস পাবেন।',
      'বোনাস নগদ হওয়ার আগে বোনাসের ৩ গুণ (৳১,৫০০) খেলুন। স্পোর্টস পুরোটা গণনা হয়; স্লট ও অন্যান্য গেমও গণনা হয়, লটারি হয় না।',
      'বোনাস শুরু হওয়ার পর ৭ দিন সময় পাবেন।',
      oneAtATimeBN,
      withdrawBN,
    ),
    amountMinor: 50_000n,
    wageringMultiplier: 3,
    weights: { ...DEFAULT_WAGERING_WEIGHTS, SPORTS: 100, ESPORTS: 100 },
    validHours: 7 * 24,
    priority: 0,
  },
  reload: {
    kind: 'reload',
    nameEn: 'Live casino reload 20%',
    nameBn: 'লাইভ ক্যাসিনো রিলোড ২০%',
    termsEn: paragraphs(
      'Get 20% of a later deposit as a bonus, up to ৳3,000, on every deposit of ৳500 or more after your first. Choose the bonus on the deposit screen before you pay.',
      'Before the bonus becomes cash, play 8 times the bonus. Live casino and slots count in full; table games and sports count 10%; lottery does not count.',
      'While the bonus is active, a single bet may be at most ৳1,000. You have 7 days from when the bonus starts.',
      oneAtATimeEN,
      withdrawEN,
    ),
    termsBn: paragraphs(
      'প্রথম জমার পরে ৳৫০০ বা তার বেশি প্রতিটি জমায় ২০% বোনাস পান, সর্বোচ্চ ৳৩,০০০। টাকা পাঠানোর আগে জমার পাতায় বোনাসটি বেছে নিন।',
      'বোনাস নগদ হওয়ার আগে বোনাসের ৮ গুণ খেলুন। লাইভ ক্যাসিনো ও স্লট পুরোটা গণনা হয়; টেবিল গেম ও স্পোর্টস ১০% গণনা হয়; লটারি গণনা হয় না।',
      'বোনাস সক্রিয় থাকাকালীন একটি বাজি সর্বোচ্চ ৳১,০০০ হতে পারে। বোনাস শুরু হওয়ার পর ৭ দিন সময় পাবেন।',
      oneAtATimeBN,
      withdrawBN,
    ),
    percentBp: 2000,
    capMinor: 300_000n,
    minDepositMinor: 50_000n,
    wageringMultiplier: 8,
    weights: { ...DEFAULT_WAGERING_WEIGHTS, LIVE: 100 },
    maxStakeMinor: 100_000n,
    validHours: 7 * 24,
    priority: 15,
  },
};

/** Makes the demo campaigns that are missing; answers all of their ids. */
export async function seedDemoCampaigns(db: DbOrTx): Promise<DemoCampaignIds> {
  const keys = Object.keys(DEMO) as DemoCampaignKey[];
  const names = keys.map((key) => DEMO[key].nameEn);
  const find = async () => {
    const rows = await db
      .select({ id: bonusCampaigns.id, nameEn: bonusCampaigns.nameEn })
      .from(bonusCampaigns)
      .where(inArray(bonusCampaigns.nameEn, names));
    return new Map(rows.map((row) => [row.nameEn, row.id]));
  };
  const existing = await find();
  const missing = keys.filter((key) => !existing.has(DEMO[key].nameEn));
  if (missing.length > 0) {
    await db
      .insert(bonusCampaigns)
      .values(
        missing.map((key) => ({
          ...DEMO[key],
          createdBy: 'demo',
          // Seeded paused: a running sign-up bonus would give every new account (the tests' and
          // the journeys' too) a bonus to wager before it may withdraw. The operator resumes it.
          ...(key === 'registration' ? { pausedAt: new Date() } : {}),
        })),
      )
      // The promo code is unique: an operator's campaign holding it keeps it.
      .onConflictDoNothing();
  }
  const ids = missing.length > 0 ? await find() : existing;
  return Object.fromEntries(
    keys.flatMap((key) => {
      const id = ids.get(DEMO[key].nameEn);
      return id === undefined ? [] : [[key, id]];
    }),
  );
}
