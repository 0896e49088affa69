/**
 * E-sports: a best-of-three series of a tactical shooter between invented teams, played round by
 * round (a map is a race to 13 rounds; 12–12 goes to one deciding round), an exact odds model
 * from the round-win chance the strengths give, and how its markets settle.
 *
 * Markets:
 *   series_winner                  home | away
 *   map_winner:<map>               home | away (a map never played is void)
 *   total_rounds:<map>:<line>      over | under: the map's rounds (won once passed; void if the
 *                                  map is never completed)
 *   handicap:<line>                home | away, maps handicap (±1.5) given to home
 *   total_maps:2.5                 over | under: maps played (over won once a third map starts)
 */
import { fair, handicapFairOdds, handicapOutcome, lineText } from './model';
import { localName } from './names';
import { rngOf } from './rng';
import type { FairMarket, Fixture, Match, MatchStatus, Outcome, Side, Text } from './types';

export interface EsportsState {
  sport: 'esports';
  status: MatchStatus;
  /** The map being played (1–3); once over, the last one played. */
  map: number;
  /** Maps won. */
  maps: Record<Side, number>;
  /** Rounds of the map being played. */
  rounds: Record<Side, number>;
  /** The maps completed, in order: their final rounds. */
  played: Record<Side, number>[];
  /** Rounds played in the series. */
  round: number;
}

export type EsportsEvent =
  | { kind: 'start' }
  | {
      kind: 'round';
      map: number;
      /** The round of the map (1–25). */
      round: number;
      winner: Side;
      kills: Record<Side, number>;
      /** The side that took the map with this round. */
      mapWon: Side | null;
    }
  | { kind: 'end' }
  | { kind: 'abandoned' };

export type EsportsMatch = Match<EsportsState, EsportsEvent>;

export const ROUNDS_TO_WIN = 13;
export const MAPS_TO_WIN = 2;
export const ABANDON_CHANCE = 0.03;
export const HANDICAP_LINES = [-1.5, 1.5] as const;
export const TOTAL_MAPS_LINE = 2.5;
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** The chance home takes a round: a stronger side wins more, never all. */
export const roundChance = (fixture: Fixture) =>
  0.5 +
  (0.3 * (fixture.strength.home - fixture.strength.away)) /
    (fixture.strength.home + fixture.strength.away);

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * How a map goes on from `rounds`: home's chance to take it, and the chances of its final total
 * of rounds (a race: the winner reaches 13 with the loser on fewer).
 */
export function mapChances(rounds: Record<Side, number>, p: number) {
  const needHome = ROUNDS_TO_WIN - rounds.home;
  const needAway = ROUNDS_TO_WIN - rounds.away;
  const totals = new Map<number, number>();
  let win = 0;
  const add = (total: number, chance: number) =>
    totals.set(total, (totals.get(total) ?? 0) + chance);
  for (let k = 0; k < needAway; k += 1) {
    const chance = binomial(needHome - 1 + k, k) * p ** needHome * (1 - p) ** k;
    win += chance;
    add(rounds.home + rounds.away + needHome + k, chance);
  }
  for (let k = 0; k < needHome; k += 1) {
    add(
      rounds.home + rounds.away + needAway + k,
      binomial(needAway - 1 + k, k) * (1 - p) ** needAway * p ** k,
    );
  }
  return { win, totals };
}

/** The maps score the series can still end at (all, from a live state), with their chances. */
function seriesFinals(
  fixture: Fixture,
  s: EsportsState,
): { home: number; away: number; p: number }[] {
  const p = roundChance(fixture);
  const current = mapChances(s.rounds, p).win;
  const fresh = mapChances({ home: 0, away: 0 }, p).win;
  const out: { home: number; away: number; p: number }[] = [];
  const go = (home: number, away: number, chance: number, mapWin: number) => {
    if (home === MAPS_TO_WIN || away === MAPS_TO_WIN || chance === 0) {
      if (chance > 0) out.push({ home, away, p: chance });
      return;
    }
    go(home + 1, away, chance * mapWin, fresh);
    go(home, away + 1, chance * (1 - mapWin), fresh);
  };
  go(s.maps.home, s.maps.away, 1, current);
  return out;
}

