/**
 * What a bet pays, from its legs' odds and outcomes: exact integer arithmetic on minor units
 * (paisa), rounded down once at the end. A single is an accumulator of one leg.
 *
 * Per leg, the stake is multiplied by: win → odds; lose → 0; void → 1 (odds 1.00: the rest of an
 * accumulator stands); half win → (odds + 1) / 2; half lose → 1/2; dead heat among n → odds / n.
 * An accumulator is lost as soon as a leg loses; otherwise it waits for every leg.
 */
import type { Outcome } from './types';

export interface SettledLeg {
  /** Hundredths, as taken. */
  odds: number;
  /** Undefined: not known yet. */
  outcome: Outcome | undefined;
}

interface Ratio {
  num: bigint;
  den: bigint;
}

export function legFactor(odds: number, outcome: Outcome): Ratio {
  const o = BigInt(odds);
  switch (outcome.kind) {
    case 'win':
      return { num: o, den: 100n };
    case 'lose':
      return { num: 0n, den: 1n };
    case 'void':
      return { num: 1n, den: 1n };
    case 'half_win':
      return { num: o + 100n, den: 200n };
    case 'half_lose':
      return { num: 1n, den: 2n };
    case 'dead_heat':
      return { num: o, den: 100n * BigInt(outcome.among) };
  }
}

/** Stake × the product of the ratios, rounded down to the paisa. */
function apply(stakeMinor: bigint, ratios: Ratio[]): bigint {
  let num = stakeMinor;
  let den = 1n;
  for (const r of ratios) {
    num *= r.num;
    den *= r.den;
  }
  return num / den;
}

/** The bet's combined odds in hundredths (rounded down), as the slip shows it. */
export function combinedOdds(odds: number[]): number {
  return Number(
    apply(
      100n,
      odds.map((o) => ({ num: BigInt(o), den: 100n })),
    ),
  );
}

/** What the bet returns if every leg wins. */
export const potentialReturn = (stakeMinor: bigint, odds: number[]) =>
  apply(
    stakeMinor,
    odds.map((o) => ({ num: BigInt(o), den: 100n })),
  );

/** The bet's return once known: a lost leg ends it at 0; otherwise undefined until all are known. */
export function betReturn(stakeMinor: bigint, legs: SettledLeg[]): bigint | undefined {
  if (legs.some((leg) => leg.outcome?.kind === 'lose')) return 0n;
  if (legs.some((leg) => !leg.outcome)) return undefined;
  return apply(
    stakeMinor,
    legs.map((leg) => legFactor(leg.odds, leg.outcome!)),
  );
}

export type BetResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost' | 'returned';

/** The word a settled bet is shown with. */
export function betResult(stakeMinor: bigint, legs: SettledLeg[], returned: bigint): BetResult {
  if (returned === 0n) return 'lost';
  if (legs.every((leg) => leg.outcome?.kind === 'void')) return 'void';
  if (legs.length === 1 && legs[0]!.outcome?.kind === 'half_win') return 'half_won';
  if (legs.length === 1 && legs[0]!.outcome?.kind === 'half_lose') return 'half_lost';
  return returned > stakeMinor ? 'won' : 'returned';
}

export interface CashOutLeg extends SettledLeg {
  /** The selection's odds now (hundredths); undefined when its market is suspended or closed. */
  currentOdds: number | undefined;
}

/**
 * The price offered to cash a bet out now: the stake carried through the legs already settled at
 * their factors, and through the open ones at taken odds over current odds, less the operator's
 * cash-out fee. None when a leg lost, a leg's market is not open, or nothing is left open.
 */
export function cashOutValue(
  stakeMinor: bigint,
  legs: CashOutLeg[],
  feeBp: number,
): bigint | undefined {
  if (legs.some((leg) => leg.outcome?.kind === 'lose')) return undefined;
  const open = legs.filter((leg) => !leg.outcome);
  if (open.length === 0 || open.some((leg) => !leg.currentOdds)) return undefined;
  const ratios: Ratio[] = legs.map((leg) =>
    leg.outcome
      ? legFactor(leg.odds, leg.outcome)
      : { num: BigInt(leg.odds), den: BigInt(leg.currentOdds!) },
  );
  ratios.push({ num: BigInt(10_000 - feeBp), den: 10_000n });
  const value = apply(stakeMinor, ratios);
  return value > 0n ? value : undefined;
}
