/**
 * The sportsbook's pure domain: schedules and matches replay from their seeds, every market kind
 * settles from a replayed match as its events say, accumulators and voids pay as the rules say,
 * and markets suspend around key moments.
 */
import { describe, expect, it } from 'vitest';
import type { CricketMatch, CricketState } from './cricket';
import { fixtureAt, fixtureById, fixturesBetween, type ScheduleOptions } from './fixtures';
import type { FootballMatch, FootballState } from './football';
import type { KabaddiMatch } from './kabaddi';
import { handicapOutcome } from './model';
import {
  DEFAULT_PRICING,
  finalIndex,
  indexAt,
  offerOf,
  offersAt,
  outcomeAt,
  simulate,
  suspendedAt,
  type AnyMatch,
} from './markets';
import { betResult, betReturn, cashOutValue, combinedOdds, potentialReturn } from './settlement';
import type { Outcome } from './types';

const schedule: ScheduleOptions = {
  seed: 'test-schedule',
  origin: Date.UTC(2026, 0, 1),
  spacingMs: 600_000,
};

/** The first slots whose match satisfies `test`. */
function findMatch<M extends AnyMatch>(test: (m: M) => boolean, from = 0): M {
  for (let k = from; k < from + 400; k += 1) {
    const match = simulate(fixtureAt(schedule, k)) as M;
    if (test(match)) return match;
  }
  throw new Error('no such match in 400 slots');
}
const isCricket = (m: AnyMatch): m is CricketMatch => m.fixture.sport === 'cricket';
const isFootball = (m: AnyMatch): m is FootballMatch => m.fixture.sport === 'football';
const last = <S>(m: { states: S[] }) => m.states[m.states.length - 1]!;
const settle = (m: AnyMatch, market: string, selection: string) =>
  outcomeAt(m, finalIndex(m), market, selection);

describe('schedule and replay', () => {
  it('makes the same fixtures and the same match from the same seed', () => {
    const a = fixturesBetween(schedule, schedule.origin, schedule.origin + 12 * schedule.spacingMs);
    const b = fixturesBetween(schedule, schedule.origin, schedule.origin + 12 * schedule.spacingMs);
    expect(a).toHaveLength(12);
    expect(a).toEqual(b);
    expect(new Set(a.map((f) => f.sport))).toEqual(
      new Set(['cricket', 'football', 'kabaddi', 'esports', 'cockfight']),
    );
    expect(a.some((f) => f.format === 'ODI') && a.some((f) => f.format === 'T20')).toBe(true);
    for (const f of a) {
      expect(f.home).not.toBe(f.away);
      expect(fixtureById(schedule, f.id)).toEqual(f);
      expect(simulate(f).events).toEqual(simulate(f).events);
    }
    expect(fixtureById(schedule, 'c-1')).toBeUndefined(); // slot 1 is football
    const other = fixtureAt({ ...schedule, seed: 'another' }, 0);
    expect(simulate(other).events).not.toEqual(simulate(fixtureAt(schedule, 0)).events);
  });

  it('plays cricket innings within their overs and wickets, the chase stopping at the target', () => {
    const m = findMatch<CricketMatch>((x) => isCricket(x) && last(x).status === 'finished');
    const end = last(m);
    const overs = m.fixture.format === 'ODI' ? 50 : 20;
    for (const inn of end.innings) {
      expect(inn.balls).toBeLessThanOrEqual(overs * 6);
      expect(inn.wickets).toBeLessThanOrEqual(10);
      expect(inn.overRuns.reduce((a, b) => a + b, 0)).toBe(inn.runs);
      expect(inn.batters.reduce((a, b) => a + b.runs, 0)).toBe(inn.runs);
    }
    const [first, second] = end.innings;
    expect(second!.runs).toBeLessThanOrEqual(first!.runs + 6);
    const expected =
      second!.runs > first!.runs
        ? second!.team
        : second!.runs === first!.runs
          ? 'tie'
          : first!.team;
    expect(end.winner).toBe(expected);
  });

  it('follows a clock: before the start, one step per interval, then the result', () => {
    const m = simulate(fixtureAt(schedule, 1));
    const start = m.fixture.startAt;
    expect(indexAt(m, start - 1, 1000)).toBe(0);
    expect(indexAt(m, start, 1000)).toBe(1);
    expect(indexAt(m, start + 5_500, 1000)).toBe(6);
    expect(indexAt(m, start + 10_000_000, 1000)).toBe(finalIndex(m));
  });
});

