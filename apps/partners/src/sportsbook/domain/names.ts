/**
 * Invented sides and players. They read like real domestic and international sides of their
 * sport, and none is one: no real club, franchise or player is named.
 */
import { rngOf } from './rng';
import type { Text } from './types';

export const CRICKET_INTERNATIONAL = [
  'Padma Republic',
  'Coral Isles',
  'Highveld',
  'Southern Capes',
  'Indus Plains',
  'Leeward Union',
  'North Sea Isles',
  'Kiwi Coast',
  'Tasman Federation',
  'Lanka Reef',
  'Hindu Kush',
  'Zambezi',
] as const;

export const CRICKET_DOMESTIC = [
  'Sylhet Tea Barons',
  'Chattogram Tides',
  'Khulna Mangroves',
  'Barishal Boatmen',
  'Mymensingh Monarchs',
  'Bogura Bulls',
  'Jashore Jets',
  'Narayanganj Nawabs',
  'Dhaka Dynamos',
  'Rajshahi Mango Kings',
] as const;

export const FOOTBALL_LEAGUES = {
  'Bengal Premier League': [
    'Buriganga United',
    'Lalbagh Athletic',
    'Motijheel Rovers',
    'Gulshan City',
    'Uttara Wanderers',
    'Savar Town',
    'Tongi Albion',
    'Gazipur Rangers',
  ],
  'Continental Super League': [
    'Real Costa Verde',
    'Atletico Montalba',
    'Sporting Lisvale',
    'Borussia Altmark',
    'Olympique Rivemer',
    'Inter Valdoro',
    'Dynamo Kirovsk',
    'Hamburg Nord FC',
  ],
} as const;

export const KABADDI_SIDES = [
  'Padma Panthers',
  'Jamuna Jaguars',
  'Teesta Titans',
  'Surma Sharks',
  'Meghna Mavericks',
  'Karnaphuli Kings',
  'Dhaleshwari Daredevils',
  'Rupsha Raiders',
] as const;

export const ESPORTS_TEAMS = [
  'Storm Owls',
  'Crimson Vipers',
  'Pixel Nawabs',
  'Monsoon Five',
  'Quantum Jackals',
  'Sundarban Ghosts',
  'Neon Herons',
  'Delta Rush',
] as const;

export const ESPORTS_COMPETITIONS = ['Delta Masters', 'Bay Invitational'] as const;

/** Fighting cocks: the meron (the favourite) and the wala are drawn from these. */
export const COCKFIGHT_ROOSTERS = [
  'Red Cyclone',
  'Black Tiger',
  'Golden Hawk',
  'White Thunder',
  'Iron Spur',
  'Fire Comb',
  'Storm Crest',
  'Copper King',
  'Night Raider',
  'Jade Warrior',
] as const;

export const COCKFIGHT_DERBIES = ['Padma Pit Derby', 'Sundarban Cockpit Cup'] as const;

const GIVEN = [
  'Arif',
  'Tanvir',
  'Sabbir',
  'Rakib',
  'Nayeem',
  'Imran',
  'Shohel',
  'Mahin',
  'Rony',
  'Fahim',
  'Jamal',
  'Kamrul',
  'Liton',
  'Masud',
  'Nasir',
  'Obaid',
  'Parvez',
  'Rasel',
  'Sajid',
  'Tushar',
  'Dev',
  'Kieran',
  'Marlon',
  'Dane',
  'Quinton',
  'Rohan',
  'Asif',
  'Harry',
  'Jason',
  'Shane',
] as const;
const FAMILY = [
  'Hossain',
  'Rahman',
  'Islam',
  'Ahmed',
  'Chowdhury',
  'Sarkar',
  'Mridha',
  'Talukdar',
  'Molla',
  'Bhuiyan',
  'Khan',
  'Siddique',
  'Joarder',
  'Patwary',
  'Mondal',
  'Fernando',
  'Walcott',
  'Pieterse',
  'Naidu',
  'Brathwaite',
  'Carver',
  'Osei',
  'Mehta',
  'Latham',
  'Dunmore',
] as const;

/** Eleven names for a side, the same for the same side every time. */
export function squadOf(team: string): string[] {
  const rng = rngOf('squad', team);
  const names = new Set<string>();
  while (names.size < 11) names.add(`${rng.pick(GIVEN)} ${rng.pick(FAMILY)}`);
  return [...names];
}

