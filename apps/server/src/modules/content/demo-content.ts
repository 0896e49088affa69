/**
 * Demo content made at first start, in English and Bengali: promotion categories and promotions
 * (one without an end, two taking applications), home, game and registration banners, notices and
 * one popup for each execution. Written through the same sanitising insert as the operator API.
 * Each group is made only when its table is empty, so a restart or a second process adds nothing.
 * The promotions that promise a bonus name the demo's bonus campaigns (demo-seeders.ts hands
 * their ids over), so the promotions page says how to get each one and the engine pays it.
 */
import { CATEGORY_BANNER_TYPES, bannerGroupName } from '@khela/contract/home';
import { LANGUAGES } from '@khela/contract/language';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners, notices, popups, promotionCategories, promotions } from '../../db/schema/content';
import { insertContent } from './content-ops.service';

/** The demo's bonus campaigns (modules/bonuses/demo-campaigns.ts), by what the promotions promise. */
export interface DemoPromotionBonuses {
  firstDeposit?: bigint;
  registration?: bigint;
  welcomeCode?: bigint;
  cricket?: bigint;
  reload?: bigint;
}

/** The promotions (English titles, earlier demo titles too) that name each campaign. */
const PROMOTION_TITLES: Record<keyof DemoPromotionBonuses, string[]> = {
  firstDeposit: ['70% first deposit bonus'],
  registration: ['Sign-up bonus ৳77', 'Sign-up bonus up to ৳7,777'],
  welcomeCode: ['Code WELCOME100: ৳100 free'],
  cricket: ['Cricket accumulator insurance'],
  reload: ['Live casino reload 20%'],
};

/** Names the campaigns from the promotions that promise them, where no campaign is named yet. */
async function linkBonuses(db: DbOrTx, campaigns: DemoPromotionBonuses) {
  for (const [key, titles] of Object.entries(PROMOTION_TITLES)) {
    const campaignId = campaigns[key as keyof DemoPromotionBonuses];
    if (campaignId === undefined) continue;
    await db
      .update(promotions)
      .set({ bonusCampaignId: campaignId })
      .where(and(inArray(promotions.titleEn, titles), isNull(promotions.bonusCampaignId)));
  }
}

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const isEmpty = async (db: DbOrTx, table: typeof banners | typeof notices | typeof popups) => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return (row?.count ?? 0) === 0;
};

const base = { sort: 0, hidden: false, endAt: null } as const;

export async function seedDemoContent(db: DbOrTx, campaigns: DemoPromotionBonuses = {}) {
  const [categoryCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionCategories);
  let promotionIds: number[] = [];
  if ((categoryCount?.count ?? 0) === 0) promotionIds = await seedPromotions(db);
  await linkBonuses(db, campaigns);
  if (await isEmpty(db, banners)) await seedBanners(db, promotionIds);
  await seedCategoryBanners(db);
  if (await isEmpty(db, notices)) await seedNotices(db);
  if (await isEmpty(db, popups)) await seedPopups(db);
}

