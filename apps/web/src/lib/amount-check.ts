/**
 * A typed amount checked against a money form's limits, the same way on every money screen: it
 * is there, it is an amount, it is within the minimum and maximum, and not above the balance. The
 * problem is named as the screens' strings are (`deposit.amountBelowMin`, `withdraw.…`).
 */
import { parseAmount } from '@khela/contract/amount';

export type AmountProblem = 'amountRequired' | 'amountFormat' | 'amountBelowMin' | 'amountAboveMax';

interface AmountLimits {
  minMinor?: number;
  maxMinor?: number;
  balanceMinor?: number;
}

/** With a balance to stay within, an amount can also be above it. */
type ProblemOf<L> = L extends { balanceMinor: number }
  ? AmountProblem | 'amountAboveBalance'
  : AmountProblem;

function problemOf(text: string, minor: number | null, limits: AmountLimits) {
  if (text.trim() === '') return 'amountRequired';
  if (minor === null) return 'amountFormat';
  if (limits.minMinor !== undefined && minor < limits.minMinor) return 'amountBelowMin';
  if (limits.maxMinor !== undefined && minor > limits.maxMinor) return 'amountAboveMax';
  if (limits.balanceMinor !== undefined && minor > limits.balanceMinor) return 'amountAboveBalance';
  return null;
}

/** The amount in minor units, or the first thing wrong with it (in the order it is fixed). */
export function checkAmount<L extends AmountLimits>(
  text: string,
  limits: L,
): { minor: number; problem: null } | { minor: number | null; problem: ProblemOf<L> } {
  const parsed = parseAmount(text);
  const minor = parsed.ok ? parsed.minor : null;
  const problem = problemOf(text, minor, limits) as ProblemOf<L> | null;
  return problem === null && minor !== null ? { minor, problem } : { minor, problem: problem! };
}
