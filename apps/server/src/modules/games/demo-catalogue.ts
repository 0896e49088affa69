/**
 * The demo catalogue made at first start: made-up vendors over every category (JILI, FC and PGE
 * among them, as the spec's home rows name them) and over 3,000 games with made-up names in
 * English and Bengali. The same seed always makes the same catalogue. Icons are drawn by us from
 * each row's seed and theme; no real brand art.
 */
import type { GameCategory } from '@khela/contract/games';

export interface DemoVendor {
  code: string;
  nameEn: string;
  nameBn: string;
  category: GameCategory;
  gameType: string;
  games: number;
}

export interface DemoGame {
  vendorCode: string;
  gameCode: string;
  nameEn: string;
  nameBn: string;
  gameType: string;
  classification: string | null;
  isNew: boolean;
  hotRank: number | null;
  sortOrder: number;
  iconSeed: number;
  theme: number;
  minBetMinor: bigint;
  lines: number;
  playType: 'Tradition' | 'Entertainment' | null;
}

// prettier-ignore
export const DEMO_VENDORS: DemoVendor[] = [
  { code: 'JILI', nameEn: 'JILI', nameBn: 'জিলি', category: 'RNG', gameType: 'RNG', games: 320 },
  { code: 'FC', nameEn: 'FC', nameBn: 'এফসি', category: 'RNG', gameType: 'RNG', games: 300 },
  { code: 'PGE', nameEn: 'PGE', nameBn: 'পিজিই', category: 'RNG', gameType: 'RNG', games: 300 },
  { code: 'SUNRISE', nameEn: 'Sunrise Slots', nameBn: 'সানরাইজ স্লট', category: 'RNG', gameType: 'RNG', games: 280 },
  { code: 'MONSOON', nameEn: 'Monsoon Play', nameBn: 'মনসুন প্লে', category: 'RNG', gameType: 'RNG', games: 260 },
  { code: 'LOTUS', nameEn: 'Lotus Reels', nameBn: 'লোটাস রিলস', category: 'RNG', gameType: 'RNG', games: 250 },
  { code: 'TIGERJOY', nameEn: 'Tiger Joy', nameBn: 'টাইগার জয়', category: 'RNG', gameType: 'RNG', games: 240 },
  { code: 'RIVERBET', nameEn: 'River Gaming', nameBn: 'রিভার গেমিং', category: 'RNG', gameType: 'RNG', games: 230 },
  { code: 'STARFRUIT', nameEn: 'Starfruit', nameBn: 'কামরাঙা', category: 'RNG', gameType: 'RNG', games: 220 },
  { code: 'KITE', nameEn: 'Kite Studio', nameBn: 'ঘুড়ি স্টুডিও', category: 'RNG', gameType: 'RNG', games: 280 },
  { code: 'DEEPSEA', nameEn: 'Deep Sea', nameBn: 'গভীর সমুদ্র', category: 'FISH', gameType: 'RNG', games: 40 },
  { code: 'NETCAST', nameEn: 'Net Cast', nameBn: 'জাল ফেলা', category: 'FISH', gameType: 'RNG', games: 30 },
  { code: 'TEENPATTI', nameEn: 'Card House', nameBn: 'কার্ড হাউস', category: 'PVP', gameType: 'PVP', games: 60 },
  { code: 'RUMMYBAY', nameEn: 'Rummy Bay', nameBn: 'রামি বে', category: 'PVP', gameType: 'PVP', games: 50 },
  { code: 'ROYALTABLE', nameEn: 'Royal Table', nameBn: 'রয়্যাল টেবিল', category: 'LIVE', gameType: 'LIVE', games: 40 },
  { code: 'DHAKALIVE', nameEn: 'Dhaka Live', nameBn: 'ঢাকা লাইভ', category: 'LIVE', gameType: 'LIVE', games: 36 },
  { code: 'GOLDDEALER', nameEn: 'Gold Dealer', nameBn: 'গোল্ড ডিলার', category: 'LIVE', gameType: 'LIVE', games: 30 },
  { code: 'PITCH', nameEn: 'Pitch Sports', nameBn: 'পিচ স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'CRICKETLINE', nameEn: 'Cricket Line', nameBn: 'ক্রিকেট লাইন', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'AV', nameEn: 'AV E-sports', nameBn: 'এভি ই-স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'AI', nameEn: 'AI E-sports', nameBn: 'এআই ই-স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'IMES', nameEn: 'IM E-sports', nameBn: 'আইএম ই-স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'TF', nameEn: 'TF E-sports', nameBn: 'টিএফ ই-স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'IA', nameEn: 'IA E-sports', nameBn: 'আইএ ই-স্পোর্টস', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'SV3', nameEn: 'SV Cockfight', nameBn: 'এসভি মোরগ লড়াই', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'DS88', nameEn: 'DS88 Arena', nameBn: 'ডিএস৮৮ অ্যারেনা', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'DIG', nameEn: 'DIG Derby', nameBn: 'ডিআইজি ডার্বি', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'WGB', nameEn: 'WGB Pit', nameBn: 'ডব্লিউজিবি পিট', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'WS168', nameEn: 'WS168 Ring', nameBn: 'ডব্লিউএস১৬৮ রিং', category: 'SPORTS', gameType: 'SPORTS', games: 1 },
  { code: 'LOTT', nameEn: 'Lottery', nameBn: 'লটারি', category: 'LOTT', gameType: 'LOTT', games: 4 },
  { code: 'TCG_LOTTO_VN', nameEn: 'Lotto Draw', nameBn: 'লটো ড্র', category: 'ELOTT', gameType: 'ELOTT', games: 6 },
  { code: 'BINGOHALL', nameEn: 'Bingo Hall', nameBn: 'বিঙ্গো হল', category: 'BINGO', gameType: 'RNG', games: 24 },
  { code: 'BGS', nameEn: 'Khela Originals', nameBn: 'খেলা অরিজিনালস', category: 'INHOUSE', gameType: 'INHOUSE', games: 12 },
];

/** Order of the categories in the menu (the operator can change it). */
export const DEMO_CATEGORY_ORDER: GameCategory[] = [
  'RNG',
  'LIVE',
  'SPORTS',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
  'BINGO',
  'INHOUSE',
];

// Word pairs for game names: [English, Bengali].
// prettier-ignore
const ADJECTIVES: Array<[string, string]> = [
  ['Golden', 'সোনালি'], ['Lucky', 'ভাগ্যবান'], ['Royal', 'রাজকীয়'], ['Wild', 'বন্য'], ['Mighty', 'শক্তিশালী'],
  ['Shining', 'ঝলমলে'], ['Hidden', 'লুকানো'], ['Silver', 'রুপালি'], ['Crimson', 'লাল'], ['Jade', 'সবুজ'],
  ['Ancient', 'প্রাচীন'], ['Magic', 'জাদুর'], ['Thunder', 'বজ্র'], ['Moonlit', 'চাঁদনি'], ['Sunny', 'রোদেলা'],
  ['Spicy', 'ঝাল'], ['Sweet', 'মিষ্টি'], ['Brave', 'সাহসী'], ['Dancing', 'নাচুনে'], ['Flying', 'উড়ন্ত'],
  ['Diamond', 'হীরার'], ['Ruby', 'চুনির'], ['Pearl', 'মুক্তার'], ['Emerald', 'পান্নার'], ['Blazing', 'জ্বলন্ত'],
  ['Frozen', 'হিমশীতল'], ['Happy', 'খুশির'], ['Secret', 'গোপন'], ['Grand', 'বিশাল'], ['Tiny', 'ছোট্ট'],
];
// prettier-ignore
const NOUNS: Array<[string, string]> = [
  ['Tiger', 'বাঘ'], ['Elephant', 'হাতি'], ['Peacock', 'ময়ূর'], ['Lotus', 'পদ্ম'], ['River', 'নদী'],
  ['Mango', 'আম'], ['Jackfruit', 'কাঁঠাল'], ['Fortune', 'ভাগ্য'], ['Treasure', 'গুপ্তধন'], ['Temple', 'মন্দির'],
  ['Dragon', 'ড্রাগন'], ['Phoenix', 'ফিনিক্স'], ['Fisherman', 'জেলে'], ['Boat', 'নৌকা'], ['Festival', 'উৎসব'],
  ['Kite', 'ঘুড়ি'], ['Drum', 'ঢোল'], ['Moon', 'চাঁদ'], ['Star', 'তারা'], ['Garden', 'বাগান'],
  ['Monkey', 'বানর'], ['Cobra', 'গোখরা'], ['Falcon', 'বাজপাখি'], ['Crown', 'মুকুট'], ['Coins', 'মুদ্রা'],
  ['Gems', 'রত্ন'], ['Palace', 'প্রাসাদ'], ['Jungle', 'জঙ্গল'], ['Ocean', 'সাগর'], ['Rickshaw', 'রিকশা'],
];
// prettier-ignore
const SUFFIXES: Array<[string, string]> = [
  ['', ''], ['Deluxe', 'ডিলাক্স'], ['Rush', 'রাশ'], ['Megaways', 'মেগাওয়েজ'], ['Hold and Win', 'হোল্ড অ্যান্ড উইন'],
  ['Bonanza', 'বোনানজা'], ['Link', 'লিংক'], ['Quest', 'অভিযান'],
];
// prettier-ignore
const TABLES: Array<[string, string]> = [
  ['Baccarat', 'ব্যাকারা'], ['Roulette', 'রুলেট'], ['Dragon Tiger', 'ড্রাগন টাইগার'], ['Teen Patti', 'তিন পাত্তি'],
  ['Andar Bahar', 'আন্দর বাহার'], ['Sic Bo', 'সিক বো'], ['Blackjack', 'ব্ল্যাকজ্যাক'], ['Rummy', 'রামি'], ['Poker', 'পোকার'],
];

/** mulberry32: a small deterministic generator, so every start makes the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const CLASSIFICATIONS: Record<string, string[]> = {
  RNG: ['SLOT', 'SLOT', 'SLOT', 'CRASH', 'TABLE'],
  FISH: ['FISH'],
  PVP: ['CARD'],
  BINGO: ['BG'],
};

export function demoGames(seed = 20261121): DemoGame[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const games: DemoGame[] = [];
  let hot = 0;
  for (const vendor of DEMO_VENDORS) {
    const seen = new Set<string>();
    for (let i = 0; i < vendor.games; i += 1) {
      let nameEn: string;
      let nameBn: string;
      if (vendor.category === 'LIVE' || vendor.category === 'PVP') {
        const [en, bn] = pick(TABLES);
        const [adjEn, adjBn] = pick(ADJECTIVES);
        [nameEn, nameBn] = [`${adjEn} ${en}`, `${adjBn} ${bn}`];
      } else if (vendor.games === 1) {
        [nameEn, nameBn] = [vendor.nameEn, vendor.nameBn];
      } else {
        const [adjEn, adjBn] = pick(ADJECTIVES);
        const [nounEn, nounBn] = pick(NOUNS);
        const [sufEn, sufBn] = pick(SUFFIXES);
        nameEn = [adjEn, nounEn, sufEn].filter(Boolean).join(' ');
        nameBn = [adjBn, nounBn, sufBn].filter(Boolean).join(' ');
      }
      // Two games of one vendor never share a name: number the later ones.
      let n = 2;
      const base = [nameEn, nameBn] as const;
      while (seen.has(nameEn)) {
        [nameEn, nameBn] = [`${base[0]} ${n}`, `${base[1]} ${n.toLocaleString('bn-BD')}`];
        n += 1;
      }
      seen.add(nameEn);
      const classes = CLASSIFICATIONS[vendor.category];
      const isHot = vendor.games > 20 && next() < 0.02;
      games.push({
        vendorCode: vendor.code,
        gameCode: `${vendor.code.toLowerCase()}-${String(i + 1).padStart(4, '0')}`,
        nameEn,
        nameBn,
        gameType: vendor.gameType,
        classification: classes ? pick(classes) : null,
        isNew: next() < 0.06,
        hotRank: isHot ? (hot += 1) : null,
        sortOrder: i,
        iconSeed: Math.floor(next() * 2 ** 31),
        theme: Math.floor(next() * 8),
        minBetMinor: BigInt(pick([10, 20, 50, 100, 200, 500])),
        lines: vendor.category === 'RNG' ? pick([5, 9, 20, 25, 40, 50, 243, 1024]) : 0,
        playType: vendor.category === 'PVP' ? pick(['Tradition', 'Entertainment'] as const) : null,
      });
    }
  }
  return games;
}
