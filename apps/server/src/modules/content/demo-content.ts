/**
 * Demo content made at first start, in English and Bengali: promotion categories and promotions
 * (one without an end, two taking applications), home, game and registration banners, notices and
 * one popup for each execution. Written through the same sanitising insert as the operator API.
 * Each group is made only when its table is empty, so a restart or a second process adds nothing.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners, notices, popups, promotionCategories } from '../../db/schema/content';
import { insertContent } from './content-ops.service';

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const isEmpty = async (db: DbOrTx, table: typeof banners | typeof notices | typeof popups) => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return (row?.count ?? 0) === 0;
};

const base = { sort: 0, hidden: false, endAt: null } as const;

export async function seedDemoContent(db: DbOrTx) {
  const [categoryCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(promotionCategories);
  let promotionIds: number[] = [];
  if ((categoryCount?.count ?? 0) === 0) promotionIds = await seedPromotions(db);
  if (await isEmpty(db, banners)) await seedBanners(db, promotionIds);
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
        '<p>Make your <strong>first deposit</strong> and get <strong>70% extra</strong>, up to ৳7,000.</p><ul><li>Minimum deposit ৳200</li><li>Turnover 10 times the bonus before withdrawing</li><li>One bonus per player, household and device</li></ul><p>The bonus is added automatically within 10 minutes.</p>',
      contentBn:
        '<p>আপনার <strong>প্রথম জমায়</strong> পান <strong>৭০% অতিরিক্ত</strong>, সর্বোচ্চ ৳৭,০০০ পর্যন্ত।</p><ul><li>সর্বনিম্ন জমা ৳২০০</li><li>উত্তোলনের আগে বোনাসের ১০ গুণ টার্নওভার</li><li>প্রতি খেলোয়াড়, পরিবার ও ডিভাইসে একটি বোনাস</li></ul><p>বোনাস ১০ মিনিটের মধ্যে নিজে থেকেই যোগ হবে।</p>',
    }),
    await promotion({
      titleEn: 'Sign-up bonus up to ৳7,777',
      titleBn: 'নিবন্ধন বোনাস ৳৭,৭৭৭ পর্যন্ত',
      categoryIds: [deposit.id],
      theme: 4,
      hot: true,
      sort: 2,
      noExpiry: 1,
      startAt: daysFromNow(-30),
      contentEn:
        '<p>New players receive a welcome bonus of up to <strong>৳7,777</strong>, paid in steps as you play.</p><table><thead><tr><th>Step</th><th>Bonus</th></tr></thead><tbody><tr><td>Register</td><td>৳77</td></tr><tr><td>First deposit</td><td>৳700</td></tr><tr><td>Play 7 days</td><td>৳7,000</td></tr></tbody></table><p>This offer has no end date.</p>',
      contentBn:
        '<p>নতুন খেলোয়াড়েরা পাবেন সর্বোচ্চ <strong>৳৭,৭৭৭</strong> স্বাগত বোনাস, খেলার সাথে ধাপে ধাপে।</p><table><thead><tr><th>ধাপ</th><th>বোনাস</th></tr></thead><tbody><tr><td>নিবন্ধন</td><td>৳৭৭</td></tr><tr><td>প্রথম জমা</td><td>৳৭০০</td></tr><tr><td>৭ দিন খেলা</td><td>৳৭,০০০</td></tr></tbody></table><p>এই অফারের কোনো শেষ তারিখ নেই।</p>',
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
        '<p>Every Tuesday, a <strong>20% reload bonus</strong> on deposits played at the live tables, up to ৳3,000.</p>',
      contentBn:
        '<p>প্রতি মঙ্গলবার লাইভ টেবিলে খেলা জমার উপর <strong>২০% রিলোড বোনাস</strong>, সর্বোচ্চ ৳৩,০০০।</p>',
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
        '<p>Lose a cricket accumulator of 5 or more legs by <strong>one leg</strong>? Apply with your bet number and get your stake back as a free bet, up to ৳2,000.</p>',
      contentBn:
        '<p>৫ বা তার বেশি ম্যাচের ক্রিকেট অ্যাকুমুলেটর <strong>একটি ম্যাচের</strong> জন্য হেরেছেন? বাজির নম্বরসহ আবেদন করুন, ৳২,০০০ পর্যন্ত বাজির টাকা ফ্রি বেট হিসেবে ফেরত পান।</p>',
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
    titleEn: 'Welcome bonus up to ৳7,777',
    titleBn: 'স্বাগত বোনাস ৳৭,৭৭৭ পর্যন্ত',
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
    titleEn: 'New here? Get up to ৳7,777',
    titleBn: 'নতুন? পান ৳৭,৭৭৭ পর্যন্ত',
    contentEn:
      '<p>Register in a minute and claim a welcome bonus of up to <strong>৳7,777</strong> plus 70% on your first deposit.</p>',
    contentBn:
      '<p>এক মিনিটে নিবন্ধন করুন, পান সর্বোচ্চ <strong>৳৭,৭৭৭</strong> স্বাগত বোনাস আর প্রথম জমায় ৭০%।</p>',
  });
}
