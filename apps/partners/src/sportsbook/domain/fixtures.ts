/**
 * The rolling schedule: slot k of a seed's schedule starts at `origin + k × spacingMs` and holds
 * one fixture, made from the seed and k only, so any window of it is the same wherever and
 * whenever it is read. Sports rotate through the slots (cricket most, as the players like it;
 * an e-sports series and a cockfight once a rotation each).
 */
import {
  COCKFIGHT_DERBIES,
  COCKFIGHT_ROOSTERS,
  CRICKET_DOMESTIC,
  CRICKET_INTERNATIONAL,
  ESPORTS_COMPETITIONS,
  ESPORTS_TEAMS,
  FOOTBALL_LEAGUES,
  KABADDI_SIDES,
} from './names';
import { rngOf, type Rng } from './rng';
import type { Fixture, Sport } from './types';

export interface ScheduleOptions {
  seed: string;
  /** Epoch ms of slot 0. */
  origin: number;
  spacingMs: number;
}

const ROTATION: { sport: Sport; format: Fixture['format'] }[] = [
  { sport: 'cricket', format: 'T20' },
  { sport: 'football', format: 'LEAGUE' },
  { sport: 'kabaddi', format: 'LEAGUE' },
  { sport: 'cricket', format: 'ODI' },
  { sport: 'football', format: 'LEAGUE' },
  { sport: 'cricket', format: 'T20' },
  { sport: 'esports', format: 'BO3' },
  { sport: 'cockfight', format: 'FIGHT' },
];

const PREFIX: Record<Sport, string> = {
  cricket: 'c',
  football: 'f',
  kabaddi: 'k',
  esports: 'e',
  cockfight: 'r',
};

function twoOf(rng: Rng, sides: readonly string[]): [string, string] {
  const home = rng.pick(sides);
  let away = rng.pick(sides);
  while (away === home) away = rng.pick(sides);
  return [home, away];
}

/** The fixture of slot `k`. */
export function fixtureAt(options: ScheduleOptions, k: number): Fixture {
  const rng = rngOf(options.seed, 'slot', k);
  const { sport, format } = ROTATION[((k % ROTATION.length) + ROTATION.length) % ROTATION.length]!;
  let competition: string;
  let sides: [string, string];
  if (sport === 'cricket') {
    const international = rng.next() < 0.4;
    competition = international
      ? `${format} International Series`
      : format === 'T20'
        ? 'Bengal T20 League'
        : 'National One-Day Cup';
    sides = twoOf(rng, international ? CRICKET_INTERNATIONAL : CRICKET_DOMESTIC);
  } else if (sport === 'football') {
    const leagues = Object.keys(FOOTBALL_LEAGUES) as (keyof typeof FOOTBALL_LEAGUES)[];
    competition = rng.pick(leagues);
    sides = twoOf(rng, FOOTBALL_LEAGUES[competition as keyof typeof FOOTBALL_LEAGUES]);
  } else if (sport === 'kabaddi') {
    competition = 'Kabaddi Pro League';
    sides = twoOf(rng, KABADDI_SIDES);
  } else if (sport === 'esports') {
    competition = rng.pick(ESPORTS_COMPETITIONS);
    sides = twoOf(rng, ESPORTS_TEAMS);
  } else {
    competition = rng.pick(COCKFIGHT_DERBIES);
    sides = twoOf(rng, COCKFIGHT_ROOSTERS);
  }
  const strength = () => Math.round((0.8 + rng.next() * 0.45) * 100) / 100;
  const strengths = { home: strength(), away: strength() };
  if (sport === 'cockfight' && strengths.home < strengths.away) {
    // The meron (home) is the favourite: the stronger cock and its side of the pit.
    sides = [sides[1], sides[0]];
    [strengths.home, strengths.away] = [strengths.away, strengths.home];
  }
  return {
    id: `${PREFIX[sport]}-${k}`,
    sport,
    format,
    competition,
    home: sides[0],
    away: sides[1],
    startAt: options.origin + k * options.spacingMs,
    seed: `${options.seed}/${k}`,
    strength: strengths,
  };
}

/** Fixtures starting in [fromMs, toMs), in start order. */
export function fixturesBetween(options: ScheduleOptions, fromMs: number, toMs: number): Fixture[] {
  const first = Math.ceil((fromMs - options.origin) / options.spacingMs);
  const out: Fixture[] = [];
  for (let k = first; options.origin + k * options.spacingMs < toMs; k += 1) {
    out.push(fixtureAt(options, k));
  }
  return out;
}

/** The fixture of an id made by fixtureAt, or undefined if it is not one of this schedule's. */
export function fixtureById(options: ScheduleOptions, id: string): Fixture | undefined {
  const match = /^([cfker])-(-?\d{1,9})$/.exec(id);
  if (!match) return undefined;
  const fixture = fixtureAt(options, Number(match[2]));
  return fixture.id === id ? fixture : undefined;
}
