/**
 * Football: a minute-by-minute simulator (90 minutes and some stoppage time; goals from each
 * side's scoring rate by strength), a Poisson odds model of the goals still to come, and how its
 * markets settle.
 *
 * Markets:
 *   1x2                   home | draw | away
 *   total_goals:<line>    over | under (lines 1.5, 2.5, 3.5)
 *   handicap:<line>       home | away, Asian handicap with the line given to home (away gets its
 *                         opposite); quarter lines (±0.25, ±0.75) settle half win / half lose
 */
import { fair, finalScoreOutcome, handicapFairOdds, lineText, poisson } from './model';
import { localName } from './names';
import { rngOf } from './rng';
import type { FairMarket, Fixture, Match, MatchStatus, Outcome, Side } from './types';

export interface FootballState {
  sport: 'football';
  status: MatchStatus;
  minute: number;
  score: Record<Side, number>;
  goals: { side: Side; minute: number }[];
}

export type FootballEvent =
  | { kind: 'kickoff' }
  | { kind: 'minute'; minute: number; goal: Side | null }
  | { kind: 'end' }
  | { kind: 'abandoned' };

export type FootballMatch = Match<FootballState, FootballEvent>;

export const TOTAL_LINES = [1.5, 2.5, 3.5] as const;
export const HANDICAP_LINES = [-0.25, -0.75, -1.5, 0.5] as const;
export const ABANDON_CHANCE = 0.02;
const MAX_GOALS = 12;

/** Goals each side scores in 90 minutes on average. */
export function goalRates(fixture: Fixture): Record<Side, number> {
  const ratio = fixture.strength.home / fixture.strength.away;
  return { home: 1.45 * ratio, away: 1.1 / ratio };
}

export function simulateFootball(fixture: Fixture): FootballMatch {
  const rng = rngOf(fixture.seed, 'football');
  const rates = goalRates(fixture);
  const stoppage = rng.int(1, 5);
  const abandonAt = rng.next() < ABANDON_CHANCE ? rng.int(5, 85) : -1;
  let state: FootballState = {
    sport: 'football',
    status: 'scheduled',
    minute: 0,
    score: { home: 0, away: 0 },
    goals: [],
  };
  const states: FootballState[] = [state];
  const events: FootballEvent[] = [];
  const push = (event: FootballEvent, next: FootballState) => {
    events.push(event);
    states.push(next);
    state = next;
  };
  push({ kind: 'kickoff' }, { ...state, status: 'live' });
  for (let minute = 1; minute <= 90 + stoppage; minute += 1) {
    if (minute === abandonAt) {
      push({ kind: 'abandoned' }, { ...structuredClone(state), status: 'abandoned' });
      return { fixture, states, events };
    }
    const roll = rng.next();
    const goal: Side | null =
      roll < rates.home / 90 ? 'home' : roll < (rates.home + rates.away) / 90 ? 'away' : null;
    const next = structuredClone(state);
    next.minute = minute;
    if (goal) {
      next.score[goal] += 1;
      next.goals.push({ side: goal, minute });
    }
    push({ kind: 'minute', minute, goal }, next);
  }
  push({ kind: 'end' }, { ...structuredClone(state), status: 'finished' });
  return { fixture, states, events };
}

/** The chances of each final score (home, away) from a state. */
function finalScores(
  fixture: Fixture,
  s: FootballState,
): { home: number; away: number; p: number }[] {
  const rates = goalRates(fixture);
  const left = Math.max(0, 90 - s.minute) / 90;
  const home = poisson(rates.home * left, MAX_GOALS);
  const away = poisson(rates.away * left, MAX_GOALS);
  const out: { home: number; away: number; p: number }[] = [];
  home.forEach((ph, h) =>
    away.forEach((pa, a) =>
      out.push({ home: s.score.home + h, away: s.score.away + a, p: ph * pa }),
    ),
  );
  return out;
}

export function footballOffered(s: FootballState): string[] {
  if (s.status !== 'scheduled' && s.status !== 'live') return [];
  return [
    '1x2',
    ...TOTAL_LINES.map((l) => `total_goals:${l}`),
    ...HANDICAP_LINES.map((l) => `handicap:${lineText(l)}`),
  ];
}

const lineOf = (text: string | undefined) => {
  const line = Number(text);
  return text !== undefined &&
    Number.isFinite(line) &&
    Math.abs(line * 4 - Math.round(line * 4)) < 1e-9 &&
    Math.abs(line) <= 10
    ? line
    : undefined;
};

export function footballPrice(
  fixture: Fixture,
  s: FootballState,
  id: string,
): FairMarket | undefined {
  if (s.status !== 'scheduled' && s.status !== 'live') return undefined;
  const [kind, a] = id.split(':');
  const scores = finalScores(fixture, s);
  const sum = (test: (x: { home: number; away: number }) => boolean) =>
    scores.reduce((t, x) => (test(x) ? t + x.p : t), 0);
  const side = (x: Side) => localName(fixture[x]);
  if (kind === '1x2' && a === undefined) {
    return {
      id,
      kind,
      name: { EN: 'Full time result', BN: 'পূর্ণ সময়ের ফল' },
      selections: [
        { id: 'home', name: side('home'), fairOdds: fair(sum((x) => x.home > x.away)) },
        {
          id: 'draw',
          name: { EN: 'Draw', BN: 'ড্র' },
          fairOdds: fair(sum((x) => x.home === x.away)),
        },
        { id: 'away', name: side('away'), fairOdds: fair(sum((x) => x.home < x.away)) },
      ],
    };
  }
  const line = lineOf(a);
  if (line === undefined) return undefined;
  if (kind === 'total_goals' && line % 1 === 0.5 && line > 0) {
    if (s.score.home + s.score.away > line) return undefined;
    const pOver = sum((x) => x.home + x.away > line);
    return {
      id,
      kind,
      name: { EN: `Total goals ${line}`, BN: `মোট গোল ${line}` },
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
    const margins = scores.map((x) => ({ value: x.home - x.away, p: x.p }));
    const flipped = margins.map((m) => ({ value: -m.value, p: m.p }));
    return {
      id,
      kind,
      name: { EN: `Asian handicap ${lineText(line)}`, BN: `এশিয়ান হ্যান্ডিক্যাপ ${lineText(line)}` },
      selections: [
        {
          id: 'home',
          name: {
            EN: `${fixture.home} ${lineText(line)}`,
            BN: `${localName(fixture.home).BN} ${lineText(line)}`,
          },
          fairOdds: handicapFairOdds(line, margins),
        },
        {
          id: 'away',
          name: {
            EN: `${fixture.away} ${lineText(-line)}`,
            BN: `${localName(fixture.away).BN} ${lineText(-line)}`,
          },
          fairOdds: handicapFairOdds(-line, flipped),
        },
      ],
    };
  }
  return undefined;
}

export function footballOutcome(
  s: FootballState,
  id: string,
  selection: string,
): Outcome | undefined {
  const [kind, a] = id.split(':');
  const line = lineOf(a);
  if (kind === 'total_goals' && line !== undefined && s.score.home + s.score.away > line) {
    // Passed during play: decided whatever happens later, an abandonment too.
    return { kind: selection === 'over' ? 'win' : 'lose' };
  }
  if (s.status === 'abandoned') return { kind: 'void' };
  if (s.status !== 'finished') return undefined;
  return finalScoreOutcome(s.score, { kind, totalKind: 'total_goals', line }, selection);
}

/** A goal suspends the match's markets. */
export const footballKeyMoment = (event: FootballEvent | undefined) =>
  event?.kind === 'minute' && event.goal !== null;