/** Bengali names of the sides, fighters and competitions (players: BN_GIVEN and BN_FAMILY). */
const BN_NAMES: Record<string, string> = {
  'Padma Republic': 'পদ্মা রিপাবলিক',
  'Coral Isles': 'প্রবাল দ্বীপপুঞ্জ',
  Highveld: 'হাইভেল্ড',
  'Southern Capes': 'সাদার্ন কেপস',
  'Indus Plains': 'সিন্ধু সমভূমি',
  'Leeward Union': 'লিওয়ার্ড ইউনিয়ন',
  'North Sea Isles': 'উত্তর সাগর দ্বীপপুঞ্জ',
  'Kiwi Coast': 'কিউই উপকূল',
  'Tasman Federation': 'তাসমান ফেডারেশন',
  'Lanka Reef': 'লঙ্কা রিফ',
  'Hindu Kush': 'হিন্দুকুশ',
  Zambezi: 'জাম্বেজি',
  'Sylhet Tea Barons': 'সিলেট টি ব্যারনস',
  'Chattogram Tides': 'চট্টগ্রাম টাইডস',
  'Khulna Mangroves': 'খুলনা ম্যানগ্রোভস',
  'Barishal Boatmen': 'বরিশাল মাঝি',
  'Mymensingh Monarchs': 'ময়মনসিংহ মোনার্কস',
  'Bogura Bulls': 'বগুড়া বুলস',
  'Jashore Jets': 'যশোর জেটস',
  'Narayanganj Nawabs': 'নারায়ণগঞ্জ নবাবস',
  'Dhaka Dynamos': 'ঢাকা ডায়নামোস',
  'Rajshahi Mango Kings': 'রাজশাহী আম রাজা',
  'Buriganga United': 'বুড়িগঙ্গা ইউনাইটেড',
  'Lalbagh Athletic': 'লালবাগ অ্যাথলেটিক',
  'Motijheel Rovers': 'মতিঝিল রোভার্স',
  'Gulshan City': 'গুলশান সিটি',
  'Uttara Wanderers': 'উত্তরা ওয়ান্ডারার্স',
  'Savar Town': 'সাভার টাউন',
  'Tongi Albion': 'টঙ্গী অ্যালবিয়ন',
  'Gazipur Rangers': 'গাজীপুর রেঞ্জার্স',
  'Real Costa Verde': 'রিয়াল কোস্তা ভের্দে',
  'Atletico Montalba': 'আতলেতিকো মন্তালবা',
  'Sporting Lisvale': 'স্পোর্টিং লিসভেল',
  'Borussia Altmark': 'বরুসিয়া আল্টমার্ক',
  'Olympique Rivemer': 'অলিম্পিক রিভমের',
  'Inter Valdoro': 'ইন্টার ভালদোরো',
  'Dynamo Kirovsk': 'ডায়নামো কিরোভস্ক',
  'Hamburg Nord FC': 'হামবুর্গ নর্ড এফসি',
  'Padma Panthers': 'পদ্মা প্যান্থার্স',
  'Jamuna Jaguars': 'যমুনা জাগুয়ার্স',
  'Teesta Titans': 'তিস্তা টাইটান্স',
  'Surma Sharks': 'সুরমা শার্কস',
  'Meghna Mavericks': 'মেঘনা ম্যাভেরিকস',
  'Karnaphuli Kings': 'কর্ণফুলী কিংস',
  'Dhaleshwari Daredevils': 'ধলেশ্বরী ডেয়ারডেভিলস',
  'Rupsha Raiders': 'রূপসা রেইডার্স',
  'Storm Owls': 'স্টর্ম আউলস',
  'Crimson Vipers': 'ক্রিমসন ভাইপারস',
  'Pixel Nawabs': 'পিক্সেল নবাবস',
  'Monsoon Five': 'মনসুন ফাইভ',
  'Quantum Jackals': 'কোয়ান্টাম জ্যাকলস',
  'Sundarban Ghosts': 'সুন্দরবন ঘোস্টস',
  'Neon Herons': 'নিয়ন হেরনস',
  'Delta Rush': 'ডেল্টা রাশ',
  'Red Cyclone': 'লাল ঘূর্ণি',
  'Black Tiger': 'কালো বাঘ',
  'Golden Hawk': 'সোনালি বাজ',
  'White Thunder': 'সাদা বজ্র',
  'Iron Spur': 'লোহার নখর',
  'Fire Comb': 'আগুন ঝুঁটি',
  'Storm Crest': 'ঝড়ের ঝুঁটি',
  'Copper King': 'তামার রাজা',
  'Night Raider': 'রাতের হানাদার',
  'Jade Warrior': 'সবুজ যোদ্ধা',
  'T20 International Series': 'টি-টোয়েন্টি আন্তর্জাতিক সিরিজ',
  'ODI International Series': 'ওয়ানডে আন্তর্জাতিক সিরিজ',
  'Bengal T20 League': 'বেঙ্গল টি-টোয়েন্টি লিগ',
  'National One-Day Cup': 'জাতীয় ওয়ানডে কাপ',
  'Bengal Premier League': 'বেঙ্গল প্রিমিয়ার লিগ',
  'Continental Super League': 'কন্টিনেন্টাল সুপার লিগ',
  'Kabaddi Pro League': 'কাবাডি প্রো লিগ',
  'Delta Masters': 'ডেল্টা মাস্টার্স',
  'Bay Invitational': 'বে ইনভাইটেশনাল',
  'Padma Pit Derby': 'পদ্মা পিট ডার্বি',
  'Sundarban Cockpit Cup': 'সুন্দরবন ককপিট কাপ',
};

