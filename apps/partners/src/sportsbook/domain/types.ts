/**
 * The sportsbook's vocabulary: fixtures, matches as replayable lists of states, markets, odds and
 * outcomes. Pure data: everything here is made from a seed, nothing reads a clock or a database.
 */

export type Sport = 'cricket' | 'football' | 'kabaddi' | 'esports' | 'cockfight';
export type Side = 'home' | 'away';
export type Text = { EN: string; BN: string };

export interface Fixture {
  /** Stable for its slot of the schedule, e.g. `c-1841`. */
  id: string;
  sport: Sport;
  /** cricket T20 | ODI; football and kabaddi LEAGUE; e-sports BO3 (best of three maps); cockfight FIGHT. */
  format: 'T20' | 'ODI' | 'LEAGUE' | 'BO3' | 'FIGHT';
  competition: string;
  /** Names in English (`localName` gives the Bengali); a cockfight's home is the meron, away the wala. */
  home: string;
  away: string;
  /** Epoch ms. */
  startAt: number;
  /** The match simulator's seed. */
  seed: string;
  /** Relative strengths (about 0.8 to 1.25): the odds model and the simulator both read them. */
  strength: Record<Side, number>;
}

export type MatchStatus = 'scheduled' | 'live' | 'finished' | 'abandoned';

/**
 * A simulated match: `states[0]` before the start, `states[i]` after `events[i - 1]`; the last
 * state is the final result (finished or abandoned). Replaying a seed gives the same list.
 */
export interface Match<S extends { status: MatchStatus }, E> {
  fixture: Fixture;
  states: S[];
  events: E[];
}

/**
 * How a selection ended. A void gives the stake back (odds 1.00 in an accumulator); a half win
 * pays half the stake at the odds and returns the other half; a half lose returns half; a dead
 * heat among n pays the stake divided by n at the odds.
 */
export type Outcome =
  | { kind: 'win' }
  | { kind: 'lose' }
  | { kind: 'void' }
  | { kind: 'half_win' }
  | { kind: 'half_lose' }
  | { kind: 'dead_heat'; among: number };

export type MarketKind =
  | 'match_winner'
  | '1x2'
  | 'over_runs'
  | 'total_goals'
  | 'total_points'
  | 'next_wicket'
  | 'top_batter'
  | 'handicap'
  | 'series_winner'
  | 'map_winner'
  | 'total_rounds'
  | 'total_maps'
  | 'fight_winner'
  | 'fight_length';

/** A market priced fairly by a sport's model, before the operator's margin. */
export interface FairMarket {
  id: string;
  kind: MarketKind;
  name: Text;
  selections: { id: string; name: Text; fairOdds: number }[];
}

export type MarketStatus = 'open' | 'suspended' | 'closed';

/** A market as a player sees it: odds in hundredths (185 = 1.85), with the margin in them. */
export interface MarketOffer {
  id: string;
  kind: MarketKind;
  name: Text;
  status: MarketStatus;
  selections: { id: string; name: Text; odds: number }[];
}
