/**
 * Cricket: a ball-by-ball simulator (T20: 20 overs an innings, ODI: 50), its odds model and how
 * its markets settle. Each legal ball is a dot, 1, 2, 3, 4, 6 or a wicket, with chances from the
 * sides' strengths, the phase of the innings and the wickets down; no extras. A match may be
 * abandoned (rain) at a ball drawn from its seed.
 *
 * Markets (ids carry everything needed to settle them):
 *   match_winner                  home | away (a tie voids it)
 *   over_runs:<inn>:<over>:<line> over | under: runs in that over (1-based) of innings 1 or 2;
 *                                 void unless the over is completed
 *   next_wicket:<inn>:<n>         caught | bowled | lbw | run_out | other: how wicket n falls;
 *                                 void if the innings ends first
 *   top_batter:<inn>              b0…b10, the batting side's order: most runs in the innings
 *                                 (dead heat among ties)
 */
import { above, fair } from './model';
import { localName, squadOf } from './names';
import { rngOf } from './rng';
import type { FairMarket, Fixture, Match, MatchStatus, Outcome, Side } from './types';

export const WICKET_METHODS = ['caught', 'bowled', 'lbw', 'run_out', 'other'] as const;
export type WicketMethod = (typeof WICKET_METHODS)[number];
const METHOD_WEIGHTS: Record<WicketMethod, number> = {
  caught: 0.58,
  bowled: 0.17,
  lbw: 0.14,
  run_out: 0.07,
  other: 0.04,
};
const METHOD_NAMES: Record<WicketMethod, { EN: string; BN: string }> = {
  caught: { EN: 'Caught', BN: 'ক্যাচ' },
  bowled: { EN: 'Bowled', BN: 'বোল্ড' },
  lbw: { EN: 'LBW', BN: 'এলবিডব্লিউ' },
  run_out: { EN: 'Run out', BN: 'রান আউট' },
  other: { EN: 'Stumped or other', BN: 'স্টাম্পড বা অন্যান্য' },
};

export interface Batter {
  name: string;
  runs: number;
  balls: number;
  out: WicketMethod | null;
}

export interface Innings {
  team: Side;
  runs: number;
  wickets: number;
  /** Legal balls bowled. */
  balls: number;
  /** Runs of each over begun, over 1 first. */
  overRuns: number[];
  /** How each wicket fell, wicket 1 first. */
  wicketMethods: WicketMethod[];
  batters: Batter[];
  striker: number;
  nonStriker: number;
  done: boolean;
}

export interface CricketState {
  sport: 'cricket';
  status: MatchStatus;
  battingFirst: Side;
  innings: Innings[];
  winner: Side | 'tie' | null;
}

export type CricketEvent =
  | { kind: 'start'; battingFirst: Side }
  | {
      kind: 'ball';
      innings: number;
      over: number;
      ball: number;
      runs: number;
      wicket: WicketMethod | null;
      batter: string;
    }
  | { kind: 'end'; winner: Side | 'tie' }
  | { kind: 'abandoned' };

export type CricketMatch = Match<CricketState, CricketEvent>;

type BallOutcome = 'dot' | 'one' | 'two' | 'three' | 'four' | 'six' | 'wicket';
const RUNS: Record<BallOutcome, number> = {
  dot: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  six: 6,
  wicket: 0,
};

export const oversOf = (fixture: Fixture) => (fixture.format === 'ODI' ? 50 : 20);
const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');
export const ABANDON_CHANCE = 0.06;

/** Chances of a legal ball (weights), by phase, wickets down and the sides' strengths. */
function ballWeights(
  fixture: Fixture,
  batting: Side,
  over: number,
  wickets: number,
): Record<BallOutcome, number> {
  const overs = oversOf(fixture);
  const odi = fixture.format === 'ODI';
  const ratio = fixture.strength[batting] / fixture.strength[other(batting)];
  const death = over >= overs - (odi ? 10 : 4);
  const powerplay = over < (odi ? 10 : 6);
  const boundary =
    (odi ? 0.72 : 1) * ratio * (death ? 1.45 : powerplay ? 1.15 : 1) * (wickets >= 7 ? 0.7 : 1);
  const wicket = (odi ? 0.72 : 1) * (1 / ratio) * (death ? 1.3 : 1) * (wickets >= 7 ? 1.35 : 1);
  return {
    dot: 0.36,
    one: 0.36,
    two: 0.08,
    three: 0.01,
    four: 0.11 * boundary,
    six: (odi ? 0.035 : 0.05) * boundary,
    wicket: 0.045 * wicket,
  };
}

