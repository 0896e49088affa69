/**
 * Cockfight: a fight between two invented cocks, the meron (home, the favourite) and the wala
 * (away), played exchange by exchange (a round): each round one cock, both or neither lands a
 * blow, or one strikes the other down. A cock that takes three blows is beaten; both down in the
 * same round, or both standing after the last round, is a draw; a fight called off (a cock
 * refuses to fight) is cancelled. An exact odds model over the rounds left, and how its markets
 * settle.
 *
 * Markets:
 *   fight_winner               meron | draw | wala, as the pits bet it: a draw returns the meron
 *                              and wala stakes (void), and pays the draw
 *   fight_length:<line>        over | under: the round the fight ends in (a fight to the last
 *                              round ends there); over won once the line is passed
 */
import { fair } from './model';
import { localName } from './names';
import { rngOf } from './rng';
import type { FairMarket, Fixture, Match, MatchStatus, Outcome, Side } from './types';

export type FightResult = 'meron' | 'wala' | 'draw';

export interface CockfightState {
  sport: 'cockfight';
  /** `abandoned`: the fight was cancelled. */
  status: MatchStatus;
  round: number;
  /** Blows each cock can still take. */
  health: Record<Side, number>;
  result: FightResult | null;
}

export type Exchange = 'meron' | 'wala' | 'both' | 'none' | 'meron_down' | 'wala_down';
export type CockfightEvent =
  | { kind: 'start' }
  | { kind: 'round'; round: number; exchange: Exchange }
  | { kind: 'end'; result: FightResult }
  | { kind: 'cancelled' };

export type CockfightMatch = Match<CockfightState, CockfightEvent>;

export const HEALTH = 3;
export const ROUNDS = 8;
export const CANCEL_CHANCE = 0.03;
export const LENGTH_LINES = [2.5, 4.5] as const;

/** The chances of each exchange: the stronger cock lands more and strikes down more. */
export function exchangeWeights(fixture: Fixture): Record<Exchange, number> {
  const r = Math.sqrt(fixture.strength.home / fixture.strength.away);
  return {
    meron: 0.27 * r,
    wala: 0.27 / r,
    both: 0.1,
    none: 0.24,
    meron_down: 0.06 * r,
    wala_down: 0.06 / r,
  };
}

/** Health after an exchange. */
function afterExchange(health: Record<Side, number>, exchange: Exchange): Record<Side, number> {
  const next = { ...health };
  if (exchange === 'meron' || exchange === 'both') next.away -= 1;
  if (exchange === 'wala' || exchange === 'both') next.home -= 1;
  if (exchange === 'meron_down') next.away = 0;
  if (exchange === 'wala_down') next.home = 0;
  return next;
}

/** The result once a round leaves this health (null: the fight goes on). */
function resultOf(health: Record<Side, number>, round: number): FightResult | null {
  if (health.home <= 0 && health.away <= 0) return 'draw';
  if (health.away <= 0) return 'meron';
  if (health.home <= 0) return 'wala';
  return round >= ROUNDS ? 'draw' : null;
}

export function simulateCockfight(fixture: Fixture): CockfightMatch {
  const rng = rngOf(fixture.seed, 'cockfight');
  const weights = exchangeWeights(fixture);
  // A fight is called off, if at all, in its first rounds (a cock will not face the other).
  const cancelAt = rng.next() < CANCEL_CHANCE ? rng.int(1, 3) : -1;
  let state: CockfightState = {
    sport: 'cockfight',
    status: 'scheduled',
    round: 0,
    health: { home: HEALTH, away: HEALTH },
    result: null,
  };
  const states: CockfightState[] = [state];
  const events: CockfightEvent[] = [];
  const push = (event: CockfightEvent, next: CockfightState) => {
    events.push(event);
    states.push(next);
    state = next;
  };
  push({ kind: 'start' }, { ...state, status: 'live' });
  for (let round = 1; round <= ROUNDS; round += 1) {
    if (round === cancelAt) {
      push({ kind: 'cancelled' }, { ...structuredClone(state), status: 'abandoned' });
      return { fixture, states, events };
    }
    const exchange = rng.weighted(weights);
    const health = afterExchange(state.health, exchange);
    const result = resultOf(health, round);
    push({ kind: 'round', round, exchange }, { ...state, round, health, result });
    if (result) {
      push({ kind: 'end', result }, { ...structuredClone(state), status: 'finished' });
      return { fixture, states, events };
    }
  }
  throw new Error('a fight always ends by its last round');
}