// prettier-ignore
const BN_GIVEN: Record<(typeof GIVEN)[number], string> = {
  Arif: 'আরিফ', Tanvir: 'তানভীর', Sabbir: 'সাব্বির', Rakib: 'রাকিব', Nayeem: 'নাঈম', Imran: 'ইমরান',
  Shohel: 'সোহেল', Mahin: 'মাহিন', Rony: 'রনি', Fahim: 'ফাহিম', Jamal: 'জামাল', Kamrul: 'কামরুল',
  Liton: 'লিটন', Masud: 'মাসুদ', Nasir: 'নাসির', Obaid: 'ওবায়েদ', Parvez: 'পারভেজ', Rasel: 'রাসেল',
  Sajid: 'সাজিদ', Tushar: 'তুষার', Dev: 'দেব', Kieran: 'কিয়েরান', Marlon: 'মারলন', Dane: 'ডেন',
  Quinton: 'কুইন্টন', Rohan: 'রোহান', Asif: 'আসিফ', Harry: 'হ্যারি', Jason: 'জেসন', Shane: 'শেন',
};

// prettier-ignore
const BN_FAMILY: Record<(typeof FAMILY)[number], string> = {
  Hossain: 'হোসেন', Rahman: 'রহমান', Islam: 'ইসলাম', Ahmed: 'আহমেদ', Chowdhury: 'চৌধুরী',
  Sarkar: 'সরকার', Mridha: 'মৃধা', Talukdar: 'তালুকদার', Molla: 'মোল্লা', Bhuiyan: 'ভূঁইয়া',
  Khan: 'খান', Siddique: 'সিদ্দিক', Joarder: 'জোয়ার্দার', Patwary: 'পাটোয়ারী', Mondal: 'মণ্ডল',
  Fernando: 'ফার্নান্দো', Walcott: 'ওয়ালকট', Pieterse: 'পিটারসে', Naidu: 'নাইডু',
  Brathwaite: 'ব্রাথওয়েট', Carver: 'কারভার', Osei: 'ওসেই', Mehta: 'মেহতা', Latham: 'ল্যাথাম',
  Dunmore: 'ডানমোর',
};

/**
 * An invented name in both languages: a side, fighter or competition from the lists above, or a
 * player (given and family name). A name it does not know stays as it is in both.
 */
export function localName(name: string): Text {
  const known = BN_NAMES[name];
  if (known) return { EN: name, BN: known };
  const [given, family] = name.split(' ') as [string, string | undefined];
  const bnGiven = (BN_GIVEN as Record<string, string>)[given];
  const bnFamily = family && (BN_FAMILY as Record<string, string>)[family];
  return { EN: name, BN: bnGiven && bnFamily ? `${bnGiven} ${bnFamily}` : name };
}

/** Every invented name of a list with a Bengali one (the tests check none is missing). */
export const hasBengaliName = (name: string) => localName(name).BN !== name;
