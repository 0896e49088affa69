/**
 * Names for the demo catalogue's games that say what the game is. A name is made from the game's
 * mechanics (what the demo vendor, our lottery or our in-house games really run when it opens)
 * and a theme: a slot's words come from its theme's vocabulary, a dice game is called a dice game,
 * a lottery names its format (Pick 3, Pick 2, Keno 36), a fishing game is about fish. A slot is
 * called "… Megaways" (or "Hold and Win", "Link") only when its mechanics have that feature; the
 * demo vendor's slot is a plain 3-reel, one-line machine, so none of the demo slots is.
 *
 * Each theme names the motif its art draws (game-art.ts), and `motifOf` finds the motif again
 * from a name alone, so the art of an operator's own game follows its name too.
 */
import type { LotteryFormatCode } from '@khela/contract/lottery';

/** [English, Bengali] */
export type Words = readonly [string, string];

/** The pictures the art can draw (game-art.ts draws one for each). */
export const MOTIFS = [
  'fruit',
  'cherry',
  'melon',
  'lemon',
  'mango',
  'sevens',
  'temple',
  'dragon',
  'tiger',
  'lotus',
  'gems',
  'treasure',
  'elephant',
  'peacock',
  'kite',
  'boat',
  'night',
  'festival',
  'crown',
  'space',
  'fish',
  'shark',
  'whale',
  'octopus',
  'cards',
  'live',
  'dice',
  'crash',
  'pick',
  'keno',
  'bingo',
  'cricket',
  'football',
  'esports',
  'rooster',
] as const;
export type Motif = (typeof MOTIFS)[number];

/** What a game does when it opens: the naming follows this, never the other way round. */
export type GameMechanics =
  | {
      kind: 'slot';
      reels: number;
      /** Features a name may claim; absent: the game has none of them. */
      megaways?: boolean;
      holdAndWin?: boolean;
      linkedJackpot?: boolean;
      /** Bingo vendors' slots get bingo words. */
      bingo?: boolean;
      /** Only these themes (a fruit machine is named after fruit or sevens). */
      themes?: readonly Motif[];
    }
  | { kind: 'fish' }
  /** One card each side, the higher wins (the demo vendor's dragon/tiger table). */
  | { kind: 'card-duel'; live: boolean; pvp?: boolean }
  /** `ordinal`: the game's place among its kind, so a vendor's few games get different names. */
  | { kind: 'dice'; ordinal: number }
  | { kind: 'crash'; ordinal: number }
  | { kind: 'lottery'; format: LotteryFormatCode; ordinal: number };

interface Theme {
  motif: Motif;
  /** Words that name the theme; any of them (as whole words) in a name means this motif. */
  nouns: readonly Words[];
  adjectives: readonly Words[];
  /** Words that may follow the noun (besides the slot tails). */
  tails?: readonly Words[];
}

