/**
 * Where the demo vendor lives and how a launch addresses its game page. The demo vendor stands in
 * for an outside game provider: our launch hands it a game session token in the page address, as
 * a real vendor's lobby URL would carry it.
 */
import type { Language } from '@khela/contract/language';

export const DEMO_VENDOR_PREFIX = '/demo-vendor';
export const DEMO_PROVIDER_CODE = 'DEMO';

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

export function demoPlayUrl(launch: {
  token: string;
  gameCode: string;
  kind: DemoGameKind;
  language: Language;
}): string {
  const query = new URLSearchParams({
    token: launch.token,
    game: launch.gameCode,
    kind: launch.kind,
    lang: launch.language,
  });
  return `${DEMO_VENDOR_PREFIX}/play?${query.toString()}`;
}