describe('settlement of every market kind from replayed matches', () => {
  it('match winner: the side the result names wins, a tie or an abandonment voids', () => {
    const m = findMatch<CricketMatch>(
      (x) => isCricket(x) && last(x).status === 'finished' && last(x).winner !== 'tie',
    );
    const winner = last(m).winner as 'home' | 'away';
    const loser = winner === 'home' ? 'away' : 'home';
    expect(settle(m, 'match_winner', winner)).toEqual({ kind: 'win' });
    expect(settle(m, 'match_winner', loser)).toEqual({ kind: 'lose' });
    // Not known during play.
    expect(outcomeAt(m, 10, 'match_winner', winner)).toBeUndefined();
    const tie: CricketState = { ...last(m), winner: 'tie' };
    const tied = { ...m, states: [...m.states.slice(0, -1), tie] };
    expect(settle(tied, 'match_winner', 'home')).toEqual({ kind: 'void' });
  });

  it('runs in an over: the over’s runs, counted from its balls, against the line; settled when the over ends', () => {
    const m = findMatch<CricketMatch>(
      (x) => isCricket(x) && last(x).status === 'finished' && last(x).innings[1]!.balls < 110,
    );
    const over = 7;
    const balls = m.events.flatMap((e) =>
      e.kind === 'ball' && e.innings === 1 && e.over === over ? [e] : [],
    );
    expect(balls).toHaveLength(6);
    const runs = balls.reduce((a, b) => a + b.runs, 0);
    const line = runs + 0.5; // under wins
    const id = `over_runs:1:${over}:${line}`;
    const lastBall = m.events.indexOf(balls[5]!) + 1;
    expect(outcomeAt(m, lastBall - 1, id, 'under')).toBeUndefined();
    expect(outcomeAt(m, lastBall, id, 'under')).toEqual({ kind: 'win' });
    expect(outcomeAt(m, lastBall, id, 'over')).toEqual({ kind: 'lose' });
    expect(settle(m, `over_runs:1:${over}:${runs - 0.5}`, 'over')).toEqual({ kind: 'win' });
    // An over never bowled (the chase ended first, or overs run out) is void.
    const chase = last(m).innings[1]!;
    const unbowled = Math.floor(chase.balls / 6) + 2;
    expect(settle(m, `over_runs:2:${unbowled}:7.5`, 'over')).toEqual({ kind: 'void' });
    // Closed once its first ball is bowled.
    const firstBall = m.events.indexOf(balls[0]!) + 1;
    expect(offerOf(m, firstBall - 1, id, DEFAULT_PRICING)?.status).not.toBe('closed');
    expect(offerOf(m, firstBall, id, DEFAULT_PRICING)?.status).toBe('closed');
  });

  it('next wicket method: how that wicket fell; void when the innings ends first', () => {
    const m = findMatch<CricketMatch>(
      (x) => isCricket(x) && last(x).status === 'finished' && last(x).innings[1]!.wickets < 10,
    );
    const wickets = m.events.flatMap((e) =>
      e.kind === 'ball' && e.innings === 1 && e.wicket ? [e.wicket] : [],
    );
    expect(wickets.length).toBeGreaterThan(0);
    expect(settle(m, 'next_wicket:1:1', wickets[0]!)).toEqual({ kind: 'win' });
    const wrong = (['caught', 'bowled', 'lbw', 'run_out', 'other'] as const).find(
      (x) => x !== wickets[0],
    )!;
    expect(settle(m, 'next_wicket:1:1', wrong)).toEqual({ kind: 'lose' });
    const notFallen = last(m).innings[1]!.wickets + 1;
    expect(settle(m, `next_wicket:2:${notFallen}`, 'caught')).toEqual({ kind: 'void' });
  });

  it('top batter: the most runs of the innings, a dead heat dividing the stake', () => {
    const m = findMatch<CricketMatch>((x) => isCricket(x) && last(x).status === 'finished');
    const runs = new Map<string, number>();
    for (const e of m.events)
      if (e.kind === 'ball' && e.innings === 1)
        runs.set(e.batter, (runs.get(e.batter) ?? 0) + e.runs);
    const best = Math.max(...runs.values());
    const order = last(m).innings[0]!.batters.map((b) => b.name);
    const top = order.findIndex((name) => runs.get(name) === best);
    const tied = [...runs.values()].filter((r) => r === best).length;
    expect(settle(m, 'top_batter:1', `b${top}`)).toEqual(
      tied > 1 ? { kind: 'dead_heat', among: tied } : { kind: 'win' },
    );
    const worst = order.findIndex((name) => (runs.get(name) ?? 0) < best);
    expect(settle(m, 'top_batter:1', `b${worst}`)).toEqual({ kind: 'lose' });
    const state = structuredClone(last(m));
    state.innings[0]!.batters[0]!.runs = best + 10;
    state.innings[0]!.batters[1]!.runs = best + 10;
    const heat = { ...m, states: [...m.states.slice(0, -1), state] };
    expect(settle(heat, 'top_batter:1', 'b1')).toEqual({ kind: 'dead_heat', among: 2 });
    expect(betReturn(100_00n, [{ odds: 400, outcome: { kind: 'dead_heat', among: 2 } }])).toBe(
      200_00n,
    );
  });

  it('1X2, total goals and Asian handicap from the goals of a replayed football match', () => {
    const m = findMatch<FootballMatch>(
      (x) =>
        isFootball(x) && last(x).status === 'finished' && last(x).score.home !== last(x).score.away,
    );
    const home = m.events.filter((e) => e.kind === 'minute' && e.goal === 'home').length;
    const away = m.events.filter((e) => e.kind === 'minute' && e.goal === 'away').length;
    expect(last(m).score).toEqual({ home, away });
    const winner = home > away ? 'home' : 'away';
    expect(settle(m, '1x2', winner)).toEqual({ kind: 'win' });
    expect(settle(m, '1x2', 'draw')).toEqual({ kind: 'lose' });
    expect(settle(m, 'total_goals:2.5', 'over')).toEqual({
      kind: home + away > 2.5 ? 'win' : 'lose',
    });
    const margin = home - away;
    // A whole-goal line at the margin pushes (void), a quarter line either side halves.
    expect(handicapOutcome(-margin, margin)).toBe('void');
    expect(handicapOutcome(-margin + 0.25, margin)).toBe('half_win');
    expect(handicapOutcome(-margin - 0.25, margin)).toBe('half_lose');
    expect(handicapOutcome(-margin + 0.75, margin)).toBe('win');
    expect(handicapOutcome(-margin - 0.75, margin)).toBe('lose');
    const line = -0.25;
    const expected = margin > 0 ? 'win' : margin === 0 ? 'half_lose' : 'lose';
    expect(settle(m, `handicap:${line}`, 'home')).toEqual({ kind: expected });
  });

  it('total goals passed during play is won then, even if the match is later abandoned', () => {
    const m = findMatch<FootballMatch>(
      (x) => isFootball(x) && last(x).score.home + last(x).score.away >= 2,
    );
    const second = m.states.findIndex((s) => s.score.home + s.score.away === 2);
    expect(outcomeAt(m, second, 'total_goals:1.5', 'over')).toEqual({ kind: 'win' });
    expect(outcomeAt(m, second - 1, 'total_goals:1.5', 'over')).toBeUndefined();
    const abandoned: FootballState = { ...m.states[second]!, status: 'abandoned' };
    const stopped = { ...m, states: [...m.states.slice(0, second + 1), abandoned] };
    expect(settle(stopped, 'total_goals:1.5', 'over')).toEqual({ kind: 'win' });
    expect(settle(stopped, '1x2', 'home')).toEqual({ kind: 'void' });
  });

  it('kabaddi result, total points and handicap from the raids', () => {
    const m = findMatch<KabaddiMatch>(
      (x) => x.fixture.sport === 'kabaddi' && last(x).status === 'finished',
    );
    const score = { home: 0, away: 0 };
    for (const e of m.events) {
      if (e.kind !== 'raid') continue;
      const defence = e.raider === 'home' ? 'away' : 'home';
      if (e.result === 'tackle') score[defence] += 1;
      else score[e.raider] += { empty: 0, touch1: 1, touch2: 2, super: 3 }[e.result];
      if (e.allOut) score[e.allOut === 'home' ? 'away' : 'home'] += 2;
    }
    expect(last(m).score).toEqual(score);
    const result = score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
    expect(settle(m, '1x2', result)).toEqual({ kind: 'win' });
    const total = score.home + score.away;
    expect(settle(m, `total_points:${total - 0.5}`, 'over')).toEqual({ kind: 'win' });
    expect(settle(m, `total_points:${total + 0.5}`, 'over')).toEqual({ kind: 'lose' });
    const margin = score.home - score.away;
    expect(settle(m, `handicap:${-margin + 0.5}`, 'home')).toEqual({ kind: 'win' });
    expect(settle(m, `handicap:${-margin - 0.5}`, 'home')).toEqual({ kind: 'lose' });
    expect(settle(m, `handicap:${-margin - 0.5}`, 'away')).toEqual({ kind: 'win' });
  });

  it('an abandoned match voids its unsettled markets and keeps those already decided', () => {
    const m = findMatch<CricketMatch>(
      (x) =>
        isCricket(x) && last(x).status === 'abandoned' && (last(x).innings[0]?.balls ?? 0) > 12,
    );
    expect(settle(m, 'match_winner', 'home')).toEqual({ kind: 'void' });
    expect(settle(m, 'top_batter:2', 'b0')).toEqual({ kind: 'void' });
    const firstOver = last(m).innings[0]!.overRuns[0]!;
    expect(settle(m, `over_runs:1:1:${firstOver + 0.5}`, 'under')).toEqual({ kind: 'win' });
    expect(offersAt(m, finalIndex(m), DEFAULT_PRICING)).toEqual([]);
  });
});

