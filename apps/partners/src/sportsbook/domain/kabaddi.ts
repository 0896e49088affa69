/**
 * Kabaddi: a raid-by-raid simulator (two halves of 20 minutes, about two raids a minute, the
 * sides raiding in turn), a normal-approximation odds model of the points still to come, and
 * how its markets settle. A raid scores touch points for the raider (each puts a defender out),
 * or a tackle point for the defence; a side with all seven out concedes two all-out points.
 *
 * Markets:
 *   1x2                     home | draw | away
 *   total_points:<line>     over | under (a half line from the sides' strengths)
 *   handicap:<line>         home | away, points handicap with a half line given to home
 */
import { above, fair, finalScoreOutcome, lineText } from './model';
import { localName } from './names';
import { rngOf } from './rng';
import type { FairMarket, Fixture, Match, MatchStatus, Outcome, Side } from './types';

export interface KabaddiState {
  sport: 'kabaddi';
  status: MatchStatus;
  raid: number;
  score: Record<Side, number>;
  /** Players of each side out of the mat. */
  out: Record<Side, number>;
}

export type RaidResult = 'empty' | 'touch1' | 'touch2' | 'super' | 'tackle';
export type KabaddiEvent =
  | { kind: 'start' }
  | { kind: 'raid'; raid: number; raider: Side; result: RaidResult; allOut: Side | null }
  | { kind: 'end' }
  | { kind: 'abandoned' };

export type KabaddiMatch = Match<KabaddiState, KabaddiEvent>;

export const RAIDS = 80;
export const ABANDON_CHANCE = 0.02;
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');
const TOUCH: Record<RaidResult, number> = { empty: 0, touch1: 1, touch2: 2, super: 3, tackle: 0 };

function raidWeights(fixture: Fixture, raider: Side): Record<RaidResult, number> {
  const ratio = Math.sqrt(fixture.strength[raider] / fixture.strength[other(raider)]);
  return {
    empty: 0.3,
    touch1: 0.3 * ratio,
    touch2: 0.12 * ratio,
    super: 0.05 * ratio,
    tackle: 0.23 / ratio,
  };
}

/** Mean and variance of (raider's points − defence's points) and of their sum, per raid. */
function raidMoments(fixture: Fixture, raider: Side) {
  const w = raidWeights(fixture, raider);
  const total = Object.values(w).reduce((a, b) => a + b, 0);
  let diff = 0;
  let diff2 = 0;
  let sum = 0;
  let sum2 = 0;
  for (const [k, weight] of Object.entries(w) as [RaidResult, number][]) {
    const p = weight / total;
    const d = k === 'tackle' ? -1 : TOUCH[k];
    const t = k === 'tackle' ? 1 : TOUCH[k];
    diff += p * d;
    diff2 += p * d * d;
    sum += p * t;
    sum2 += p * t * t;
  }
  // All-out points come on top, about one every twenty raids.
  return { diff, diffVar: diff2 - diff ** 2, sum: sum * 1.1, sumVar: sum2 - sum ** 2 };
}

export function simulateKabaddi(fixture: Fixture): KabaddiMatch {
  const rng = rngOf(fixture.seed, 'kabaddi');
  const abandonAt = rng.next() < ABANDON_CHANCE ? rng.int(5, RAIDS - 5) : -1;
  let state: KabaddiState = {
    sport: 'kabaddi',
    status: 'scheduled',
    raid: 0,
    score: { home: 0, away: 0 },
    out: { home: 0, away: 0 },
  };
  const states: KabaddiState[] = [state];
  const events: KabaddiEvent[] = [];
  const push = (event: KabaddiEvent, next: KabaddiState) => {
    events.push(event);
    states.push(next);
    state = next;
  };
  push({ kind: 'start' }, { ...state, status: 'live' });
  for (let raid = 1; raid <= RAIDS; raid += 1) {
    if (raid === abandonAt) {
      push({ kind: 'abandoned' }, { ...structuredClone(state), status: 'abandoned' });
      return { fixture, states, events };
    }
    const raider: Side = raid % 2 === 1 ? 'home' : 'away';
    const defence = other(raider);
    const result = rng.weighted(raidWeights(fixture, raider));
    const next = structuredClone(state);
    next.raid = raid;
    let allOut: Side | null = null;
    if (result === 'tackle') {
      next.score[defence] += 1;
      next.out[raider] += 1;
    } else {
      next.score[raider] += TOUCH[result];
      next.out[defence] += TOUCH[result];
    }
    for (const side of ['home', 'away'] as const) {
      if (next.out[side] >= 7) {
        allOut = side;
        next.score[other(side)] += 2;
        next.out[side] = 0;
      }
    }
    push({ kind: 'raid', raid, raider, result, allOut }, next);
  }
  push({ kind: 'end' }, { ...structuredClone(state), status: 'finished' });
  return { fixture, states, events };
}