async function seedPromotions(db: DbOrTx): Promise<number[]> {
  const [deposit, casino, sports] = [
    await insertContent(db, 'categories', {
      nameEn: 'Deposit bonus',
      nameBn: 'জমা বোনাস',
      sort: 1,
      hidden: false,
    }),
    await insertContent(db, 'categories', {
      nameEn: 'Slots and casino',
      nameBn: 'স্লট ও ক্যাসিনো',
      sort: 2,
      hidden: false,
    }),
    await insertContent(db, 'categories', {
      nameEn: 'Sports',
      nameBn: 'স্পোর্টস',
      sort: 3,
      hidden: false,
    }),
  ];
  const promotion = (
    fields: Partial<Parameters<typeof insertContent<'promotions'>>[2]> & {
      titleEn: string;
      titleBn: string;
      contentEn: string;
      contentBn: string;
    },
  ) =>
    insertContent(db, 'promotions', {
      ...base,
      startAt: daysFromNow(-3),
      noExpiry: 0,
      categoryIds: [],
      images: [],
      theme: 0,
      applicable: false,
      hot: false,
      // Named after the insert (linkBonuses), once the campaigns are known.
      bonusCampaignId: null,
      ...fields,
    });

  const rows = [
    await promotion({
      titleEn: '70% first deposit bonus',
      titleBn: '৭০% প্রথম জমা বোনাস',
      categoryIds: [deposit.id],
      theme: 0,
      hot: true,
      sort: 1,
      endAt: daysFromNow(60),
      contentEn:
        '<p>Make your <strong>first deposit</strong> and get <strong>70% extra</strong>, up to ৳7,000.</p><ul><li>Minimum deposit ৳200</li><li>Choose the bonus on the deposit screen before you pay</li><li>Play 10 times the bonus plus the deposit before the bonus becomes cash (slots count in full, live casino 10%, lottery not at all)</li><li>Bets of at most ৳500 while the bonus is active; 7 days to play it</li><li>One first deposit bonus per person</li></ul><p>Your own deposit can be withdrawn at any time; doing so while the bonus is active gives up the bonus.</p>',
      contentBn:
        '<p>আপনার <strong>প্রথম জমায়</strong> পান <strong>৭০% অতিরিক্ত</strong>, সর্বোচ্চ ৳৭,০০০ পর্যন্ত।</p><ul><li>সর্বনিম্ন জমা ৳২০০</li><li>টাকা পাঠানোর আগে জমার পাতায় বোনাসটি বেছে নিন</li><li>বোনাস নগদ হওয়ার আগে বোনাস ও জমার মোট পরিমাণের ১০ গুণ খেলুন (স্লট পুরোটা, লাইভ ক্যাসিনো ১০%, লটারি গণনা হয় না)</li><li>বোনাস সক্রিয় থাকাকালীন প্রতি বাজি সর্বোচ্চ ৳৫০০; খেলার জন্য ৭ দিন</li><li>প্রতি ব্যক্তি একটি প্রথম জমা বোনাস</li></ul><p>আপনার নিজের জমা যেকোনো সময় তুলতে পারবেন; বোনাস সক্রিয় থাকাকালীন তুললে বোনাসটি বাতিল হবে।</p>',
    }),
    await promotion({
      titleEn: 'Sign-up bonus ৳77',
      titleBn: 'নিবন্ধন বোনাস ৳৭৭',
      categoryIds: [deposit.id],
      theme: 4,
      hot: true,
      sort: 2,
      noExpiry: 1,
      startAt: daysFromNow(-30),
      contentEn:
        '<p>New players get a <strong>৳77 bonus</strong> as soon as they register, with no deposit. Then the welcome offers go on:</p><table><thead><tr><th>Step</th><th>Bonus</th></tr></thead><tbody><tr><td>Register</td><td>৳77</td></tr><tr><td>Code WELCOME100 on the bonus page</td><td>৳100</td></tr><tr><td>First deposit</td><td>70%, up to ৳7,000</td></tr></tbody></table><p>Play 10 times the ৳77 before it becomes cash (at most ৳770 becomes cash). This offer has no end date.</p>',
      contentBn:
        '<p>নতুন খেলোয়াড়েরা নিবন্ধনের সাথে সাথেই কোনো জমা ছাড়া <strong>৳৭৭ বোনাস</strong> পান। তারপর আরও স্বাগত অফার:</p><table><thead><tr><th>ধাপ</th><th>বোনাস</th></tr></thead><tbody><tr><td>নিবন্ধন</td><td>৳৭৭</td></tr><tr><td>বোনাস পাতায় WELCOME100 কোড</td><td>৳১০০</td></tr><tr><td>প্রথম জমা</td><td>৭০%, সর্বোচ্চ ৳৭,০০০</td></tr></tbody></table><p>নগদ হওয়ার আগে ৳৭৭-এর ১০ গুণ খেলুন (সর্বোচ্চ ৳৭৭০ নগদ হবে)। এই অফারের কোনো শেষ তারিখ নেই।</p>',
    }),
    await promotion({
      titleEn: 'Daily slots cashback 5%',
      titleBn: 'প্রতিদিন স্লট ক্যাশব্যাক ৫%',
      categoryIds: [casino.id],
      theme: 2,
      applicable: true,
      sort: 3,
      endAt: daysFromNow(90),
      contentEn:
        '<p>Lost on slots yesterday? <strong>Apply</strong> and we return <strong>5%</strong> of your net loss, up to ৳5,000 a day.</p><ol><li>Play any slot game</li><li>Apply here with your remark</li><li>Cashback arrives after review, usually within 24 hours</li></ol>',
      contentBn:
        '<p>গতকাল স্লটে হেরেছেন? <strong>আবেদন করুন</strong>, আমরা ফেরত দেব নিট ক্ষতির <strong>৫%</strong>, দিনে সর্বোচ্চ ৳৫,০০০।</p><ol><li>যেকোনো স্লট গেম খেলুন</li><li>এখানে মন্তব্যসহ আবেদন করুন</li><li>যাচাইয়ের পর সাধারণত ২৪ ঘণ্টার মধ্যে ক্যাশব্যাক পাবেন</li></ol>',
    }),
    await promotion({
      titleEn: 'Weekend free spins',
      titleBn: 'সপ্তাহান্তে ফ্রি স্পিন',
      categoryIds: [casino.id],
      theme: 5,
      sort: 4,
      endAt: daysFromNow(30),
      contentEn:
        '<p>Deposit ৳500 or more on Friday or Saturday and get <strong>50 free spins</strong> on selected slots.</p><p>Free spin winnings carry a turnover of 5 times.</p>',
      contentBn:
        '<p>শুক্র বা শনিবার ৳৫০০ বা তার বেশি জমা দিন, নির্বাচিত স্লটে পান <strong>৫০টি ফ্রি স্পিন</strong>।</p><p>ফ্রি স্পিনের জেতা টাকায় ৫ গুণ টার্নওভার প্রযোজ্য।</p>',
    }),
    await promotion({
      titleEn: 'Live casino reload 20%',
      titleBn: 'লাইভ ক্যাসিনো রিলোড ২০%',
      categoryIds: [casino.id, deposit.id],
      theme: 1,
      sort: 5,
      endAt: daysFromNow(45),
      contentEn:
        '<p>A <strong>20% reload bonus</strong>, up to ৳3,000, on every deposit of ৳500 or more after your first. Choose it on the deposit screen before you pay.</p><p>Play 8 times the bonus before it becomes cash: live casino and slots count in full.</p>',
      contentBn:
        '<p>প্রথম জমার পরে ৳৫০০ বা তার বেশি প্রতিটি জমায় <strong>২০% রিলোড বোনাস</strong>, সর্বোচ্চ ৳৩,০০০। টাকা পাঠানোর আগে জমার পাতায় এটি বেছে নিন।</p><p>নগদ হওয়ার আগে বোনাসের ৮ গুণ খেলুন: লাইভ ক্যাসিনো ও স্লট পুরোটা গণনা হয়।</p>',
    }),
    await promotion({
      titleEn: 'Cricket accumulator insurance',
      titleBn: 'ক্রিকেট অ্যাকুমুলেটর বীমা',
      categoryIds: [sports.id],
      theme: 3,
      applicable: true,
      sort: 6,
      endAt: daysFromNow(20),
      contentEn:
        '<p>Lose a cricket accumulator of 5 or more legs by <strong>one leg</strong>? Apply with your bet number. When we approve it you get a <strong>৳500 bonus</strong>; play it 3 times (sports count in full) and it becomes cash.</p>',
      contentBn:
        '<p>৫ বা তার বেশি ম্যাচের ক্রিকেট অ্যাকুমুলেটর <strong>একটি ম্যাচের</strong> জন্য হেরেছেন? বাজির নম্বরসহ আবেদন করুন। অনুমোদিত হলে পাবেন <strong>৳৫০০ বোনাস</strong>; ৩ গুণ খেললে (স্পোর্টস পুরোটা গণনা হয়) তা নগদ হবে।</p>',
    }),
    await promotion({
      titleEn: 'Invite friends, earn together',
      titleBn: 'বন্ধুদের আমন্ত্রণ, একসাথে আয়',
      categoryIds: [deposit.id],
      theme: 2,
      sort: 7,
      noExpiry: 1,
      startAt: daysFromNow(-60),
      contentEn:
        '<p>Share your invitation link. You get <strong>৳377</strong> for every friend who signs up and deposits, up to ৳7,777.</p>',
      contentBn:
        '<p>আপনার আমন্ত্রণ লিংক শেয়ার করুন। প্রতিটি বন্ধু নিবন্ধন করে জমা দিলে আপনি পাবেন <strong>৳৩৭৭</strong>, সর্বোচ্চ ৳৭,৭৭৭।</p>',
    }),
    await promotion({
      titleEn: 'Code WELCOME100: ৳100 free',
      titleBn: 'কোড WELCOME100: ৳১০০ ফ্রি',
      categoryIds: [deposit.id],
      theme: 4,
      sort: 8,
      noExpiry: 1,
      startAt: daysFromNow(-30),
      contentEn:
        '<p>Enter code <strong>WELCOME100</strong> on the bonus page and get <strong>৳100</strong>, no deposit needed. One use per player. Then the welcome offers go on:</p><table><thead><tr><th>Step</th><th>Bonus</th></tr></thead><tbody><tr><td>Code WELCOME100 on the bonus page</td><td>৳100</td></tr><tr><td>First deposit</td><td>70%, up to ৳7,000</td></tr></tbody></table><p>Play 10 times the bonus before it becomes cash (at most ৳1,000 becomes cash); bets of at most ৳50 while it is active; 3 days to play it.</p>',
      contentBn:
        '<p>বোনাস পাতায় <strong>WELCOME100</strong> কোডটি লিখুন এবং কোনো জমা ছাড়াই <strong>৳১০০</strong> পান। প্রতি খেলোয়াড় একবার। তারপর আরও স্বাগত অফার:</p><table><thead><tr><th>ধাপ</th><th>বোনাস</th></tr></thead><tbody><tr><td>বোনাস পাতায় WELCOME100 কোড</td><td>৳১০০</td></tr><tr><td>প্রথম জমা</td><td>৭০%, সর্বোচ্চ ৳৭,০০০</td></tr></tbody></table><p>নগদ হওয়ার আগে বোনাসের ১০ গুণ খেলুন (সর্বোচ্চ ৳১,০০০ নগদ হবে); বোনাস সক্রিয় থাকাকালীন প্রতি বাজি সর্বোচ্চ ৳৫০; খেলার জন্য ৩ দিন।</p>',
    }),
  ];
  return rows.map((row) => row.id);
}

