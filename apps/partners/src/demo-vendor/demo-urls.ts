/**
 * Where the demo vendor's pages are and which of its games a launch opens. The product's launch
 * opens the page address the operator registered (…/demo-vendor/play) with the game session
 * token, the game code, the language and the catalogue's category in its query, as a real
 * vendor's lobby address would carry them.
 */

export const DEMO_VENDOR_PREFIX = '/demo-vendor';

/** The demo vendor's games: a 3-reel slot, a fish pick, a dragon/tiger table. */
export const DEMO_GAME_KINDS = ['slot', 'fish', 'table'] as const;
export type DemoGameKind = (typeof DEMO_GAME_KINDS)[number];

/**
 * Which of its games the demo vendor runs for a catalogue game: slots (and bingo) its slot, fish
 * its fish pick, table games (classification TABLE, live, cards…) its dragon/tiger table.
 */
export function demoKindFor(category: string, classification?: string | null): DemoGameKind {
  if (classification === 'TABLE') return 'table';
  if (category === 'RNG' || category === 'BINGO') return 'slot';
  if (category === 'FISH') return 'fish';
  return 'table';
}
