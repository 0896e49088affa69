/**
 * Invented sides and players. They read like real domestic and international sides of their
 * sport, and none is one: no real club, franchise or player is named.
 */
import { rngOf } from './rng';

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
