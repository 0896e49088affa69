/**
 * Statistics for checking the provably fair engine (fair.ts): RTP estimates with their standard
 * errors, and three tests of the float stream at the 99 % level — chi-square uniformity, the
 * Wald–Wolfowitz runs test and lag-1 serial correlation. Used by the engine's tests and by
 * bench/rtp.ts; pure arithmetic, no dependencies.
 */

/** Two-sided 99 % critical value of the standard normal (z for p = 0.995). */
export const Z_99_TWO_SIDED = 2.5758293035489;
/** One-sided 99 % critical value (z for p = 0.99), for the chi-square upper tail. */
export const Z_99_ONE_SIDED = 2.3263478740408;

/**
 * Upper critical value of chi-square with k degrees of freedom at the level whose normal
 * quantile is z, by the Wilson–Hilferty approximation: χ² ≈ k (1 − 2/(9k) + z √(2/(9k)))³
 * (good to about 0.1 % for k ≥ 30; k = 99 here).
 */
export function chiSquareCritical(k: number, z = Z_99_ONE_SIDED): number {
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

export interface StreamTest {
  name: string;
  statistic: number;
  /** Pass when |statistic| (chi-square: statistic) is below this. */
  critical: number;
  pass: boolean;
  detail: string;
}

/** Chi-square goodness of fit of floats in [0, 1) to the uniform law over `bins` equal bins. */
export function chiSquareUniform(floats: readonly number[], bins = 100): StreamTest {
  const counts = new Array<number>(bins).fill(0);
  for (const f of floats) counts[Math.min(bins - 1, Math.floor(f * bins))]! += 1;
  const expected = floats.length / bins;
  let chi = 0;
  for (const count of counts) chi += (count - expected) ** 2 / expected;
  const critical = chiSquareCritical(bins - 1);
  return {
    name: `chi-square uniformity (${bins} bins, ${bins - 1} df)`,
    statistic: chi,
    critical,
    pass: chi < critical,
    detail: `χ² = ${chi.toFixed(2)}, 99 % critical value ${critical.toFixed(2)} (Wilson–Hilferty)`,
  };
}

/**
 * Wald–Wolfowitz runs test above/below 0.5: with n₁ above and n₂ below, the number of runs R
 * has mean μ = 2n₁n₂/n + 1 and variance σ² = (μ − 1)(μ − 2)/(n − 1); z = (R − μ)/σ.
 */
export function runsTest(floats: readonly number[]): StreamTest {
  let above = 0;
  let runs = 0;
  let previous: boolean | undefined;
  for (const f of floats) {
    const high = f >= 0.5;
    if (high) above += 1;
    if (high !== previous) runs += 1;
    previous = high;
  }
  const n = floats.length;
  const below = n - above;
  const mean = (2 * above * below) / n + 1;
  const variance = ((mean - 1) * (mean - 2)) / (n - 1);
  const z = (runs - mean) / Math.sqrt(variance);
  return {
    name: 'Wald–Wolfowitz runs (above/below 0.5)',
    statistic: z,
    critical: Z_99_TWO_SIDED,
    pass: Math.abs(z) < Z_99_TWO_SIDED,
    detail: `runs ${runs}, expected ${mean.toFixed(1)}, z = ${z.toFixed(3)}, pass when −${Z_99_TWO_SIDED.toFixed(3)} < z < ${Z_99_TWO_SIDED.toFixed(3)}`,
  };
}

/**
 * Lag-1 serial correlation r = Σ(xᵢ − x̄)(xᵢ₊₁ − x̄) / Σ(xᵢ − x̄)²; for an independent stream
 * r is about normal with mean −1/n and variance 1/n, so z = (r + 1/n) √n.
 */
export function serialCorrelation(floats: readonly number[]): StreamTest {
  const n = floats.length;
  let mean = 0;
  for (const f of floats) mean += f;
  mean /= n;
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < n; i += 1) {
    const d = floats[i]! - mean;
    denominator += d * d;
    if (i + 1 < n) numerator += d * (floats[i + 1]! - mean);
  }
  const r = numerator / denominator;
  const z = (r + 1 / n) * Math.sqrt(n);
  return {
    name: 'lag-1 serial correlation',
    statistic: z,
    critical: Z_99_TWO_SIDED,
    pass: Math.abs(z) < Z_99_TWO_SIDED,
    detail: `r = ${r.toFixed(6)}, z = ${z.toFixed(3)}, pass when −${Z_99_TWO_SIDED.toFixed(3)} < z < ${Z_99_TWO_SIDED.toFixed(3)}`,
  };
}

/** Running mean and variance (Welford) of per-round returns (win ÷ stake). */
export class ReturnStats {
  n = 0;
  private mean = 0;
  private m2 = 0;

  add(value: number) {
    this.n += 1;
    const delta = value - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (value - this.mean);
  }

  get rtp() {
    return this.mean;
  }

  /** Standard error of the RTP estimate: sample standard deviation / √n. */
  get standardError() {
    return this.n > 1 ? Math.sqrt(this.m2 / (this.n - 1) / this.n) : Infinity;
  }

  /** Whether the estimate is within `k` standard errors of `documented`. */
  within(documented: number, k = 4) {
    return Math.abs(this.rtp - documented) <= k * this.standardError;
  }
}
