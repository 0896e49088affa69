/**
 * One face over the five sports: simulate a fixture, find the state a clock shows, list the
 * markets a state offers with the operator's margin in their odds, and say how a selection
 * settles. A match's live phase is its list of states played out at `stepMs` per step (a ball,
 * a minute, a raid, a round): the state at a moment is the same for every reader, and replaying the seed
 * replays the odds.
 */
import {
  cricketKeyMoment,
  cricketOffered,
  cricketOutcome,
  cricketPrice,
  simulateCricket,
  type CricketMatch,
} from './cricket';
import {
  footballKeyMoment,
  footballOffered,
  footballOutcome,
  footballPrice,
  simulateFootball,
  type FootballMatch,
} from './football';
import {
  kabaddiKeyMoment,
  kabaddiOffered,
  kabaddiOutcome,
  kabaddiPrice,
  simulateKabaddi,
  type KabaddiMatch,
} from './kabaddi';
import {
  cockfightKeyMoment,
  cockfightOffered,
  cockfightOutcome,
  cockfightPrice,
  simulateCockfight,
  type CockfightMatch,
} from './cockfight';
import {
  esportsKeyMoment,
  esportsOffered,
  esportsOutcome,
  esportsPrice,
  simulateEsports,
  type EsportsMatch,
} from './esports';
import type { FairMarket, Fixture, MarketOffer, Outcome, Sport } from './types';

export type AnyMatch = CricketMatch | FootballMatch | KabaddiMatch | EsportsMatch | CockfightMatch;

export interface PricingConfig {
  /** The operator's margin in basis points: each selection's implied chance is raised by it. */
  marginBp: number;
  /** Steps (balls, minutes, raids) a key moment keeps the match's markets suspended, itself included. */
  suspendSteps: Record<Sport, number>;
}

export const DEFAULT_PRICING: PricingConfig = {
  marginBp: 500,
  suspendSteps: { cricket: 1, football: 2, kabaddi: 1, esports: 1, cockfight: 1 },
};

/** Odds are kept in hundredths: 101 (1.01) to 100000 (1000.00). */
export const MIN_ODDS = 101;
export const MAX_ODDS = 100_000;

export function simulate(fixture: Fixture): AnyMatch {
  if (fixture.sport === 'cricket') return simulateCricket(fixture);
  if (fixture.sport === 'football') return simulateFootball(fixture);
  if (fixture.sport === 'esports') return simulateEsports(fixture);
  if (fixture.sport === 'cockfight') return simulateCockfight(fixture);
  return simulateKabaddi(fixture);
}

/** The index of the state a clock shows: 0 before the start, then one step per `stepMs`. */
export function indexAt(match: AnyMatch, nowMs: number, stepMs: number): number {
  if (nowMs < match.fixture.startAt) return 0;
  return Math.min(
    match.states.length - 1,
    1 + Math.floor((nowMs - match.fixture.startAt) / stepMs),
  );
}

/** When the state at `index` is reached. */
export const timeOfIndex = (match: AnyMatch, index: number, stepMs: number) =>
  index === 0 ? -Infinity : match.fixture.startAt + (index - 1) * stepMs;

const stateAt = (match: AnyMatch, index: number) =>
  match.states[Math.min(index, match.states.length - 1)]!;

function offeredIds(match: AnyMatch, index: number): string[] {
  const { fixture } = match;
  if (fixture.sport === 'cricket')
    return cricketOffered(fixture, (match as CricketMatch).states[index]!);
  if (fixture.sport === 'football') return footballOffered((match as FootballMatch).states[index]!);
  if (fixture.sport === 'esports')
    return esportsOffered(fixture, (match as EsportsMatch).states[index]!);
  if (fixture.sport === 'cockfight')
    return cockfightOffered((match as CockfightMatch).states[index]!);
  return kabaddiOffered(fixture, (match as KabaddiMatch).states[index]!);
}