/** The maps score the series may still end at, whatever its chances (for early decisions). */
function possibleFinals(s: EsportsState): { home: number; away: number }[] {
  if (s.status === 'finished') return [s.maps];
  const out: { home: number; away: number }[] = [];
  for (let a = s.maps.away; a < MAPS_TO_WIN; a += 1) out.push({ home: MAPS_TO_WIN, away: a });
  for (let h = s.maps.home; h < MAPS_TO_WIN; h += 1) out.push({ home: h, away: MAPS_TO_WIN });
  return out;
}

/** The line a map's total rounds is offered at: fixed by the strengths, so its id never moves. */
export function roundsLine(fixture: Fixture) {
  const { totals } = mapChances({ home: 0, away: 0 }, roundChance(fixture));
  let mean = 0;
  for (const [total, p] of totals) mean += total * p;
  return Math.floor(mean) + 0.5;
}

const KILLS = [0, 1, 2, 3, 4] as const;

export function simulateEsports(fixture: Fixture): EsportsMatch {
  const rng = rngOf(fixture.seed, 'esports');
  const p = roundChance(fixture);
  // About 3 in 100 series stop (a server fails, a team forfeits) somewhere in its rounds.
  const abandonAt = rng.next() < ABANDON_CHANCE ? rng.int(3, 60) : -1;
  let state: EsportsState = {
    sport: 'esports',
    status: 'scheduled',
    map: 1,
    maps: { home: 0, away: 0 },
    rounds: { home: 0, away: 0 },
    played: [],
    round: 0,
  };
  const states: EsportsState[] = [state];
  const events: EsportsEvent[] = [];
  const push = (event: EsportsEvent, next: EsportsState) => {
    events.push(event);
    states.push(next);
    state = next;
  };
  push({ kind: 'start' }, { ...state, status: 'live' });
  while (state.maps.home < MAPS_TO_WIN && state.maps.away < MAPS_TO_WIN) {
    if (state.round + 1 === abandonAt) {
      push({ kind: 'abandoned' }, { ...structuredClone(state), status: 'abandoned' });
      return { fixture, states, events };
    }
    const winner: Side = rng.next() < p ? 'home' : 'away';
    // The round's winner mostly wipes the other five out; the loser takes a few with it.
    const kills = {
      [winner]: rng.next() < 0.7 ? 5 : rng.int(2, 4),
      [other(winner)]: rng.pick(KILLS),
    } as Record<Side, number>;
    const next = structuredClone(state);
    next.round += 1;
    next.rounds[winner] += 1;
    const mapRound = next.rounds.home + next.rounds.away;
    let mapWon: Side | null = null;
    if (next.rounds[winner] === ROUNDS_TO_WIN) {
      mapWon = winner;
      next.maps[winner] += 1;
      next.played.push(next.rounds);
      const over = next.maps[winner] === MAPS_TO_WIN;
      next.rounds = over ? next.rounds : { home: 0, away: 0 };
      if (!over) next.map += 1;
    }
    push({ kind: 'round', map: state.map, round: mapRound, winner, kills, mapWon }, next);
  }
  push({ kind: 'end' }, { ...structuredClone(state), status: 'finished' });
  return { fixture, states, events };
}

const live = (s: EsportsState) => s.status === 'scheduled' || s.status === 'live';