describe('bets: singles, accumulators, voids and cash-out', () => {
  const win: Outcome = { kind: 'win' };
  const lose: Outcome = { kind: 'lose' };
  const voided: Outcome = { kind: 'void' };

  it('pays a single at its odds, rounded down to the paisa', () => {
    expect(betReturn(100_00n, [{ odds: 185, outcome: win }])).toBe(185_00n);
    expect(betReturn(333n, [{ odds: 185, outcome: win }])).toBe(616n);
    expect(betReturn(100_00n, [{ odds: 185, outcome: lose }])).toBe(0n);
    expect(betReturn(100_00n, [{ odds: 185, outcome: voided }])).toBe(100_00n);
    expect(betReturn(100_00n, [{ odds: 190, outcome: { kind: 'half_win' } }])).toBe(145_00n);
    expect(betReturn(100_00n, [{ odds: 190, outcome: { kind: 'half_lose' } }])).toBe(50_00n);
    expect(betResult(100_00n, [{ odds: 190, outcome: { kind: 'half_lose' } }], 50_00n)).toBe(
      'half_lost',
    );
  });

  it('multiplies an accumulator’s legs, a void leg counting at 1.00 and the rest standing', () => {
    expect(combinedOdds([185, 210])).toBe(388);
    expect(potentialReturn(100_00n, [185, 210])).toBe(388_50n);
    expect(
      betReturn(100_00n, [
        { odds: 185, outcome: win },
        { odds: 210, outcome: win },
      ]),
    ).toBe(388_50n);
    expect(
      betReturn(100_00n, [
        { odds: 185, outcome: win },
        { odds: 210, outcome: voided },
      ]),
    ).toBe(185_00n);
    expect(
      betReturn(100_00n, [
        { odds: 185, outcome: voided },
        { odds: 210, outcome: voided },
      ]),
    ).toBe(100_00n);
    expect(
      betResult(
        100_00n,
        [
          { odds: 185, outcome: voided },
          { odds: 210, outcome: voided },
        ],
        100_00n,
      ),
    ).toBe('void');
    expect(
      betReturn(100_00n, [
        { odds: 200, outcome: { kind: 'half_win' } },
        { odds: 200, outcome: win },
      ]),
    ).toBe(300_00n);
    // Lost as soon as one leg loses, known or not the others.
    expect(
      betReturn(100_00n, [
        { odds: 185, outcome: lose },
        { odds: 210, outcome: undefined },
      ]),
    ).toBe(0n);
    expect(
      betReturn(100_00n, [
        { odds: 185, outcome: win },
        { odds: 210, outcome: undefined },
      ]),
    ).toBeUndefined();
  });

  it('offers a cash-out from current odds while every open leg’s market is open', () => {
    // Odds shortened from 2.00 to 1.25: worth 160 before the fee, 155.20 after 3%.
    expect(cashOutValue(100_00n, [{ odds: 200, outcome: undefined, currentOdds: 125 }], 300)).toBe(
      155_20n,
    );
    expect(
      cashOutValue(100_00n, [{ odds: 200, outcome: undefined, currentOdds: undefined }], 300),
    ).toBeUndefined();
    expect(
      cashOutValue(
        100_00n,
        [
          { odds: 200, outcome: lose, currentOdds: undefined },
          { odds: 150, outcome: undefined, currentOdds: 150 },
        ],
        0,
      ),
    ).toBeUndefined();
    expect(
      cashOutValue(
        100_00n,
        [
          { odds: 200, outcome: win, currentOdds: undefined },
          { odds: 150, outcome: undefined, currentOdds: 120 },
        ],
        0,
      ),
    ).toBe(250_00n);
  });
});