async function seedBanners(db: DbOrTx, promotionIds: number[]) {
  const link = (index: number) =>
    promotionIds[index] ? `/m/activityDetail?id=${promotionIds[index]}` : '/m/activity';
  const banner = (fields: {
    groupName: string;
    titleEn: string;
    titleBn: string;
    theme: number;
    sort: number;
    link: string | null;
  }) =>
    insertContent(db, 'banners', {
      ...base,
      startAt: daysFromNow(-3),
      imageUrlEn: null,
      imageUrlBn: null,
      ...fields,
    });
  await banner({
    groupName: 'm_home',
    titleEn: '70% bonus on your first deposit',
    titleBn: 'প্রথম জমায় ৭০% বোনাস',
    theme: 0,
    sort: 1,
    link: link(0),
  });
  await banner({
    groupName: 'm_home',
    titleEn: '৳77 bonus when you sign up',
    titleBn: 'নিবন্ধনে ৳৭৭ বোনাস',
    theme: 4,
    sort: 2,
    link: link(1),
  });
  await banner({
    groupName: 'm_home',
    titleEn: '5% cashback on slots every day',
    titleBn: 'প্রতিদিন স্লটে ৫% ক্যাশব্যাক',
    theme: 2,
    sort: 3,
    link: link(2),
  });
  await banner({
    groupName: 'm_home',
    titleEn: 'Cricket insurance: one leg short? Money back',
    titleBn: 'ক্রিকেট বীমা: এক ম্যাচে হার? টাকা ফেরত',
    theme: 3,
    sort: 4,
    link: link(5),
  });
  await banner({
    groupName: 'm_game',
    titleEn: 'Weekend free spins',
    titleBn: 'সপ্তাহান্তে ফ্রি স্পিন',
    theme: 5,
    sort: 1,
    link: link(3),
  });
  await banner({
    groupName: 'm_reg_EN',
    titleEn: 'Join today, play in minutes',
    titleBn: 'আজই যোগ দিন, মিনিটেই খেলুন',
    theme: 1,
    sort: 1,
    link: null,
  });
  await banner({
    groupName: 'm_reg_BN',
    titleEn: 'Join today, play in minutes',
    titleBn: 'আজই যোগ দিন, মিনিটেই খেলুন',
    theme: 1,
    sort: 1,
    link: null,
  });
}