// prettier-ignore
export const SLOT_THEMES: readonly Theme[] = [
  { motif: 'fruit',
    nouns: [['Fruits', 'ফল'], ['Mango', 'আম'], ['Cherry', 'চেরি'], ['Fruit Mix', 'ফলের মেলা'], ['Watermelon', 'তরমুজ'], ['Lemon', 'লেবু']],
    adjectives: [['Juicy', 'রসালো'], ['Sweet', 'মিষ্টি'], ['Fresh', 'তাজা'], ['Ripe', 'পাকা'], ['Summer', 'গ্রীষ্মের']],
    tails: [['Bazaar', 'বাজার'], ['Basket', 'ঝুড়ি'], ['Orchard', 'বাগান']] },
  { motif: 'temple',
    nouns: [['Temple', 'মন্দির'], ['Shrine', 'দেউল'], ['Idol', 'মূর্তি'], ['Ruins', 'ধ্বংসাবশেষ'], ['Relics', 'নিদর্শন']],
    adjectives: [['Lost', 'হারানো'], ['Ancient', 'প্রাচীন'], ['Hidden', 'লুকানো'], ['Sacred', 'পবিত্র'], ['Golden', 'সোনালি']],
    tails: [['Gold', 'সোনা'], ['Secrets', 'রহস্য']] },
  { motif: 'dragon',
    nouns: [['Dragon', 'ড্রাগন'], ['Dragon Pearl', 'ড্রাগন মুক্তা'], ['Dragon Gate', 'ড্রাগন তোরণ'], ['Twin Dragons', 'জোড়া ড্রাগন']],
    adjectives: [['Red', 'লাল'], ['Jade', 'সবুজ'], ['Fiery', 'আগুনে'], ['Mighty', 'শক্তিশালী'], ['Golden', 'সোনালি']],
    tails: [['Fortune', 'ভাগ্য'], ['Fire', 'আগুন']] },
  { motif: 'tiger',
    nouns: [['Tiger', 'বাঘ'], ['Bengal Tiger', 'বেঙ্গল টাইগার'], ['Tiger Cub', 'বাঘের ছানা'], ['Sundarban Tiger', 'সুন্দরবনের বাঘ']],
    adjectives: [['Wild', 'বন্য'], ['Mighty', 'শক্তিশালী'], ['Striped', 'ডোরাকাটা'], ['Roaring', 'গর্জনরত'], ['Golden', 'সোনালি']],
    tails: [['Roar', 'গর্জন'], ['Jungle', 'জঙ্গল']] },
  { motif: 'lotus',
    nouns: [['Lotus', 'পদ্ম'], ['Water Lily', 'শাপলা'], ['Lotus Pond', 'পদ্মপুকুর']],
    adjectives: [['Blooming', 'ফুটন্ত'], ['Pink', 'গোলাপি'], ['Sacred', 'পবিত্র'], ['Moonlit', 'চাঁদনি'], ['Dewy', 'শিশিরভেজা']],
    tails: [['Bloom', 'বাহার'], ['Garden', 'বাগান']] },
  { motif: 'gems',
    nouns: [['Gems', 'রত্ন'], ['Diamonds', 'হীরা'], ['Rubies', 'চুনি'], ['Emeralds', 'পান্না'], ['Sapphires', 'নীলা'], ['Jewels', 'জহরত']],
    adjectives: [['Sparkling', 'ঝলমলে'], ['Shining', 'উজ্জ্বল'], ['Royal', 'রাজকীয়'], ['Crystal', 'স্ফটিক'], ['Rare', 'দুর্লভ']],
    tails: [['Mine', 'খনি'], ['Vault', 'ভান্ডার']] },
  { motif: 'treasure',
    nouns: [['Treasure', 'গুপ্তধন'], ['Gold Coins', 'সোনার মোহর'], ['Riches', 'ধনসম্পদ'], ['Fortune Chest', 'ভাগ্যের সিন্দুক']],
    adjectives: [['Hidden', 'লুকানো'], ['Lucky', 'ভাগ্যবান'], ['Grand', 'বিশাল'], ['Sunken', 'ডুবন্ত'], ['Pirate', 'জলদস্যুর']],
    tails: [['Hunt', 'সন্ধান'], ['Island', 'দ্বীপ']] },
  { motif: 'elephant',
    nouns: [['Elephant', 'হাতি'], ['Tusker', 'দাঁতাল'], ['Elephant King', 'হাতির রাজা']],
    adjectives: [['Mighty', 'শক্তিশালী'], ['Royal', 'রাজকীয়'], ['Giant', 'বিরাট'], ['Gentle', 'শান্ত'], ['Golden', 'সোনালি']],
    tails: [['Parade', 'শোভাযাত্রা'], ['Trail', 'পথ']] },
  { motif: 'peacock',
    nouns: [['Peacock', 'ময়ূর'], ['Peacock Feather', 'ময়ূরের পালক'], ['Peacock Dance', 'ময়ূরের নাচ']],
    adjectives: [['Dancing', 'নাচুনে'], ['Proud', 'গর্বিত'], ['Royal', 'রাজকীয়'], ['Shimmering', 'ঝিকমিকে'], ['Blue', 'নীল']],
    tails: [['Garden', 'বাগান'], ['Glory', 'গৌরব']] },
  { motif: 'kite',
    nouns: [['Kite', 'ঘুড়ি'], ['Kite Festival', 'ঘুড়ি উৎসব'], ['Sky Kites', 'আকাশের ঘুড়ি']],
    adjectives: [['Flying', 'উড়ন্ত'], ['Paper', 'কাগজের'], ['Colourful', 'রঙিন'], ['Soaring', 'উঁচুতে ওড়া'], ['Windy', 'হাওয়ার']],
    tails: [['Skies', 'আকাশ'], ['Fight', 'কাটাকাটি']] },
  { motif: 'boat',
    nouns: [['Boat', 'নৌকা'], ['Boat Race', 'নৌকাবাইচ'], ['Padma River', 'পদ্মা নদী'], ['River Boat', 'নদীর নৌকা']],
    adjectives: [['Drifting', 'ভাসমান'], ['Swift', 'দ্রুত'], ['Painted', 'রঙ করা'], ['Monsoon', 'বর্ষার'], ['Evening', 'সন্ধ্যার']],
    tails: [['Journey', 'যাত্রা'], ['Ghat', 'ঘাট']] },
  { motif: 'night',
    nouns: [['Moon', 'চাঁদ'], ['Stars', 'তারা'], ['Full Moon', 'পূর্ণিমা'], ['Night Sky', 'রাতের আকাশ']],
    adjectives: [['Silver', 'রুপালি'], ['Starry', 'তারাভরা'], ['Midnight', 'মাঝরাতের'], ['Mystic', 'রহস্যময়'], ['Dreamy', 'স্বপ্নিল']],
    tails: [['Magic', 'জাদু'], ['Wishes', 'ইচ্ছে']] },
  { motif: 'festival',
    nouns: [['Festival', 'উৎসব'], ['Drums', 'ঢোল'], ['Boishakh', 'বৈশাখ'], ['Mela', 'মেলা'], ['Carnival', 'কার্নিভাল']],
    adjectives: [['Happy', 'খুশির'], ['Grand', 'বিশাল'], ['Joyful', 'আনন্দের'], ['Colourful', 'রঙিন'], ['Festive', 'উৎসবের']],
    tails: [['Beats', 'তাল'], ['Lights', 'আলো']] },
  { motif: 'crown',
    nouns: [['Crown', 'মুকুট'], ['King', 'রাজা'], ['Queen', 'রানি'], ['Palace', 'প্রাসাদ'], ['Maharaja', 'মহারাজা']],
    adjectives: [['Royal', 'রাজকীয়'], ['Golden', 'সোনালি'], ['Imperial', 'সাম্রাজ্যের'], ['Noble', 'অভিজাত'], ['Grand', 'বিশাল']],
    tails: [['Reign', 'রাজত্ব'], ['Court', 'দরবার']] },
  { motif: 'space',
    nouns: [['Planet', 'গ্রহ'], ['Galaxy', 'ছায়াপথ'], ['Cosmos', 'মহাকাশ'], ['Orbit', 'কক্ষপথ']],
    adjectives: [['Cosmic', 'মহাজাগতিক'], ['Distant', 'দূরের'], ['Stellar', 'নাক্ষত্রিক'], ['Neon', 'নিয়ন'], ['Blue', 'নীল']],
    tails: [['Voyage', 'অভিযান'], ['Quest', 'সন্ধান']] },
  { motif: 'sevens',
    nouns: [['Sevens', 'সেভেনস'], ['Triple Seven', 'ট্রিপল সেভেন'], ['Bells', 'ঘণ্টা'], ['Lucky Bars', 'লাকি বার']],
    adjectives: [['Hot', 'হট'], ['Lucky', 'লাকি'], ['Classic', 'ক্লাসিক'], ['Blazing', 'জ্বলন্ত'], ['Double', 'ডাবল']] },
];

