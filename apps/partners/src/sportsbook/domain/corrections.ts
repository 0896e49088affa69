/**
 * Result corrections: the official result of a match may be changed after it was settled (a goal
 * ruled out on review, a dismissal re-ruled). A correction is data applied to the match's final
 * state; the match's events stay as played. Bets re-settle from the corrected state, through new
 * wallet movements (bet-service.ts), never by editing what was paid.
 */
import { WICKET_METHODS, type WicketMethod } from './cricket';
import type { AnyMatch } from './markets';
import type { Side } from './types';

export interface ResultCorrection {
  /** Football goals or kabaddi points. */
  score?: Record<Side, number>;
  /** Cricket: the winner as the officials now record it. */
  winner?: Side | 'tie';
  /** Cricket: a dismissal re-ruled. */
  wicket?: { innings: 1 | 2; wicket: number; method: WicketMethod };
}

export function isCorrection(value: unknown): value is ResultCorrection {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as ResultCorrection;
  const score =
    c.score === undefined ||
    (Number.isInteger(c.score.home) &&
      Number.isInteger(c.score.away) &&
      c.score.home >= 0 &&
      c.score.away >= 0);
  const winner = c.winner === undefined || ['home', 'away', 'tie'].includes(c.winner);
  const wicket =
    c.wicket === undefined ||
    ([1, 2].includes(c.wicket.innings) &&
      Number.isInteger(c.wicket.wicket) &&
      WICKET_METHODS.includes(c.wicket.method));
  return score && winner && wicket;
}

/** The match with its final state corrected (a finished match only; an abandoned one stays void). */
export function corrected(match: AnyMatch, corrections: ResultCorrection[]): AnyMatch {
  if (corrections.length === 0) return match;
  const final = structuredClone(match.states[match.states.length - 1]!);
  if (final.status !== 'finished') return match;
  for (const c of corrections) {
    if (final.sport === 'cricket') {
      const s = final;
      if (c.winner) s.winner = c.winner;
      if (c.wicket) {
        const inn = s.innings[c.wicket.innings - 1];
        if (inn && inn.wicketMethods.length >= c.wicket.wicket)
          inn.wicketMethods[c.wicket.wicket - 1] = c.wicket.method;
      }
    } else if (c.score && (final.sport === 'football' || final.sport === 'kabaddi')) {
      final.score = { ...c.score };
    }
  }
  return { ...match, states: [...match.states.slice(0, -1), final] } as AnyMatch;
}