/** The markets a state offers: the series, each map still to come, the maps handicap and total. */
export function esportsOffered(fixture: Fixture, s: EsportsState): string[] {
  if (!live(s)) return [];
  const line = roundsLine(fixture);
  const ids = ['series_winner'];
  for (let map = s.map; map <= 2 * MAPS_TO_WIN - 1; map += 1) ids.push(`map_winner:${map}`);
  ids.push(`total_rounds:${s.map}:${line}`);
  ids.push(...HANDICAP_LINES.map((l) => `handicap:${lineText(l)}`));
  ids.push(`total_maps:${TOTAL_MAPS_LINE}`);
  return ids;
}

const mapOf = (text: string | undefined) => {
  const map = Number(text);
  return Number.isInteger(map) && map >= 1 && map <= 2 * MAPS_TO_WIN - 1 ? map : undefined;
};
const halfLine = (text: string | undefined) => {
  const line = Number(text);
  return text !== undefined && Number.isFinite(line) && Math.abs(line % 1) === 0.5
    ? line
    : undefined;
};

/** How a series-level market (winner, maps handicap, total maps) settles on a final maps score. */
function seriesResult(
  kind: string | undefined,
  line: number | undefined,
  maps: Record<Side, number>,
  selection: string,
): 'win' | 'lose' | 'void' | 'half_win' | 'half_lose' | undefined {
  if (kind === 'series_winner') {
    return (maps.home > maps.away ? 'home' : 'away') === selection ? 'win' : 'lose';
  }
  if (kind === 'handicap' && line !== undefined) {
    return selection === 'home'
      ? handicapOutcome(line, maps.home - maps.away)
      : handicapOutcome(-line, maps.away - maps.home);
  }
  if (kind === 'total_maps' && line !== undefined) {
    return maps.home + maps.away > line === (selection === 'over') ? 'win' : 'lose';
  }
  return undefined;
}

/** A series-level market's outcome if every way the series can still end gives the same one. */
function seriesDecided(
  s: EsportsState,
  kind: string | undefined,
  line: number | undefined,
  selection: string,
) {
  const results = new Set(possibleFinals(s).map((f) => seriesResult(kind, line, f, selection)));
  return results.size === 1 ? [...results][0] : undefined;
}

const overUnder = (line: number, pOver: number, what: Text) => [
  {
    id: 'over',
    name: { EN: `Over ${line} ${what.EN}`, BN: `${line}-এর বেশি ${what.BN}` },
    fairOdds: fair(pOver),
  },
  {
    id: 'under',
    name: { EN: `Under ${line} ${what.EN}`, BN: `${line}-এর কম ${what.BN}` },
    fairOdds: fair(1 - pOver),
  },
];