/** Words any plain slot may end with: none of them claims a mechanic it does not have. */
// prettier-ignore
const SLOT_TAILS: readonly Words[] = [
  ['Deluxe', 'ডিলাক্স'], ['Classic', 'ক্লাসিক'], ['Reels', 'রিলস'], ['Spins', 'স্পিন'], ['Fever', 'ফিভার'],
  ['Express', 'এক্সপ্রেস'], ['Sevens', 'সেভেনস'],
];

/** Tails that claim a mechanic: a name takes one only when the game has it. */
export const FEATURE_TAILS = {
  megaways: ['Megaways', 'মেগাওয়েজ'],
  holdAndWin: ['Hold and Win', 'হোল্ড অ্যান্ড উইন'],
  linkedJackpot: ['Link', 'লিংক'],
} as const satisfies Record<string, Words>;

// prettier-ignore
const FISH_THEMES: readonly Theme[] = [
  { motif: 'fish',
    nouns: [['Fishing', 'মাছ ধরা'], ['Fish Hunter', 'মাছ শিকারি'], ['Hilsa', 'ইলিশ'], ['Fish Party', 'মাছের মেলা'], ['Rohu', 'রুই'], ['Koi', 'কই'], ['Prawn', 'চিংড়ি']],
    adjectives: [['Lucky', 'ভাগ্যবান'], ['Golden', 'সোনালি'], ['River', 'নদীর'], ['Big', 'বড়'], ['Happy', 'খুশির'], ['Jumping', 'লাফানো']],
    tails: [['Hunt', 'শিকার'], ['Frenzy', 'হুল্লোড়'], ['Net', 'জাল'], ['King', 'রাজা'], ['Feast', 'ভোজ']] },
  { motif: 'shark',
    nouns: [['Shark', 'হাঙর'], ['Whale', 'তিমি'], ['Ocean King', 'সাগর রাজা'], ['Sea Monster', 'সাগর দানব'], ['Octopus', 'অক্টোপাস']],
    adjectives: [['Deep Sea', 'গভীর সমুদ্রের'], ['Mighty', 'শক্তিশালী'], ['Ocean', 'সাগরের'], ['Giant', 'বিরাট'], ['Royal', 'রাজকীয়'], ['Hungry', 'ক্ষুধার্ত']],
    tails: [['Hunt', 'শিকার'], ['Attack', 'আক্রমণ'], ['Bay', 'উপসাগর'], ['Depths', 'গভীরে']] },
];