function ballMoments(weights: Record<BallOutcome, number>) {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  let mean = 0;
  let square = 0;
  for (const [k, w] of Object.entries(weights) as [BallOutcome, number][]) {
    mean += (w / total) * RUNS[k];
    square += (w / total) * RUNS[k] ** 2;
  }
  return { mean, variance: square - mean ** 2, wicket: weights.wicket / total };
}

const newInnings = (fixture: Fixture, team: Side): Innings => ({
  team,
  runs: 0,
  wickets: 0,
  balls: 0,
  overRuns: [],
  wicketMethods: [],
  batters: squadOf(fixture[team]).map((name) => ({ name, runs: 0, balls: 0, out: null })),
  striker: 0,
  nonStriker: 1,
  done: false,
});

/** Plays the match of `fixture` ball by ball from its seed. */
export function simulateCricket(fixture: Fixture): CricketMatch {
  const rng = rngOf(fixture.seed, 'cricket');
  const overs = oversOf(fixture);
  const battingFirst: Side = rng.next() < 0.5 ? 'home' : 'away';
  const abandonAtBall = rng.next() < ABANDON_CHANCE ? rng.int(1, overs * 6 * 2 - 30) : -1;
  let state: CricketState = {
    sport: 'cricket',
    status: 'scheduled',
    battingFirst,
    innings: [],
    winner: null,
  };
  const states: CricketState[] = [state];
  const events: CricketEvent[] = [];
  const push = (event: CricketEvent, next: CricketState) => {
    events.push(event);
    states.push(next);
    state = next;
  };
  push(
    { kind: 'start', battingFirst },
    { ...state, status: 'live', innings: [newInnings(fixture, battingFirst)] },
  );
  let ballsPlayed = 0;
  for (;;) {
    const next = structuredClone(state);
    const index = next.innings.length - 1;
    const inn = next.innings[index]!;
    if (ballsPlayed === abandonAtBall) {
      next.status = 'abandoned';
      push({ kind: 'abandoned' }, next);
      break;
    }
    const over = Math.floor(inn.balls / 6);
    const outcome = rng.weighted(ballWeights(fixture, inn.team, over, inn.wickets));
    const batter = inn.batters[inn.striker]!;
    const runs = RUNS[outcome];
    let wicket: WicketMethod | null = null;
    inn.balls += 1;
    ballsPlayed += 1;
    batter.balls += 1;
    batter.runs += runs;
    inn.runs += runs;
    inn.overRuns[over] = (inn.overRuns[over] ?? 0) + runs;
    if (outcome === 'wicket') {
      wicket = rng.weighted(METHOD_WEIGHTS);
      batter.out = wicket;
      inn.wickets += 1;
      inn.wicketMethods.push(wicket);
      if (inn.wickets < 10) inn.striker = inn.wickets + 1;
    } else if (runs % 2 === 1) {
      [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
    }
    if (inn.balls % 6 === 0) [inn.striker, inn.nonStriker] = [inn.nonStriker, inn.striker];
    const target = index === 1 ? next.innings[0]!.runs + 1 : Infinity;
    inn.done = inn.wickets >= 10 || inn.balls >= overs * 6 || inn.runs >= target;
    const event: CricketEvent = {
      kind: 'ball',
      innings: index + 1,
      over: over + 1,
      ball: ((inn.balls - 1) % 6) + 1,
      runs,
      wicket,
      batter: batter.name,
    };
    if (inn.done && index === 0) {
      next.innings.push(newInnings(fixture, other(battingFirst)));
    } else if (inn.done) {
      const first = next.innings[0]!.runs;
      next.winner = inn.runs > first ? inn.team : inn.runs === first ? 'tie' : battingFirst;
      push(event, next);
      push({ kind: 'end', winner: next.winner }, { ...structuredClone(next), status: 'finished' });
      break;
    }
    push(event, next);
  }
  return { fixture, states, events };
}

/** Expected runs still to come in an innings, and their variance. */
function remaining(fixture: Fixture, team: Side, balls: number, wickets: number) {
  const total = oversOf(fixture) * 6;
  let mean = 0;
  let variance = 0;
  let wicketsLeft = 10 - wickets;
  for (let b = balls; b < total && wicketsLeft > 0; b += 1) {
    const m = ballMoments(ballWeights(fixture, team, Math.floor(b / 6), 10 - wicketsLeft));
    mean += m.mean;
    variance += m.variance;
    wicketsLeft -= m.wicket;
  }
  // Collapses make the total spread wider than independent balls.
  return { mean, variance: variance * 1.8 + 40 };
}

/** The chance the home side wins, from a state. */
function homeWinChance(fixture: Fixture, s: CricketState): number {
  if (s.winner) return s.winner === 'home' ? 1 : s.winner === 'away' ? 0 : 0.5;
  const firstSide = s.battingFirst;
  const first = s.innings[0] ?? { runs: 0, balls: 0, wickets: 0, done: false };
  const second = s.innings[1];
  let pFirst: number;
  if (!second) {
    const rest = remaining(fixture, firstSide, first.balls, first.wickets);
    const chase = remaining(fixture, other(firstSide), 0, 0);
    pFirst = above(first.runs + rest.mean - chase.mean, rest.variance + chase.variance, 0);
  } else {
    const rest = remaining(fixture, second.team, second.balls, second.wickets);
    const need = first.runs + 1 - second.runs;
    pFirst = 1 - above(rest.mean, rest.variance, need - 0.5);
  }
  return firstSide === 'home' ? pFirst : 1 - pFirst;
}

/** Expected runs of each batter by the end of the innings (for the top batter market). */
function batterExpectations(fixture: Fixture, inn: Innings): number[] {
  const scale = fixture.format === 'ODI' ? 1.5 : 0.8;
  const order = [30, 29, 27, 25, 22, 18, 14, 9, 6, 4, 3];
  const rest = inn.done ? 0 : remaining(fixture, inn.team, inn.balls, inn.wickets).mean;
  const expected = inn.batters.map((b, i) => {
    if (b.out || inn.done) return b.runs;
    const atCrease = i === inn.striker || i === inn.nonStriker;
    const still = atCrease
      ? 0.3 * rest
      : i > Math.max(inn.striker, inn.nonStriker)
        ? order[i]! * scale * (rest / 160)
        : 0;
    return b.runs + still;
  });
  return expected;
}

const innOf = (s: CricketState, n: number) => s.innings[n - 1];
const teamBatting = (s: CricketState, n: number): Side =>
  n === 1 ? s.battingFirst : other(s.battingFirst);

const nameOf = (fixture: Fixture, side: Side) => localName(fixture[side]);

/** The markets a state offers (priced fairly): the match, the next overs, the next wicket, top batters. */
export function cricketOffered(fixture: Fixture, s: CricketState): string[] {
  if (s.status !== 'scheduled' && s.status !== 'live') return [];
  const ids = ['match_winner'];
  const n = Math.max(1, s.innings.length);
  const inn = innOf(s, n);
  const overs = oversOf(fixture);
  const balls = inn?.balls ?? 0;
  const nextOver = Math.floor(balls / 6) + (balls % 6 === 0 ? 1 : 2);
  for (const over of [nextOver, nextOver + 1]) {
    if (over <= overs)
      ids.push(
        `over_runs:${n}:${over}:${overRunsLine(fixture, teamBatting(s, n), over, inn?.wickets ?? 0)}`,
      );
  }
  const wickets = inn?.wickets ?? 0;
  if (wickets < 10) ids.push(`next_wicket:${n}:${wickets + 1}`);
  for (let i = n; i <= 2; i += 1) ids.push(`top_batter:${i}`);
  return ids;
}

function overRunsLine(fixture: Fixture, team: Side, over: number, wickets: number) {
  const m = ballMoments(ballWeights(fixture, team, over - 1, wickets));
  return Math.floor(m.mean * 6) + 0.5;
}

/** Distribution of the runs of six legal balls. */
function overDistribution(weights: Record<BallOutcome, number>): number[] {
  const total = Object.values(weights).reduce((a, b) => a + b, 0);
  let dist = [1];
  for (let ball = 0; ball < 6; ball += 1) {
    const next = new Array<number>(dist.length + 6).fill(0);
    dist.forEach((p, runs) => {
      for (const [k, w] of Object.entries(weights) as [BallOutcome, number][]) {
        next[runs + RUNS[k]]! += (p * w) / total;
      }
    });
    dist = next;
  }
  return dist;
}

/** A market priced at a state, or undefined when it is no longer open (its result is known or begun). */
export function cricketPrice(
  fixture: Fixture,
  s: CricketState,
  id: string,
): FairMarket | undefined {
  if (s.status !== 'scheduled' && s.status !== 'live') return undefined;
  const [kind, a, b, c] = id.split(':');
  if (kind === 'match_winner') {
    const p = homeWinChance(fixture, s);
    return {
      id,
      kind,
      name: { EN: 'Match winner', BN: 'ম্যাচ বিজয়ী' },
      selections: [
        { id: 'home', name: nameOf(fixture, 'home'), fairOdds: fair(p) },
        { id: 'away', name: nameOf(fixture, 'away'), fairOdds: fair(1 - p) },
      ],
    };
  }
  const n = Number(a);
  if (n !== 1 && n !== 2) return undefined;
  const inn = innOf(s, n);
  if (inn?.done || (n === 1 && s.innings.length > 1)) return undefined;
  if (kind === 'over_runs') {
    const over = Number(b);
    const line = Number(c);
    if (!Number.isInteger(over) || over < 1 || over > oversOf(fixture) || !(line % 1 === 0.5))
      return undefined;
    if ((inn?.balls ?? 0) > (over - 1) * 6) return undefined;
    const dist = overDistribution(
      ballWeights(fixture, teamBatting(s, n), over - 1, inn?.wickets ?? 0),
    );
    const pOver = dist.reduce((sum, p, runs) => (runs > line ? sum + p : sum), 0);
    return {
      id,
      kind,
      name: {
        EN: `Over ${over} runs (innings ${n}): ${line}`,
        BN: `ওভার ${over} রান (ইনিংস ${n}): ${line}`,
      },
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
  if (kind === 'next_wicket') {
    const wicket = Number(b);
    if (!Number.isInteger(wicket) || wicket < 1 || wicket > 10) return undefined;
    if ((inn?.wickets ?? 0) >= wicket) return undefined;
    const total = Object.values(METHOD_WEIGHTS).reduce((x, y) => x + y, 0);
    return {
      id,
      kind,
      name: {
        EN: `Wicket ${wicket} method (innings ${n})`,
        BN: `উইকেট ${wicket} কীভাবে (ইনিংস ${n})`,
      },
      selections: WICKET_METHODS.map((m) => ({
        id: m,
        name: METHOD_NAMES[m],
        fairOdds: fair(METHOD_WEIGHTS[m] / total),
      })),
    };
  }
  if (kind === 'top_batter') {
    const team = teamBatting(s, n);
    const innings = inn ?? newInnings(fixture, team);
    const expected = batterExpectations(fixture, innings).map((e) => (e + 3) ** 2.2);
    const total = expected.reduce((x, y) => x + y, 0);
    return {
      id,
      kind,
      name: {
        EN: `Top batter: ${fixture[team]}`,
        BN: `সেরা ব্যাটার: ${localName(fixture[team]).BN}`,
      },
      selections: innings.batters.map((bat, i) => ({
        id: `b${i}`,
        name: localName(bat.name),
        fairOdds: bat.out ? fair(expected[i]! / total) * 1.5 : fair(expected[i]! / total),
      })),
    };
  }
  return undefined;
}

/** How a selection settles at a state: undefined while its result is not known yet. */
export function cricketOutcome(
  s: CricketState,
  id: string,
  selection: string,
): Outcome | undefined {
  const [kind, a, b, c] = id.split(':');
  const ended = s.status === 'finished' || s.status === 'abandoned';
  const voidIfEnded = (): Outcome | undefined => (ended ? { kind: 'void' } : undefined);
  if (kind === 'match_winner') {
    if (s.status === 'abandoned') return { kind: 'void' };
    if (s.status !== 'finished' || !s.winner) return undefined;
    if (s.winner === 'tie') return { kind: 'void' };
    return { kind: s.winner === selection ? 'win' : 'lose' };
  }
  const n = Number(a);
  const inn = innOf(s, n);
  if (kind === 'over_runs') {
    const over = Number(b);
    const line = Number(c);
    if (inn && inn.balls >= over * 6) {
      const runs = inn.overRuns[over - 1] ?? 0;
      return { kind: runs > line === (selection === 'over') ? 'win' : 'lose' };
    }
    // The innings ended short of it (all out, target reached) or the match stopped.
    if (inn?.done) return { kind: 'void' };
    return voidIfEnded();
  }
  if (kind === 'next_wicket') {
    const method = inn?.wicketMethods[Number(b) - 1];
    if (method) return { kind: method === selection ? 'win' : 'lose' };
    if (inn?.done) return { kind: 'void' };
    return voidIfEnded();
  }
  if (kind === 'top_batter') {
    if (!inn?.done) return voidIfEnded();
    const best = Math.max(...inn.batters.map((x) => x.runs));
    const tied = inn.batters.filter((x) => x.runs === best).length;
    const chosen = inn.batters[Number(selection.slice(1))];
    if (!chosen || chosen.runs !== best) return { kind: 'lose' };
    return tied > 1 ? { kind: 'dead_heat', among: tied } : { kind: 'win' };
  }
  return { kind: 'void' };
}

/** Key moments (a wicket) suspend the match's markets. */
export const cricketKeyMoment = (event: CricketEvent | undefined) =>
  event?.kind === 'ball' && event.wicket !== null;