/** Each category page's gallery (spec §2's banner types): two banners per language group. */
const CATEGORY_BANNERS: Record<
  keyof typeof CATEGORY_BANNER_TYPES,
  Array<{ titleEn: string; titleBn: string }>
> = {
  RNG: [
    { titleEn: 'Slots: 5% cashback every day', titleBn: 'স্লট: প্রতিদিন ৫% ক্যাশব্যাক' },
    { titleEn: 'New slots every week', titleBn: 'প্রতি সপ্তাহে নতুন স্লট' },
  ],
  SPORTS: [
    { titleEn: 'Cricket insurance: money back', titleBn: 'ক্রিকেট বীমা: টাকা ফেরত' },
    { titleEn: 'Live odds on every match', titleBn: 'প্রতিটি ম্যাচে লাইভ অডস' },
  ],
  PVP: [
    { titleEn: 'Teen Patti tables open all day', titleBn: 'তিন পাত্তির টেবিল সারাদিন খোলা' },
    { titleEn: 'Card games: play a friend', titleBn: 'তাস খেলা: বন্ধুর সাথে খেলুন' },
  ],
  LIVE: [
    { titleEn: 'Live casino reload 20%', titleBn: 'লাইভ ক্যাসিনো রিলোড ২০%' },
    { titleEn: 'Real dealers, real time', titleBn: 'আসল ডিলার, সরাসরি' },
  ],
  FISH: [
    { titleEn: 'Fishing: big catch, big win', titleBn: 'মাছ ধরা: বড় মাছ, বড় জয়' },
    { titleEn: 'Play fishing with friends', titleBn: 'বন্ধুদের সাথে মাছ ধরা খেলুন' },
  ],
  LOTT: [
    { titleEn: 'Lottery draws every day', titleBn: 'প্রতিদিন লটারির ড্র' },
    { titleEn: 'Pick your lucky numbers', titleBn: 'আপনার ভাগ্যের সংখ্যা বেছে নিন' },
  ],
  ELOTT: [
    { titleEn: 'Quick draws every 5 minutes', titleBn: 'প্রতি ৫ মিনিটে দ্রুত ড্র' },
    { titleEn: 'E-lottery: results at once', titleBn: 'ই-লটারি: সাথে সাথে ফলাফল' },
  ],
};

