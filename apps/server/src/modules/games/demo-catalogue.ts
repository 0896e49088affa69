/**
 * The demo catalogue made at first start: made-up vendors over every category (JILI, FC and PGE
 * among them, as the spec's home rows name them) and over 3,000 games with made-up names in
 * English and Bengali. A game's name says what it is (game-names.ts): the demo vendor's 3-reel
 * slot, fish pick or dragon/tiger table, our lottery's format, our in-house dice, crash or slot.
 * The same seed always makes the same catalogue. Icons are drawn by us from each game's name and
 * seed (game-art.ts); no real brand art.
 */
import type { GameCategory } from '@khela/contract/games';
import { fairGameOfCode } from '@khela/contract/originals';
import { formatFor } from '../lottery/lottery-draw';
import { nameGame, type GameMechanics, type GameName, type Motif } from './game-names';
import { seededRandom } from '../../lib/seeded-random';

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

/** Classifications of the categories that have one (RNG's are slots, or tables at the end). */
const CLASSIFICATIONS: Partial<Record<GameCategory, string>> = {
  FISH: 'FISH',
  PVP: 'CARD',
  BINGO: 'BG',
};

/** Share of an RNG vendor's games that are table games (dragon/tiger), listed after its slots. */
const RNG_TABLE_SHARE = 0.06;

/** What the demo vendor plays for the demo slots: 3 reels, one line, no features. */
const DEMO_SLOT = { kind: 'slot', reels: 3 } as const satisfies GameMechanics;

/** A colour a name speaks of sets the card's colour family (CARD_THEMES' order). */
// prettier-ignore
const COLOUR_WORDS: ReadonlyArray<[RegExp, number]> = [
  [/\b(Blue|Sapphires|Ocean|Midnight|Night)\b/, 0], [/\b(Red|Crimson|Fiery|Rubies|Fire)\b/, 1],
  [/\b(Jade|Emeralds|Jungle|Water Lily)\b/, 2], [/\b(Golden|Gold|Treasure)\b/, 3],
  [/\b(Neon|Cosmic|Mystic)\b/, 4], [/\b(River|Padma|Sea|Pond|Diamonds)\b/, 5], [/\b(Pink|Lotus)\b/, 6],
  [/\b(Silver)\b/, 7],
];

/** FNV-1a: each vendor's names come from a stream of their own, stable when others change. */
function hashOf(text: string): number {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash >>> 0;
}

/** The mechanics of a vendor's i-th game: what opens when it is played. */
function mechanicsOf(
  vendor: DemoVendor,
  i: number,
  gameCode: string,
  ordinals: Map<string, number>,
): { mechanics: GameMechanics | null; classification: string | null } {
  const ordinal = (kind: string) => {
    const n = ordinals.get(kind) ?? 0;
    ordinals.set(kind, n + 1);
    return n;
  };
  const classification = CLASSIFICATIONS[vendor.category] ?? null;
  switch (vendor.category) {
    case 'RNG': {
      const tables = Math.round(vendor.games * RNG_TABLE_SHARE);
      return i >= vendor.games - tables
        ? { mechanics: { kind: 'card-duel', live: false }, classification: 'TABLE' }
        : { mechanics: DEMO_SLOT, classification: 'SLOT' };
    }
    case 'BINGO':
      return { mechanics: { ...DEMO_SLOT, bingo: true }, classification };
    case 'FISH':
      return { mechanics: { kind: 'fish' }, classification };
    case 'PVP':
      return { mechanics: { kind: 'card-duel', live: false, pvp: true }, classification };
    case 'LIVE':
      return { mechanics: { kind: 'card-duel', live: true }, classification };
    case 'LOTT':
    case 'ELOTT':
      return {
        mechanics: { kind: 'lottery', format: formatFor(i), ordinal: ordinal('lottery') },
        classification,
      };
    case 'INHOUSE': {
      const fair = fairGameOfCode(gameCode);
      if (fair === 'dice' || fair === 'crash') {
        return { mechanics: { kind: fair, ordinal: ordinal(fair) }, classification };
      }
      return { mechanics: { ...DEMO_SLOT, themes: ['fruit', 'sevens'] }, classification };
    }
    case 'SPORTS':
    case 'ESPORTS':
    case 'COCKFIGHT':
      // A sportsbook, e-sports or cockfight vendor's one game is its own lobby: its name.
      return { mechanics: null, classification };
  }
}

export function demoGames(seed = 20261121): DemoGame[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const games: DemoGame[] = [];
  const ordinals = new Map<string, number>();
  const hotMotifs: Motif[] = [];
  let hot = 0;
  for (const vendor of DEMO_VENDORS) {
    const seen = new Set<string>();
    const nextName = seededRandom(seed ^ hashOf(vendor.code));
    const motifs: Motif[] = [];
    for (let i = 0; i < vendor.games; i += 1) {
      const gameCode = `${vendor.code.toLowerCase()}-${String(i + 1).padStart(4, '0')}`;
      const { mechanics, classification } = mechanicsOf(vendor, i, gameCode, ordinals);
      const isHot = vendor.games > 20 && next() < 0.02;
      let [nameEn, nameBn] = [vendor.nameEn, vendor.nameBn];
      let motif: Motif | undefined;
      // A few more draws for a name the vendor has not used yet, of a theme unlike its last few
      // games' (and, for a hot game, unlike the last hot games'), so a lobby's rows look varied.
      const themed = mechanics?.kind === 'slot' && !mechanics.bingo;
      const recent = new Set(
        themed ? [...motifs.slice(-4), ...(isHot ? hotMotifs.slice(-3) : [])] : [],
      );
      let fallback: GameName | undefined;
      for (let attempt = 0; mechanics && attempt < 12; attempt += 1) {
        const name = nameGame(mechanics, nextName);
        if (!seen.has(name.nameEn)) fallback ??= name;
        [nameEn, nameBn, motif] = [name.nameEn, name.nameBn, name.motif];
        if (!seen.has(nameEn) && !recent.has(motif)) {
          fallback = undefined;
          break;
        }
      }
      if (fallback) [nameEn, nameBn, motif] = [fallback.nameEn, fallback.nameBn, fallback.motif];
      if (motif) motifs.push(motif);
      if (motif && isHot) hotMotifs.push(motif);
      // Two games of one vendor never share a name: number the later ones (live tables, …).
      let n = 2;
      const base = [nameEn, nameBn] as const;
      while (seen.has(nameEn)) {
        [nameEn, nameBn] = [`${base[0]} ${n}`, `${base[1]} ${n.toLocaleString('bn-BD')}`];
        n += 1;
      }
      seen.add(nameEn);
      const isNew = next() < 0.06;
      const iconSeed = Math.floor(next() * 2 ** 31);
      const drawnTheme = Math.floor(next() * 8);
      const colour = COLOUR_WORDS.find(([words]) => words.test(nameEn));
      games.push({
        vendorCode: vendor.code,
        gameCode,
        nameEn,
        nameBn,
        gameType: vendor.gameType,
        classification,
        isNew,
        hotRank: isHot ? (hot += 1) : null,
        sortOrder: i,
        iconSeed,
        theme: colour ? colour[1] : drawnTheme,
        minBetMinor: BigInt(pick([10, 20, 50, 100, 200, 500])),
        // The demo slot pays on one line.
        lines: mechanics?.kind === 'slot' ? 1 : 0,
        playType: vendor.category === 'PVP' ? pick(['Tradition', 'Entertainment'] as const) : null,
      });
    }
  }
  return games;
}
