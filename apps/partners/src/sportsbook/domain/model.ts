/** Small numeric helpers the sports' odds models share. */
import type { Outcome } from './types';

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return 0.5 * (1 + sign * y);
}

/** Probability that a N(mean, variance) value lies above `x`. */
export const above = (mean: number, variance: number, x: number) =>
  variance <= 1e-9 ? (mean > x ? 1 : 0) : 1 - normalCdf((x - mean) / Math.sqrt(variance));

/** Poisson probabilities P(0..max); the tail is folded into max. */
export function poisson(lambda: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < max; k += 1) {
    out.push(p);
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  out.push(Math.max(0, 1 - sum));
  return out;
}

/** Fair decimal odds of a probability, kept finite. */
export const fair = (p: number) => 1 / Math.min(0.999, Math.max(0.001, p));

/**
 * Fair odds of a handicap side from the chances of its final margin (with the line added): win
 * above 0, push at 0. A quarter line is two half stakes on the lines either side of it.
 */
export function handicapFairOdds(line: number, margins: { value: number; p: number }[]): number {
  const halves = isQuarter(line) ? [line - 0.25, line + 0.25] : [line];
  let win = 0;
  let push = 0;
  for (const half of halves) {
    for (const { value, p } of margins) {
      const result = marginResult(value + half);
      if (result === 'win') win += p / halves.length;
      else if (result === 'push') push += p / halves.length;
    }
  }
  return win <= 0.001 ? 1000 : (1 - push) / win;
}

export const isQuarter = (line: number) => Math.abs(((Math.abs(line) * 4) % 2) - 1) < 1e-9;

/** Win, push or lose of a margin (goals or points, the line already added). */
export const marginResult = (margin: number): 'win' | 'push' | 'lose' =>
  margin > 1e-9 ? 'win' : margin < -1e-9 ? 'lose' : 'push';

/** How a handicap side settles from the final margin (its own score less the other's). */
export function handicapOutcome(
  line: number,
  margin: number,
): 'win' | 'lose' | 'void' | 'half_win' | 'half_lose' {
  if (!isQuarter(line)) {
    const r = marginResult(margin + line);
    return r === 'push' ? 'void' : r;
  }
  const a = marginResult(margin + line - 0.25);
  const b = marginResult(margin + line + 0.25);
  if (a === b) return a === 'push' ? 'void' : a;
  const results = [a, b].sort().join('+');
  if (results === 'push+win') return 'half_win';
  if (results === 'lose+push') return 'half_lose';
  // Lines a half apart cannot win one half and lose the other.
  return 'void';
}

/**
 * A finished match's score-decided markets, the same for football and kabaddi: 1X2, the total
 * named `totalKind` (goals, points) over or under `line`, and the handicap on `line`. Any other
 * market kind is void.
 */
export function finalScoreOutcome(
  score: { home: number; away: number },
  market: { kind: string | undefined; totalKind: string; line: number | undefined },
  selection: string,
): Outcome {
  const { home, away } = score;
  const { kind, totalKind, line } = market;
  if (kind === '1x2') {
    const result = home > away ? 'home' : home < away ? 'away' : 'draw';
    return { kind: result === selection ? 'win' : 'lose' };
  }
  if (kind === totalKind && line !== undefined) {
    return { kind: home + away > line === (selection === 'over') ? 'win' : 'lose' };
  }
  if (kind === 'handicap' && line !== undefined) {
    return {
      kind:
        selection === 'home'
          ? handicapOutcome(line, home - away)
          : handicapOutcome(-line, away - home),
    };
  }
  return { kind: 'void' };
}

/** `+0.75`, `-1.5`, `0`: a line as it is written in a market id and shown. */
export const lineText = (line: number) => (line > 0 ? `+${line}` : `${line}`);
