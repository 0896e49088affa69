/**
 * The demo vendor's games and their paytables. Outcomes come from node:crypto (`randomInt`), drawn
 * on the vendor's server, never in the page. Each game returns about 96% of stakes:
 *
 * Slot (3 reels): one draw in 0..9999 picks the line, then reels are drawn to show it.
 *   3 sevens 50×  (20 in 10,000)   → 0.100
 *   3 stars  20×  (60)             → 0.120
 *   3 bells  10×  (150)            → 0.150
 *   3 cherries 5× (300)            → 0.150
 *   2 cherries 2× (1,200)          → 0.240
 *   1 cherry   1× (2,000)          → 0.200
 *   anything else 0× (6,270)       → RTP 0.960
 *
 * Fish: the player casts at one of five fish; each is caught with the chance that makes it
 * return 96%: sardine 2× at 48%, hilsa 5× at 19.2%, tuna 10× at 9.6%, shark 25× at 3.84%, whale
 * 50× at 1.92% (chances in millionths).
 *
 * Table (dragon/tiger): one card 1..13 each side. The chosen side higher pays 2×; a tie returns
 * half the stake: 2 × 6/13 + 0.5 × 1/13 = 25/26 ≈ 0.9615.
 */
import { randomInt } from 'node:crypto';

/** Draws an integer in [0, max): node:crypto's uniform, unbiased generator by default. */
export type Draw = (max: number) => number;
const cryptoDraw: Draw = (max) => randomInt(max);

/** Stakes the page offers, in minor units. */
export const DEMO_STAKES = [100, 500, 1_000, 5_000] as const;

// ── Slot ──────────────────────────────────────────────────────────────────────────────────────

export const SLOT_SYMBOLS = ['seven', 'star', 'bell', 'cherry', 'lemon', 'plum'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** [weight in 10,000, multiplier ×2 (halves allowed), line] */
export const SLOT_LINES = [
  { weight: 20, times2: 100, line: 'seven3' },
  { weight: 60, times2: 40, line: 'star3' },
  { weight: 150, times2: 20, line: 'bell3' },
  { weight: 300, times2: 10, line: 'cherry3' },
  { weight: 1_200, times2: 4, line: 'cherry2' },
  { weight: 2_000, times2: 2, line: 'cherry1' },
] as const;
export const SLOT_TOTAL_WEIGHT = 10_000;

export interface SlotOutcome {
  kind: 'slot';
  reels: SlotSymbol[];
  /** Twice the multiplier, so halves stay integers. */
  times2: number;
}

export function playSlot(draw: Draw = cryptoDraw): SlotOutcome {
  let ticket = draw(SLOT_TOTAL_WEIGHT);
  for (const entry of SLOT_LINES) {
    if (ticket < entry.weight)
      return { kind: 'slot', reels: reelsFor(entry.line, draw), times2: entry.times2 };
    ticket -= entry.weight;
  }
  return { kind: 'slot', reels: losingReels(draw), times2: 0 };
}

const NON_CHERRY: SlotSymbol[] = ['seven', 'star', 'bell', 'lemon', 'plum'];

function reelsFor(line: (typeof SLOT_LINES)[number]['line'], draw: Draw): SlotSymbol[] {
  switch (line) {
    case 'seven3':
      return ['seven', 'seven', 'seven'];
    case 'star3':
      return ['star', 'star', 'star'];
    case 'bell3':
      return ['bell', 'bell', 'bell'];
    case 'cherry3':
      return ['cherry', 'cherry', 'cherry'];
    case 'cherry2':
    case 'cherry1': {
      const cherries = line === 'cherry2' ? 2 : 1;
      const reels = Array.from({ length: 3 }, () => NON_CHERRY[draw(NON_CHERRY.length)]!);
      // Cherries on distinct reels, the others anything but a cherry.
      const spots = [0, 1, 2];
      for (let i = 0; i < cherries; i += 1) {
        const [spot] = spots.splice(draw(spots.length), 1);
        reels[spot!] = 'cherry';
      }
      return reels;
    }
  }
}

/** What a line of reels pays (twice the multiplier): the rule the reels are drawn to show. */
export function slotTimes2(reels: readonly SlotSymbol[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c) {
    if (a === 'seven') return 100;
    if (a === 'star') return 40;
    if (a === 'bell') return 20;
    if (a === 'cherry') return 10;
  }
  const cherries = reels.filter((symbol) => symbol === 'cherry').length;
  return cherries === 2 ? 4 : cherries === 1 ? 2 : 0;
}

/** No cherry and not three of a kind. */
function losingReels(draw: Draw): SlotSymbol[] {
  for (;;) {
    const reels = Array.from({ length: 3 }, () => NON_CHERRY[draw(NON_CHERRY.length)]!);
    if (!(reels[0] === reels[1] && reels[1] === reels[2])) return reels;
  }
}

// ── Fish ──────────────────────────────────────────────────────────────────────────────────────

export const FISH = [
  { id: 'sardine', times2: 4, chancePpm: 480_000 },
  { id: 'hilsa', times2: 10, chancePpm: 192_000 },
  { id: 'tuna', times2: 20, chancePpm: 96_000 },
  { id: 'shark', times2: 50, chancePpm: 38_400 },
  { id: 'whale', times2: 100, chancePpm: 19_200 },
] as const;
export type FishId = (typeof FISH)[number]['id'];

export interface FishOutcome {
  kind: 'fish';
  fish: FishId;
  caught: boolean;
  times2: number;
}

export function playFish(fishId: FishId, draw: Draw = cryptoDraw): FishOutcome {
  const fish = FISH.find((f) => f.id === fishId)!;
  const caught = draw(1_000_000) < fish.chancePpm;
  return { kind: 'fish', fish: fish.id, caught, times2: caught ? fish.times2 : 0 };
}

// ── Table (dragon/tiger) ──────────────────────────────────────────────────────────────────────

export type TableSide = 'dragon' | 'tiger';

export interface TableOutcome {
  kind: 'table';
  side: TableSide;
  /** Card ranks 1 (ace) to 13 (king). */
  dragon: number;
  tiger: number;
  times2: number;
}

export function playTable(side: TableSide, draw: Draw = cryptoDraw): TableOutcome {
  const dragon = draw(13) + 1;
  const tiger = draw(13) + 1;
  const mine = side === 'dragon' ? dragon : tiger;
  const theirs = side === 'dragon' ? tiger : dragon;
  // Higher: 2× (stake back and as much again); a tie: half the stake back.
  const times2 = mine > theirs ? 4 : mine === theirs ? 1 : 0;
  return { kind: 'table', side, dragon, tiger, times2 };
}

export type DemoOutcome = SlotOutcome | FishOutcome | TableOutcome;

/** The win for a stake: stakes are whole minor units, halves round down. */
export const winFor = (stakeMinor: number, outcome: DemoOutcome) =>
  Math.floor((stakeMinor * outcome.times2) / 2);