// prettier-ignore
const DUEL_GAMES: readonly Words[] = [['Dragon Tiger', 'ড্রাগন টাইগার'], ['High Card', 'হাই কার্ড']];
// prettier-ignore
const LIVE_PREFIXES: readonly Words[] = [
  ['Speed', 'স্পিড'], ['VIP', 'ভিআইপি'], ['Royal', 'রয়্যাল'], ['Dhaka', 'ঢাকা'], ['Classic', 'ক্লাসিক'],
  ['Golden', 'গোল্ডেন'], ['Prime', 'প্রাইম'], ['Night', 'নাইট'],
];
// prettier-ignore
const DUEL_PREFIXES: readonly Words[] = [
  ['Lucky', 'লাকি'], ['Royal', 'রয়্যাল'], ['Quick', 'কুইক'], ['Classic', 'ক্লাসিক'], ['Golden', 'গোল্ডেন'], ['Super', 'সুপার'],
  ['Turbo', 'টার্বো'], ['Mega', 'মেগা'], ['Club', 'ক্লাব'], ['Street', 'স্ট্রিট'], ['Dhaka', 'ঢাকা'], ['Silver', 'সিলভার'],
];
// prettier-ignore
const DUEL_TAILS: readonly Words[] = [
  ['Duel', 'দ্বৈরথ'], ['Showdown', 'শোডাউন'], ['Clash', 'লড়াই'], ['Battle', 'যুদ্ধ'], ['Face Off', 'মুখোমুখি'], ['Arena', 'অ্যারেনা'],
];