/** The chances of each result and of the round the fight ends in, from a live state. */
export function fightChances(fixture: Fixture, s: CockfightState) {
  const weights = exchangeWeights(fixture);
  const total = Object.values(weights).reduce((x, y) => x + y, 0);
  const result: Record<FightResult, number> = { meron: 0, wala: 0, draw: 0 };
  const endRound = new Map<number, number>();
  const go = (health: Record<Side, number>, round: number, chance: number) => {
    for (const [exchange, weight] of Object.entries(weights) as [Exchange, number][]) {
      const p = (chance * weight) / total;
      const next = afterExchange(health, exchange);
      const ended = resultOf(next, round + 1);
      if (ended) {
        result[ended] += p;
        endRound.set(round + 1, (endRound.get(round + 1) ?? 0) + p);
      } else go(next, round + 1, p);
    }
  };
  if (s.result) {
    result[s.result] = 1;
    endRound.set(s.round, 1);
  } else go(s.health, s.round, 1);
  return { result, endRound };
}

const live = (s: CockfightState) => s.status === 'scheduled' || s.status === 'live';

export function cockfightOffered(s: CockfightState): string[] {
  if (!live(s) || s.result) return [];
  return ['fight_winner', ...LENGTH_LINES.map((l) => `fight_length:${l}`)];
}

const halfLine = (text: string | undefined) => {
  const line = Number(text);
  return text !== undefined && Number.isFinite(line) && line > 0 && Math.abs(line % 1) === 0.5
    ? line
    : undefined;
};

export function cockfightPrice(
  fixture: Fixture,
  s: CockfightState,
  id: string,
): FairMarket | undefined {
  if (!live(s) || s.result) return undefined;
  const [kind, a] = id.split(':');
  const chances = fightChances(fixture, s);
  if (kind === 'fight_winner' && a === undefined) {
    const { meron, wala, draw } = chances.result;
    const meronName = localName(fixture.home);
    const walaName = localName(fixture.away);
    return {
      id,
      kind,
      name: { EN: 'Fight winner', BN: 'লড়াইয়ের বিজয়ী' },
      // A draw returns meron and wala stakes: their fair odds leave the draw's chance out.
      selections: [
        {
          id: 'meron',
          name: { EN: `Meron: ${meronName.EN}`, BN: `মেরন: ${meronName.BN}` },
          fairOdds: fair(meron / (1 - draw)),
        },
        { id: 'draw', name: { EN: 'Draw', BN: 'ড্র' }, fairOdds: fair(draw) },
        {
          id: 'wala',
          name: { EN: `Wala: ${walaName.EN}`, BN: `ওয়ালা: ${walaName.BN}` },
          fairOdds: fair(wala / (1 - draw)),
        },
      ],
    };
  }
  const line = halfLine(a);
  if (kind === 'fight_length' && line !== undefined && line < ROUNDS) {
    if (s.round > line) return undefined;
    let pOver = 0;
    for (const [round, p] of chances.endRound) if (round > line) pOver += p;
    return {
      id,
      kind,
      name: { EN: `Fight length ${line} rounds`, BN: `লড়াইয়ের দৈর্ঘ্য ${line} রাউন্ড` },
      selections: [
        {
          id: 'over',
          name: { EN: `Over ${line} rounds`, BN: `${line} রাউন্ডের বেশি` },
          fairOdds: fair(pOver),
        },
        {
          id: 'under',
          name: { EN: `Under ${line} rounds`, BN: `${line} রাউন্ডের কম` },
          fairOdds: fair(1 - pOver),
        },
      ],
    };
  }
  return undefined;
}

/**
 * How a selection settles: the winner market at the result (a draw voids meron and wala and wins
 * the draw); the length once the line is passed or the fight ends; a cancelled fight voids what
 * was not decided.
 */
export function cockfightOutcome(
  s: CockfightState,
  id: string,
  selection: string,
): Outcome | undefined {
  const [kind, a] = id.split(':');
  if (kind === 'fight_winner' && a === undefined && s.result) {
    if (s.result === 'draw' && selection !== 'draw') return { kind: 'void' };
    return { kind: s.result === selection ? 'win' : 'lose' };
  }
  const line = halfLine(a);
  if (kind === 'fight_length' && line !== undefined) {
    if (s.round > line) return { kind: selection === 'over' ? 'win' : 'lose' };
    if (s.result) return { kind: selection === 'under' ? 'win' : 'lose' };
  }
  return live(s) ? undefined : { kind: 'void' };
}

/** A cock struck down, or both landing a blow at once, suspends the fight's markets. */
export function cockfightKeyMoment(event: CockfightEvent | undefined) {
  return (
    event?.kind === 'round' &&
    (event.exchange === 'meron_down' || event.exchange === 'wala_down' || event.exchange === 'both')
  );
}