/** Mean and variance of the final margin (home − away) and total, from a state. */
function projection(fixture: Fixture, s: KabaddiState) {
  const home = raidMoments(fixture, 'home');
  const away = raidMoments(fixture, 'away');
  const left = RAIDS - s.raid;
  const homeRaids = Math.ceil(left / 2);
  const awayRaids = left - homeRaids;
  return {
    margin: s.score.home - s.score.away + homeRaids * home.diff - awayRaids * away.diff,
    marginVar: homeRaids * home.diffVar + awayRaids * away.diffVar + 1,
    total: s.score.home + s.score.away + homeRaids * home.sum + awayRaids * away.sum,
    totalVar: homeRaids * home.sumVar + awayRaids * away.sumVar + 1,
  };
}

/** The lines a fixture is offered at: fixed from the strengths, so a market's id never moves. */
export function kabaddiLines(fixture: Fixture) {
  const start = projection(fixture, {
    sport: 'kabaddi',
    status: 'scheduled',
    raid: 0,
    score: { home: 0, away: 0 },
    out: { home: 0, away: 0 },
  });
  return { total: Math.floor(start.total) + 0.5, handicap: -(Math.round(start.margin) + 0.5) };
}

export function kabaddiOffered(fixture: Fixture, s: KabaddiState): string[] {
  if (s.status !== 'scheduled' && s.status !== 'live') return [];
  const lines = kabaddiLines(fixture);
  return ['1x2', `total_points:${lines.total}`, `handicap:${lineText(lines.handicap)}`];
}

const halfLine = (text: string | undefined) => {
  const line = Number(text);
  return text !== undefined && Number.isFinite(line) && Math.abs(line % 1) === 0.5
    ? line
    : undefined;
};

export function kabaddiPrice(
  fixture: Fixture,
  s: KabaddiState,
  id: string,
): FairMarket | undefined {
  if (s.status !== 'scheduled' && s.status !== 'live') return undefined;
  const [kind, a] = id.split(':');
  const p = projection(fixture, s);
  const side = (x: Side) => localName(fixture[x]);
  if (kind === '1x2' && a === undefined) {
    const home = above(p.margin, p.marginVar, 0.5);
    const away = 1 - above(p.margin, p.marginVar, -0.5);
    return {
      id,
      kind,
      name: { EN: 'Match result', BN: 'ম্যাচের ফল' },
      selections: [
        { id: 'home', name: side('home'), fairOdds: fair(home) },
        { id: 'draw', name: { EN: 'Tie', BN: 'টাই' }, fairOdds: fair(1 - home - away) },
        { id: 'away', name: side('away'), fairOdds: fair(away) },
      ],
    };
  }
  const line = halfLine(a);
  if (line === undefined) return undefined;
  if (kind === 'total_points' && line > 0) {
    const pOver = above(p.total, p.totalVar, line);
    return {
      id,
      kind,
      name: { EN: `Total points ${line}`, BN: `মোট পয়েন্ট ${line}` },
      selections: [
        { id: 'over', name: { EN: `Over ${line}`, BN: `${line}-এর বেশি` }, fairOdds: fair(pOver) },
        {
          id: 'under',
          name: { EN: `Under ${line}`, BN: `${line}-এর কম` },
          fairOdds: fair(1 - pOver),
        },
      ],
    };
  }
  if (kind === 'handicap') {
    const pHome = above(p.margin, p.marginVar, -line);
    return {
      id,
      kind,
      name: { EN: `Handicap ${lineText(line)}`, BN: `হ্যান্ডিক্যাপ ${lineText(line)}` },
      selections: [
        {
          id: 'home',
          name: {
            EN: `${fixture.home} ${lineText(line)}`,
            BN: `${localName(fixture.home).BN} ${lineText(line)}`,
          },
          fairOdds: fair(pHome),
        },
        {
          id: 'away',
          name: {
            EN: `${fixture.away} ${lineText(-line)}`,
            BN: `${localName(fixture.away).BN} ${lineText(-line)}`,
          },
          fairOdds: fair(1 - pHome),
        },
      ],
    };
  }
  return undefined;
}

export function kabaddiOutcome(
  s: KabaddiState,
  id: string,
  selection: string,
): Outcome | undefined {
  if (s.status === 'abandoned') return { kind: 'void' };
  if (s.status !== 'finished') return undefined;
  const [kind, a] = id.split(':');
  return finalScoreOutcome(
    s.score,
    { kind, totalKind: 'total_points', line: halfLine(a) },
    selection,
  );
}

/** A super raid or an all-out suspends the match's markets. */
export const kabaddiKeyMoment = (event: KabaddiEvent | undefined) =>
  event?.kind === 'raid' && (event.result === 'super' || event.allOut !== null);