/**
 * The category galleries' groups (m_{type}_{language}), each made when it has no row yet: a demo
 * database from before they existed gets them at its next start, and an operator's own banners
 * in a group are never joined by demo ones.
 */
async function seedCategoryBanners(db: DbOrTx) {
  let theme = 0;
  for (const [category, type] of Object.entries(CATEGORY_BANNER_TYPES)) {
    const pictures = CATEGORY_BANNERS[category as keyof typeof CATEGORY_BANNER_TYPES];
    theme += 1;
    for (const language of LANGUAGES) {
      const groupName = bannerGroupName(type, language);
      const [present] = await db
        .select({ id: banners.id })
        .from(banners)
        .where(eq(banners.groupName, groupName))
        .limit(1);
      if (present) continue;
      let sort = 0;
      for (const picture of pictures) {
        sort += 1;
        await insertContent(db, 'banners', {
          ...base,
          startAt: daysFromNow(-3),
          imageUrlEn: null,
          imageUrlBn: null,
          groupName,
          ...picture,
          theme: theme + sort,
          sort,
          link: '/m/activity',
        });
      }
    }
  }
}

async function seedNotices(db: DbOrTx) {
  const notice = (
    kind: 'A' | 'PL',
    ago: number,
    titleEn: string,
    titleBn: string,
    contentEn: string,
    contentBn: string,
  ) =>
    insertContent(db, 'notices', {
      ...base,
      kind,
      startAt: daysFromNow(-ago),
      titleEn,
      titleBn,
      contentEn,
      contentBn,
    });
  await notice(
    'PL',
    1,
    'New slots from Kite Studio this week',
    'এই সপ্তাহে কাইট স্টুডিওর নতুন স্লট',
    '<p>Twelve new slot games arrive this week. Find them under <strong>Slots</strong> with the <em>New</em> filter.</p>',
    '<p>এই সপ্তাহে বারোটি নতুন স্লট গেম এসেছে। <strong>স্লট</strong> বিভাগে <em>নতুন</em> ফিল্টারে খুঁজে নিন।</p>',
  );
  await notice(
    'PL',
    2,
    'bKash and Nagad deposits now arrive in 2 minutes',
    'বিকাশ ও নগদ জমা এখন ২ মিনিটে',
    '<p>Mobile wallet deposits are now credited within <strong>2 minutes</strong> on average. Keep your transaction ID until the money shows.</p>',
    '<p>মোবাইল ওয়ালেটের জমা এখন গড়ে <strong>২ মিনিটে</strong> যোগ হয়। টাকা না দেখা পর্যন্ত লেনদেন আইডি রেখে দিন।</p>',
  );
  await notice(
    'PL',
    4,
    'Keep your account safe',
    'আপনার অ্যাকাউন্ট নিরাপদ রাখুন',
    '<p>We never ask for your password or SMS code by phone or chat. Turn on a strong password and never share it.</p><ul><li>Use at least 8 characters</li><li>Do not reuse passwords from other sites</li></ul>',
    '<p>আমরা কখনো ফোন বা চ্যাটে আপনার পাসওয়ার্ড বা এসএমএস কোড চাই না। শক্তিশালী পাসওয়ার্ড ব্যবহার করুন এবং কাউকে বলবেন না।</p><ul><li>অন্তত ৮ অক্ষর ব্যবহার করুন</li><li>অন্য সাইটের পাসওয়ার্ড আবার ব্যবহার করবেন না</li></ul>',
  );
  await notice(
    'PL',
    6,
    'Cricket season: live odds on every match',
    'ক্রিকেট মৌসুম: প্রতিটি ম্যাচে লাইভ অডস',
    '<p>Follow every ball of the season with live odds in <strong>Sports</strong>.</p>',
    '<p><strong>স্পোর্টস</strong> বিভাগে লাইভ অডসসহ মৌসুমের প্রতিটি বল উপভোগ করুন।</p>',
  );
  await notice(
    'A',
    3,
    'Scheduled maintenance on Sunday 02:00–03:00',
    'রবিবার রাত ২টা–৩টা নির্ধারিত রক্ষণাবেক্ষণ',
    '<p>The site will be upgraded on Sunday between 02:00 and 03:00 (Dhaka time). Your balance is safe.</p>',
    '<p>রবিবার রাত ২টা থেকে ৩টা (ঢাকা সময়) সাইটটি আপগ্রেড করা হবে। আপনার ব্যালেন্স নিরাপদ থাকবে।</p>',
  );
  await notice(
    'A',
    8,
    'Play responsibly',
    'দায়িত্বশীলভাবে খেলুন',
    '<p>Set yourself a budget and take breaks. Players must be 18 or older.</p>',
    '<p>নিজের জন্য বাজেট ঠিক করুন এবং বিরতি নিন। খেলোয়াড়দের বয়স অন্তত ১৮ বছর হতে হবে।</p>',
  );
}