describe('live odds and suspension', () => {
  it('moves the odds with the match and suspends around a goal, then re-opens', () => {
    // A goal after the start with no other in the two minutes after it, in a match played out.
    const lone = (x: FootballMatch, i: number) => {
      const e = x.events[i]!;
      return (
        e.kind === 'minute' &&
        e.goal !== null &&
        e.minute > 5 &&
        e.minute < 80 &&
        [1, 2].every(
          (d) =>
            x.events[i + d]?.kind === 'minute' &&
            (x.events[i + d] as { goal: unknown }).goal === null,
        )
      );
    };
    const m = findMatch<FootballMatch>(
      (x) => isFootball(x) && last(x).status === 'finished' && x.events.some((_, i) => lone(x, i)),
    );
    const goal = m.events.findIndex((_, i) => lone(m, i)) + 1;
    const before = offerOf(m, goal - 1, '1x2', DEFAULT_PRICING)!;
    const at = offerOf(m, goal, '1x2', DEFAULT_PRICING)!;
    expect(before.status).toBe('open');
    expect(at.status).toBe('suspended');
    expect(suspendedAt(m, goal + 1, DEFAULT_PRICING)).toBe(true);
    expect(offerOf(m, goal + 2, '1x2', DEFAULT_PRICING)!.status).toBe('open');
    const scorer = (m.events[goal - 1] as { goal: 'home' | 'away' }).goal;
    const odds = (o: typeof at) => o.selections.find((s) => s.id === scorer)!.odds;
    expect(odds(at)).toBeLessThan(odds(before));
    // The margin: the implied chances add up to more than one, by about the operator's share.
    const book = before.selections.reduce((sum, s) => sum + 100 / s.odds, 0);
    expect(book).toBeGreaterThan(1.03);
    expect(book).toBeLessThan(1.08);
  });

  it('suspends cricket markets on the ball a wicket falls', () => {
    const m = findMatch<CricketMatch>(
      (x) => isCricket(x) && x.events.some((e) => e.kind === 'ball' && e.wicket !== null),
    );
    const wicket = m.events.findIndex((e) => e.kind === 'ball' && e.wicket !== null) + 1;
    expect(offerOf(m, wicket, 'match_winner', DEFAULT_PRICING)!.status).toBe('suspended');
    expect(offerOf(m, wicket - 1, 'match_winner', DEFAULT_PRICING)!.status).toBe('open');
    const offered = offersAt(m, wicket, DEFAULT_PRICING);
    expect(offered.every((o) => o.status === 'suspended')).toBe(true);
  });
});
