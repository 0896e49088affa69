/** Rates as the reward screens show them (amounts: @khela/contract/amount). */

/** Basis points as a percentage: 80 → "0.8%". */
export const percent = (bp: number) =>
  `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}%`;