async function seedPopups(db: DbOrTx) {
  await insertContent(db, 'popups', {
    ...base,
    execution: 'A',
    startAt: daysFromNow(-1),
    imageUrl: null,
    link: '/m/activity',
    // Members see it, new ones too: an offer, not a "welcome back" to someone who just arrived.
    titleEn: 'Offers for members',
    titleBn: 'সদস্যদের জন্য অফার',
    contentEn:
      '<p>This week: <strong>5% daily cashback</strong> on slots and free spins every weekend. See all promotions.</p>',
    contentBn:
      '<p>এই সপ্তাহে: স্লটে <strong>প্রতিদিন ৫% ক্যাশব্যাক</strong> আর প্রতি সপ্তাহান্তে ফ্রি স্পিন। সব প্রচারণা দেখুন।</p>',
  });
  await insertContent(db, 'popups', {
    ...base,
    execution: 'B',
    startAt: daysFromNow(-1),
    imageUrl: null,
    link: '/m/register',
    titleEn: 'New here? A ৳77 bonus when you register',
    titleBn: 'নতুন? নিবন্ধনে ৳৭৭ বোনাস',
    contentEn:
      '<p>Register in a minute: a <strong>৳77 bonus</strong> at once, and 70% on your first deposit, up to ৳7,000.</p>',
    contentBn:
      '<p>এক মিনিটে নিবন্ধন করুন: সাথে সাথে <strong>৳৭৭ বোনাস</strong>, আর প্রথম জমায় ৭০%, সর্বোচ্চ ৳৭,০০০।</p>',
  });
}