export function esportsPrice(
  fixture: Fixture,
  s: EsportsState,
  id: string,
): FairMarket | undefined {
  if (!live(s)) return undefined;
  const [kind, a, b] = id.split(':');
  const p = roundChance(fixture);
  const home = localName(fixture.home);
  const away = localName(fixture.away);
  if (kind === 'series_winner' && a === undefined) {
    const pHome = seriesFinals(fixture, s).reduce((t, f) => (f.home > f.away ? t + f.p : t), 0);
    return {
      id,
      kind,
      name: { EN: 'Series winner', BN: 'সিরিজ বিজয়ী' },
      selections: [
        { id: 'home', name: home, fairOdds: fair(pHome) },
        { id: 'away', name: away, fairOdds: fair(1 - pHome) },
      ],
    };
  }
  if (kind === 'map_winner' && b === undefined) {
    const map = mapOf(a);
    if (map === undefined || map < s.map) return undefined;
    const pHome = mapChances(map === s.map ? s.rounds : { home: 0, away: 0 }, p).win;
    return {
      id,
      kind,
      name: { EN: `Map ${map} winner`, BN: `ম্যাপ ${map} বিজয়ী` },
      selections: [
        { id: 'home', name: home, fairOdds: fair(pHome) },
        { id: 'away', name: away, fairOdds: fair(1 - pHome) },
      ],
    };
  }
  if (kind === 'total_rounds') {
    const map = mapOf(a);
    const line = halfLine(b);
    if (map === undefined || line === undefined || line <= 0 || map < s.map) return undefined;
    const rounds = map === s.map ? s.rounds : { home: 0, away: 0 };
    if (rounds.home + rounds.away > line) return undefined;
    let pOver = 0;
    for (const [total, chance] of mapChances(rounds, p).totals) if (total > line) pOver += chance;
    return {
      id,
      kind,
      name: { EN: `Map ${map} total rounds ${line}`, BN: `ম্যাপ ${map} মোট রাউন্ড ${line}` },
      selections: overUnder(line, pOver, { EN: 'rounds', BN: 'রাউন্ড' }),
    };
  }
  const line = halfLine(a);
  if (line === undefined || b !== undefined) return undefined;
  if (kind === 'handicap' && Math.abs(line) < MAPS_TO_WIN) {
    if (seriesDecided(s, kind, line, 'home') !== undefined) return undefined;
    const margins = seriesFinals(fixture, s).map((f) => ({ value: f.home - f.away, p: f.p }));
    const flipped = margins.map((m) => ({ value: -m.value, p: m.p }));
    return {
      id,
      kind,
      name: { EN: `Maps handicap ${lineText(line)}`, BN: `ম্যাপ হ্যান্ডিক্যাপ ${lineText(line)}` },
      selections: [
        {
          id: 'home',
          name: { EN: `${home.EN} ${lineText(line)}`, BN: `${home.BN} ${lineText(line)}` },
          fairOdds: handicapFairOdds(line, margins),
        },
        {
          id: 'away',
          name: { EN: `${away.EN} ${lineText(-line)}`, BN: `${away.BN} ${lineText(-line)}` },
          fairOdds: handicapFairOdds(-line, flipped),
        },
      ],
    };
  }
  if (kind === 'total_maps' && line === TOTAL_MAPS_LINE) {
    if (seriesDecided(s, kind, line, 'over') !== undefined) return undefined;
    const pOver = seriesFinals(fixture, s).reduce(
      (t, f) => (f.home + f.away > line ? t + f.p : t),
      0,
    );
    return {
      id,
      kind,
      name: { EN: `Total maps ${line}`, BN: `মোট ম্যাপ ${line}` },
      selections: overUnder(line, pOver, { EN: 'maps', BN: 'ম্যাপ' }),
    };
  }
  return undefined;
}

/**
 * How a selection settles at a state: a map's markets when that map is completed (or its total
 * passed), the series' when every way it can still end agrees; what is not decided by an
 * abandonment is void, and so is a map never played.
 */
export function esportsOutcome(
  s: EsportsState,
  id: string,
  selection: string,
): Outcome | undefined {
  const [kind, a, b] = id.split(':');
  if (kind === 'map_winner' || kind === 'total_rounds') {
    const map = mapOf(a);
    const line = halfLine(b);
    if (map === undefined || (kind === 'total_rounds' && line === undefined))
      return { kind: 'void' };
    const final = s.played[map - 1];
    if (kind === 'total_rounds' && line !== undefined) {
      const rounds = final ?? (map === s.map ? s.rounds : { home: 0, away: 0 });
      if (rounds.home + rounds.away > line) return { kind: selection === 'over' ? 'win' : 'lose' };
      if (final) return { kind: selection === 'under' ? 'win' : 'lose' };
    } else if (final) {
      return { kind: (final.home > final.away ? 'home' : 'away') === selection ? 'win' : 'lose' };
    }
    return live(s) ? undefined : { kind: 'void' };
  }
  const decided = seriesDecided(s, kind, halfLine(a), selection);
  if (decided) return { kind: decided };
  return live(s) ? undefined : { kind: 'void' };
}

/** A map won, or the first round of a half (a pistol round), suspends the series' markets. */
export const esportsKeyMoment = (event: EsportsEvent | undefined) =>
  event?.kind === 'round' &&
  (event.mapWon !== null || event.round === 1 || event.round === ROUNDS_TO_WIN);