// prettier-ignore
const DICE_NAMES: readonly Words[] = [
  ['Classic Dice', 'ক্লাসিক ডাইস'], ['Lucky Dice', 'লাকি ডাইস'], ['Roll Under Dice', 'রোল আন্ডার ডাইস'],
  ['Crystal Dice', 'ক্রিস্টাল ডাইস'], ['Turbo Dice', 'টার্বো ডাইস'], ['Khela Dice', 'খেলা ডাইস'],
];
// prettier-ignore
const CRASH_NAMES: readonly Words[] = [
  ['Rocket Crash', 'রকেট ক্র্যাশ'], ['Jet Crash', 'জেট ক্র্যাশ'], ['Sky Crash', 'আকাশ ক্র্যাশ'],
  ['Kite Crash', 'ঘুড়ি ক্র্যাশ'], ['Turbo Crash', 'টার্বো ক্র্যাশ'], ['Balloon Crash', 'বেলুন ক্র্যাশ'],
];
// prettier-ignore
const LOTTERY_PLACES: readonly Words[] = [
  ['Dhaka', 'ঢাকা'], ['Padma', 'পদ্মা'], ['Meghna', 'মেঘনা'], ['Jamuna', 'যমুনা'], ['Sylhet', 'সিলেট'],
  ['Chattogram', 'চট্টগ্রাম'], ['Khulna', 'খুলনা'], ['Rajshahi', 'রাজশাহী'], ['Express', 'এক্সপ্রেস'], ['Quick', 'কুইক'],
];
/** What each lottery format is called. */
export const LOTTERY_FORMAT_NAMES: Record<LotteryFormatCode, Words> = {
  digits3: ['Pick 3', 'পিক ৩'],
  digits2: ['Pick 2', 'পিক ২'],
  keno36: ['Keno 36', 'কেনো ৩৬'],
};
// prettier-ignore
const BINGO_ADJECTIVES: readonly Words[] = [
  ['Lucky', 'লাকি'], ['Golden', 'গোল্ডেন'], ['Happy', 'হ্যাপি'], ['Super', 'সুপার'], ['Jolly', 'জলি'],
  ['Party', 'পার্টি'], ['Diamond', 'ডায়মন্ড'], ['Rainbow', 'রংধনু'], ['Cosy', 'আরামের'], ['Friday', 'শুক্রবারের'],
];
// prettier-ignore
const BINGO_TAILS: readonly Words[] = [['Bingo Spins', 'বিঙ্গো স্পিন'], ['Bingo Reels', 'বিঙ্গো রিলস'], ['Bingo Sevens', 'বিঙ্গো সেভেনস']];

/** A fruit slot named after one fruit shows that fruit. */
const FRUIT_MOTIFS: ReadonlyArray<[Motif, readonly string[]]> = [
  ['cherry', ['cherry', 'cherries']],
  ['melon', ['watermelon', 'melon']],
  ['lemon', ['lemon']],
  ['mango', ['mango']],
];

/** A sea-creature name shows that creature. */
const SEA_MOTIFS: ReadonlyArray<[Motif, readonly string[]]> = [
  ['whale', ['whale']],
  ['octopus', ['octopus']],
];

const refined = (motif: Motif, words: string): Motif => {
  const variants = motif === 'fruit' ? FRUIT_MOTIFS : motif === 'shark' ? SEA_MOTIFS : [];
  const found = variants.find(([, keywords]) => keywords.some((k) => words.includes(` ${k} `)));
  return found ? found[0] : motif;
};
const fruitOf = (words: string) => refined('fruit', words);

export interface GameName {
  nameEn: string;
  nameBn: string;
  motif: Motif;
}

