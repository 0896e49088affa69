/**
 * Cockfights replayed from their seeds: the winner market settles as the pits settle it (a draw
 * returns the meron and wala stakes and pays the draw), the fight's length as the round it ended
 * in, a cancelled fight voids; odds carry the margin and the markets suspend on a cock struck down.
 */
import { describe, expect, it } from 'vitest';
import { HEALTH, ROUNDS, type CockfightMatch } from './cockfight';
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

const schedule: ScheduleOptions = { seed: 'cockfight-test', origin: 0, spacingMs: 600_000 };

function fight(test: (m: CockfightMatch) => boolean): CockfightMatch {
  for (let k = 0; k < 8_000; k += 1) {
    const fixture = fixtureAt(schedule, k);
    if (fixture.sport !== 'cockfight') continue;
    const match = simulate(fixture) as CockfightMatch;
    if (test(match)) return match;
  }
  throw new Error('no such fight in 8,000 slots');
}

/** The result and the round it came in, worked out from the exchanges. */
function fromEvents(m: CockfightMatch) {
  const health: Record<Side, number> = { home: HEALTH, away: HEALTH };
  for (const e of m.events) {
    if (e.kind !== 'round') continue;
    if (e.exchange === 'meron' || e.exchange === 'both') health.away -= 1;
    if (e.exchange === 'wala' || e.exchange === 'both') health.home -= 1;
    if (e.exchange === 'meron_down') health.away = 0;
    if (e.exchange === 'wala_down') health.home = 0;
    const down = { home: health.home <= 0, away: health.away <= 0 };
    if (down.home || down.away || e.round === ROUNDS) {
      const result = down.home === down.away ? 'draw' : down.away ? 'meron' : 'wala';
      return { result, round: e.round };
    }
  }
  return undefined;
}
const last = (m: CockfightMatch) => m.states[finalIndex(m)]!;
const settle = (m: CockfightMatch, market: string, selection: string, index = finalIndex(m)) =>
  outcomeAt(m, index, market, selection)?.kind;

describe('a cockfight', () => {
  it('replays from its seed; the meron is the favourite', () => {
    const m = fight(() => true);
    expect(m.fixture.id).toMatch(/^r-\d+$/);
    expect(fixtureById(schedule, m.fixture.id)).toEqual(m.fixture);
    expect(simulate(m.fixture)).toEqual(m);
    expect(m.fixture.strength.home).toBeGreaterThanOrEqual(m.fixture.strength.away);
    const [meron, , wala] = offersAt(m, 0, DEFAULT_PRICING)[0]!.selections;
    expect(meron!.odds).toBeLessThanOrEqual(wala!.odds);
  });

  it('settles meron and wala wins, and the fight length, from the exchanges', () => {
    for (const winner of ['meron', 'wala'] as const) {
      const m = fight((x) => last(x).result === winner);
      const played = fromEvents(m)!;
      expect(played.result).toBe(winner);
      expect(settle(m, 'fight_winner', winner)).toBe('win');
      expect(settle(m, 'fight_winner', winner === 'meron' ? 'wala' : 'meron')).toBe('lose');
      expect(settle(m, 'fight_winner', 'draw')).toBe('lose');
      for (const line of [2.5, 4.5]) {
        expect(settle(m, `fight_length:${line}`, 'over')).toBe(
          played.round > line ? 'win' : 'lose',
        );
        expect(settle(m, `fight_length:${line}`, 'under')).toBe(
          played.round < line ? 'win' : 'lose',
        );
      }
    }
  });

  it('a draw pays the draw and returns meron and wala stakes', () => {
    const m = fight((x) => last(x).result === 'draw');
    expect(fromEvents(m)!.result).toBe('draw');
    expect(settle(m, 'fight_winner', 'draw')).toBe('win');
    expect(settle(m, 'fight_winner', 'meron')).toBe('void');
    expect(settle(m, 'fight_winner', 'wala')).toBe('void');
    expect(betReturn(100_00n, [{ odds: 170, outcome: { kind: 'void' } }])).toBe(100_00n);
  });

  it('a fight that reaches its last round standing is a draw that ends there', () => {
    const m = fight(
      (x) => last(x).round === ROUNDS && last(x).health.home > 0 && last(x).health.away > 0,
    );
    expect(last(m).result).toBe('draw');
    expect(settle(m, 'fight_winner', 'draw')).toBe('win');
    expect(settle(m, 'fight_length:4.5', 'over')).toBe('win');
  });

  it('settles the length as soon as the line is passed, and a cancelled fight voids the rest', () => {
    const long = fight((x) => last(x).round >= 4);
    const third = long.states.findIndex((s) => s.round === 3);
    expect(settle(long, 'fight_length:2.5', 'over', third)).toBe('win');
    expect(settle(long, 'fight_length:2.5', 'over', third - 1)).toBeUndefined();
    expect(offerOf(long, third, 'fight_length:2.5', DEFAULT_PRICING)!.status).toBe('closed');

    const cancelled = fight((x) => last(x).status === 'abandoned');
    expect(cancelled.events.at(-1)).toEqual({ kind: 'cancelled' });
    for (const selection of ['meron', 'draw', 'wala']) {
      expect(settle(cancelled, 'fight_winner', selection)).toBe('void');
    }
    expect(settle(cancelled, 'fight_length:4.5', 'under')).toBe('void');
    expect(offersAt(cancelled, finalIndex(cancelled), DEFAULT_PRICING)).toEqual([]);
  });

  it('prices from the state with the margin, and suspends on a double blow', () => {
    // A double blow the fight goes on from, with a quiet round after it.
    const doubled = (x: CockfightMatch, i: number) => {
      const [e, then] = [x.events[i], x.events[i + 1]];
      return (
        e?.kind === 'round' &&
        e.exchange === 'both' &&
        !x.states[i + 1]!.result &&
        then?.kind === 'round' &&
        (then.exchange === 'none' || then.exchange === 'meron' || then.exchange === 'wala') &&
        !x.states[i + 2]!.result
      );
    };
    const m = fight((x) => x.events.some((_, i) => doubled(x, i)));
    const start = offersAt(m, 0, DEFAULT_PRICING);
    expect(start.map((o) => o.id)).toEqual([
      'fight_winner',
      'fight_length:2.5',
      'fight_length:4.5',
    ]);
    for (const o of start.slice(1)) {
      const implied = o.selections.reduce((t, s) => t + 100 / s.odds, 0);
      expect(implied).toBeGreaterThan(1.03);
      expect(implied).toBeLessThan(1.07);
    }
    const blow = m.events.findIndex((_, i) => doubled(m, i)) + 1;
    expect(suspendedAt(m, blow, DEFAULT_PRICING)).toBe(true);
    expect(offerOf(m, blow, 'fight_winner', DEFAULT_PRICING)!.status).toBe('suspended');
    const next = offerOf(m, blow + 1, 'fight_winner', DEFAULT_PRICING)!;
    expect(next.status).toBe('open');
    expect(next.selections).not.toEqual(start[0]!.selections);
    // Once the fight is decided, its markets close.
    const decided = m.states.findIndex((s) => s.result !== null);
    expect(offerOf(m, decided, 'fight_winner', DEFAULT_PRICING)!.status).toBe('closed');
  });
});
