/**
 * E-sports series replayed from their seeds: every market kind settles as the rounds played say
 * (counted here from the events, not from the simulator's own tallies), early where the result
 * is already certain, void where a map is never played or the series is abandoned; odds carry
 * the margin and the markets suspend around a map won.
 */
import { describe, expect, it } from 'vitest';
import { roundsLine, type EsportsMatch } from './esports';
import { fixtureAt, fixtureById, type ScheduleOptions } from './fixtures';
import {
  DEFAULT_PRICING,
  finalIndex,
  offerOf,
  offersAt,
  outcomeAt,
  simulate,
  suspendedAt,
} from './markets';
import { betReturn } from './settlement';
import type { Side } from './types';

const schedule: ScheduleOptions = { seed: 'esports-test', origin: 0, spacingMs: 600_000 };

function series(test: (m: EsportsMatch) => boolean): EsportsMatch {
  for (let k = 0; k < 4_000; k += 1) {
    const fixture = fixtureAt(schedule, k);
    if (fixture.sport !== 'esports') continue;
    const match = simulate(fixture) as EsportsMatch;
    if (test(match)) return match;
  }
  throw new Error('no such series in 4,000 slots');
}

/** Each map's rounds, counted from the round events. */
function mapsFromEvents(m: EsportsMatch): Record<Side, number>[] {
  const maps: Record<Side, number>[] = [];
  for (const e of m.events) {
    if (e.kind !== 'round') continue;
    maps[e.map - 1] ??= { home: 0, away: 0 };
    maps[e.map - 1]![e.winner] += 1;
  }
  return maps;
}
const last = (m: EsportsMatch) => m.states[finalIndex(m)]!;
const settle = (m: EsportsMatch, market: string, selection: string, index = finalIndex(m)) =>
  outcomeAt(m, index, market, selection)?.kind;
const finished = (m: EsportsMatch) => last(m).status === 'finished';