type Random = () => number;
const pick = <T>(next: Random, list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const nth = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const join = (...parts: Words[]): Words => [
  parts
    .map((part) => part[0])
    .filter(Boolean)
    .join(' '),
  parts
    .map((part) => part[1])
    .filter(Boolean)
    .join(' '),
];

function themedName(next: Random, theme: Theme, tails: readonly Words[]): Words {
  const noun = pick(next, theme.nouns);
  const adjective = pick(next, theme.adjectives);
  const form = next();
  const tail = pick(next, [...tails, ...(theme.tails ?? [])]);
  if (form < 0.3) return join(adjective, noun);
  if (form < 0.58) return join(noun, tail);
  if (form < 0.95) return join(adjective, noun, tail);
  return join(noun);
}

/** A name (both languages) for a game of these mechanics, and the motif its art shows. */
export function nameGame(mechanics: GameMechanics, next: Random): GameName {
  const named = (words: Words, motif: Motif): GameName => ({
    nameEn: words[0],
    nameBn: words[1],
    motif: refined(motif, wordsOf(words[0])),
  });
  switch (mechanics.kind) {
    case 'slot': {
      if (mechanics.bingo) {
        return named(join(pick(next, BINGO_ADJECTIVES), pick(next, BINGO_TAILS)), 'bingo');
      }
      const allowed = mechanics.themes;
      const theme = pick(
        next,
        allowed ? SLOT_THEMES.filter((entry) => allowed.includes(entry.motif)) : SLOT_THEMES,
      );
      const features = (Object.keys(FEATURE_TAILS) as Array<keyof typeof FEATURE_TAILS>).filter(
        (feature) => mechanics[feature],
      );
      if (features.length > 0 && next() < 0.6) {
        const feature = FEATURE_TAILS[pick(next, features)];
        return named(
          join(pick(next, theme.adjectives), pick(next, theme.nouns), feature),
          theme.motif,
        );
      }
      // "Triple …": a 3-reel machine, as the classic ones are called.
      if (mechanics.reels === 3 && next() < 0.08) {
        const noun = pick(next, theme.nouns);
        return named(
          noun[0].startsWith('Triple') ? noun : join(['Triple', 'ট্রিপল'], noun),
          theme.motif,
        );
      }
      const words = themedName(next, theme, SLOT_TAILS);
      return named(words, theme.motif);
    }
    case 'fish': {
      const theme = pick(next, FISH_THEMES);
      return named(themedName(next, theme, []), theme.motif);
    }
    case 'card-duel': {
      const game = pick(next, DUEL_GAMES);
      const motif = mechanics.live ? 'live' : 'cards';
      if (mechanics.live) return named(join(pick(next, LIVE_PREFIXES), game), motif);
      if (mechanics.pvp && next() < 0.5) return named(join(game, pick(next, DUEL_TAILS)), motif);
      return named(join(pick(next, DUEL_PREFIXES), game), motif);
    }
    case 'dice':
      return named(nth(DICE_NAMES, mechanics.ordinal), 'dice');
    case 'crash':
      return named(nth(CRASH_NAMES, mechanics.ordinal), 'crash');
    case 'lottery':
      return named(
        join(nth(LOTTERY_PLACES, mechanics.ordinal), LOTTERY_FORMAT_NAMES[mechanics.format]),
        mechanics.format === 'keno36' ? 'keno' : 'pick',
      );
  }
}

// ── The motif of a name ──────────────────────────────────────────────────────────────────────

const wordsOf = (text: string) => ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;

/** Keywords checked first: the mechanics (a "Kite Crash" is a crash game, not a kite slot). */
// prettier-ignore
const MECHANIC_KEYWORDS: ReadonlyArray<[Motif, readonly string[]]> = [
  ['crash', ['crash', 'rocket', 'aviator']],
  ['dice', ['dice', 'sic bo']],
  ['keno', ['keno']],
  ['pick', ['pick 2', 'pick 3', 'lotto', 'lottery', 'draw']],
  ['bingo', ['bingo']],
  ['cards', ['dragon tiger', 'high card', 'baccarat', 'teen patti', 'andar bahar', 'poker', 'rummy', 'blackjack', 'card']],
  ['cricket', ['cricket']],
  ['rooster', ['cockfight', 'rooster']],
  ['esports', ['e sports', 'esports']],
];

const THEME_KEYWORDS: ReadonlyArray<[Motif, readonly string[]]> = [...FISH_THEMES, ...SLOT_THEMES]
  .filter((theme) => theme.motif !== 'sevens')
  .map((theme) => [theme.motif, theme.nouns.map(([en]) => en.toLowerCase())]);

/** The motif a game's art shows: from its name, else from its category. */
export function motifOf(nameEn: string, category: string, classification?: string | null): Motif {
  const words = wordsOf(nameEn);
  const has = (keyword: string) => words.includes(` ${keyword} `);
  for (const [motif, keywords] of MECHANIC_KEYWORDS) {
    if (keywords.some(has)) return motif === 'cards' && category === 'LIVE' ? 'live' : motif;
  }
  if (category === 'LIVE') return 'live';
  if (category === 'PVP' || classification === 'TABLE') return 'cards';
  if (category === 'SPORTS') return 'football';
  if (category === 'ESPORTS') return 'esports';
  if (category === 'COCKFIGHT') return 'rooster';
  if (category === 'LOTT' || category === 'ELOTT') return 'pick';
  if (category === 'BINGO' || classification === 'BG') return 'bingo';
  for (const [motif, keywords] of THEME_KEYWORDS) {
    if (keywords.some(has)) return refined(motif, words);
  }
  if (category === 'FISH') return 'fish';
  return ['sevens', 'seven', '7s', 'bells', 'bars'].some(has) ? 'sevens' : fruitOf(words);
}