function fairPrice(match: AnyMatch, index: number, marketId: string): FairMarket | undefined {
  const { fixture } = match;
  if (fixture.sport === 'cricket')
    return cricketPrice(fixture, (match as CricketMatch).states[index]!, marketId);
  if (fixture.sport === 'football')
    return footballPrice(fixture, (match as FootballMatch).states[index]!, marketId);
  if (fixture.sport === 'esports')
    return esportsPrice(fixture, (match as EsportsMatch).states[index]!, marketId);
  if (fixture.sport === 'cockfight')
    return cockfightPrice(fixture, (match as CockfightMatch).states[index]!, marketId);
  return kabaddiPrice(fixture, (match as KabaddiMatch).states[index]!, marketId);
}

function keyMoment(match: AnyMatch, i: number): boolean {
  const event = match.events[i - 1];
  switch (match.fixture.sport) {
    case 'cricket':
      return cricketKeyMoment(event as CricketMatch['events'][number]);
    case 'football':
      return footballKeyMoment(event as FootballMatch['events'][number]);
    case 'kabaddi':
      return kabaddiKeyMoment(event as KabaddiMatch['events'][number]);
    case 'esports':
      return esportsKeyMoment(event as EsportsMatch['events'][number]);
    case 'cockfight':
      return cockfightKeyMoment(event as CockfightMatch['events'][number]);
  }
}

/**
 * Whether a key moment has the markets suspended: a wicket, a goal, a super raid or all-out, a
 * map won or a pistol round, a cock struck down or a double blow.
 */
export function suspendedAt(match: AnyMatch, index: number, config: PricingConfig): boolean {
  const steps = config.suspendSteps[match.fixture.sport];
  for (let i = index; i > index - steps && i > 0; i -= 1) {
    if (keyMoment(match, i)) return true;
  }
  return false;
}

/** Fair odds to the operator's odds in hundredths. */
export const withMargin = (fairOdds: number, marginBp: number) =>
  Math.max(MIN_ODDS, Math.min(MAX_ODDS, Math.floor((100 * fairOdds) / (1 + marginBp / 10_000))));

/**
 * A market at a state as a player sees it: open, suspended (a key moment just happened) or
 * closed (its result is known, its over has begun, the match is over). Undefined: no such market.
 */
export function offerOf(
  match: AnyMatch,
  index: number,
  marketId: string,
  config: PricingConfig,
): MarketOffer | undefined {
  const priced = fairPrice(match, index, marketId);
  if (priced) {
    return {
      id: priced.id,
      kind: priced.kind,
      name: priced.name,
      status: suspendedAt(match, index, config) ? 'suspended' : 'open',
      selections: priced.selections.map((s) => ({
        id: s.id,
        name: s.name,
        odds: withMargin(s.fairOdds, config.marginBp),
      })),
    };
  }
  // Open earlier and closed since: its shape, without odds.
  for (let i = Math.min(index, match.states.length - 1) - 1; i >= 0; i -= 1) {
    const before = fairPrice(match, i, marketId);
    if (before) {
      return {
        id: before.id,
        kind: before.kind,
        name: before.name,
        status: 'closed',
        selections: before.selections.map((s) => ({ id: s.id, name: s.name, odds: 0 })),
      };
    }
  }
  return undefined;
}

/** The markets a state offers, in the sport's order. */
export function offersAt(match: AnyMatch, index: number, config: PricingConfig): MarketOffer[] {
  return offeredIds(match, index)
    .map((id) => offerOf(match, index, id, config))
    .filter((offer): offer is MarketOffer => offer !== undefined && offer.status !== 'closed');
}

/** How a selection settles at a state (the final one, or earlier for markets decided during play). */
export function outcomeAt(
  match: AnyMatch,
  index: number,
  marketId: string,
  selectionId: string,
): Outcome | undefined {
  const state = stateAt(match, index);
  if (state.sport === 'cricket') return cricketOutcome(state, marketId, selectionId);
  if (state.sport === 'football') return footballOutcome(state, marketId, selectionId);
  if (state.sport === 'esports') return esportsOutcome(state, marketId, selectionId);
  if (state.sport === 'cockfight') return cockfightOutcome(state, marketId, selectionId);
  return kabaddiOutcome(state, marketId, selectionId);
}

/** The final state's index: the match's result. */
export const finalIndex = (match: AnyMatch) => match.states.length - 1;