describe('an e-sports series', () => {
  it('replays from its seed: a best of three maps, each a race to 13 rounds', () => {
    const m = series(finished);
    expect(m.fixture.id).toMatch(/^e-\d+$/);
    expect(m.fixture.format).toBe('BO3');
    expect(fixtureById(schedule, m.fixture.id)).toEqual(m.fixture);
    expect(simulate(m.fixture)).toEqual(m);
    const maps = mapsFromEvents(m);
    const won = { home: 0, away: 0 };
    for (const map of maps) {
      expect(Math.max(map.home, map.away)).toBe(13);
      expect(Math.min(map.home, map.away)).toBeLessThan(13);
      won[map.home > map.away ? 'home' : 'away'] += 1;
    }
    expect(Math.max(won.home, won.away)).toBe(2);
    expect(last(m).maps).toEqual(won);
  });

  it('settles series winner, map winners, total rounds, maps handicap and total maps from the rounds', () => {
    for (const m of [
      series((x) => finished(x) && last(x).played.length === 3),
      series((x) => finished(x) && last(x).played.length === 2),
    ]) {
      const maps = mapsFromEvents(m);
      const won = { home: 0, away: 0 };
      for (const map of maps) won[map.home > map.away ? 'home' : 'away'] += 1;
      const winner = won.home > won.away ? 'home' : 'away';
      expect(settle(m, 'series_winner', winner)).toBe('win');
      expect(settle(m, 'series_winner', winner === 'home' ? 'away' : 'home')).toBe('lose');
      for (let map = 1; map <= 3; map += 1) {
        const rounds = maps[map - 1];
        if (!rounds) {
          // A map the series never needed: void.
          expect(settle(m, `map_winner:${map}`, 'home')).toBe('void');
          expect(settle(m, `total_rounds:${map}:21.5`, 'over')).toBe('void');
          continue;
        }
        const mapWinner = rounds.home > rounds.away ? 'home' : 'away';
        expect(settle(m, `map_winner:${map}`, mapWinner)).toBe('win');
        expect(settle(m, `map_winner:${map}`, mapWinner === 'home' ? 'away' : 'home')).toBe('lose');
        const total = rounds.home + rounds.away;
        expect(settle(m, `total_rounds:${map}:21.5`, 'over')).toBe(total > 21.5 ? 'win' : 'lose');
        expect(settle(m, `total_rounds:${map}:21.5`, 'under')).toBe(total < 21.5 ? 'win' : 'lose');
      }
      // Home −1.5 maps wins only 2–0; home +1.5 loses only 0–2.
      expect(settle(m, 'handicap:-1.5', 'home')).toBe(
        won.home === 2 && won.away === 0 ? 'win' : 'lose',
      );
      expect(settle(m, 'handicap:+1.5', 'away')).toBe(
        won.away === 2 && won.home === 0 ? 'win' : 'lose',
      );
      const three = maps.length === 3;
      expect(settle(m, 'total_maps:2.5', 'over')).toBe(three ? 'win' : 'lose');
      expect(settle(m, 'total_maps:2.5', 'under')).toBe(three ? 'lose' : 'win');
    }
  });

  it('settles what is certain during play: a total passed, a third map begun, a handicap out of reach', () => {
    const lineOf = (x: EsportsMatch) => roundsLine(x.fixture);
    const m = series((x) => {
      const s = last(x);
      return (
        finished(x) && s.played.length === 3 && s.played[0]!.home + s.played[0]!.away > lineOf(x)
      );
    });
    const line = lineOf(m);
    expect(offersAt(m, 0, DEFAULT_PRICING).map((o) => o.id)).toContain(`total_rounds:1:${line}`);
    // The round map 1's total passes the line: over won there, and the market closed.
    const passed = m.states.findIndex((s) => s.map === 1 && s.rounds.home + s.rounds.away > line);
    expect(settle(m, `total_rounds:1:${line}`, 'over', passed)).toBe('win');
    expect(settle(m, `total_rounds:1:${line}`, 'under', passed)).toBe('lose');
    expect(settle(m, `total_rounds:1:${line}`, 'over', passed - 1)).toBeUndefined();
    expect(offerOf(m, passed, `total_rounds:1:${line}`, DEFAULT_PRICING)!.status).toBe('closed');
    const third = m.states.findIndex((s) => s.map === 3);
    expect(settle(m, 'total_maps:2.5', 'over', third)).toBe('win');
    expect(settle(m, 'total_maps:2.5', 'over', third - 1)).toBeUndefined();
    expect(settle(m, 'series_winner', 'home', third)).toBeUndefined();
    // 1–1: each side has taken a map, so neither −1.5 can win any more.
    expect(settle(m, 'handicap:-1.5', 'home', third)).toBe('lose');
    expect(settle(m, 'handicap:+1.5', 'home', third)).toBe('win');
  });

  it('an abandoned series voids what was not decided and keeps the maps completed', () => {
    const m = series((x) => last(x).status === 'abandoned' && last(x).played.length >= 1);
    const s = last(m);
    const first = mapsFromEvents(m)[0]!;
    expect(settle(m, 'map_winner:1', first.home > first.away ? 'home' : 'away')).toBe('win');
    expect(settle(m, `map_winner:${s.map}`, 'home')).toBe('void');
    expect(settle(m, 'series_winner', 'home')).toBe('void');
    expect(settle(m, 'series_winner', 'away')).toBe('void');
    expect(offersAt(m, finalIndex(m), DEFAULT_PRICING)).toEqual([]);
    // A bet on the series is returned: a void leg counts at 1.00.
    expect(betReturn(100_00n, [{ odds: 185, outcome: { kind: 'void' } }])).toBe(100_00n);
  });

  it('prices from the state with the margin, and suspends on a map won', () => {
    const m = series(finished);
    const before = offersAt(m, 0, DEFAULT_PRICING);
    expect(before.map((o) => o.id)).toEqual([
      'series_winner',
      'map_winner:1',
      'map_winner:2',
      'map_winner:3',
      expect.stringMatching(/^total_rounds:1:\d+\.5$/),
      'handicap:-1.5',
      'handicap:+1.5',
      'total_maps:2.5',
    ]);
    for (const o of before.filter((x) => x.selections.length === 2)) {
      const implied = o.selections.reduce((t, s) => t + 100 / s.odds, 0);
      expect(implied).toBeGreaterThan(1.03);
      expect(implied).toBeLessThan(1.07);
    }
    const mapEnd = m.events.findIndex((e) => e.kind === 'round' && e.mapWon !== null) + 1;
    expect(suspendedAt(m, mapEnd, DEFAULT_PRICING)).toBe(true);
    expect(offerOf(m, mapEnd, 'series_winner', DEFAULT_PRICING)!.status).toBe('suspended');
    expect(offerOf(m, mapEnd, 'map_winner:1', DEFAULT_PRICING)!.status).toBe('closed');
    // Rounds later in the map: open again, at odds that moved with the score.
    const quiet = mapEnd + 3;
    expect(suspendedAt(m, quiet, DEFAULT_PRICING)).toBe(false);
    const now = offerOf(m, quiet, 'series_winner', DEFAULT_PRICING)!;
    expect(now.status).toBe('open');
    expect(now.selections.map((s) => s.odds)).not.toEqual(
      before.find((o) => o.id === 'series_winner')!.selections.map((s) => s.odds),
    );
  });
});
