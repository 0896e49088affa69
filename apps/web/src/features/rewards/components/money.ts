/** Rates as the reward screens show them (amounts: @khela/contract/format). */
import { formatPercent } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';

/** Basis points as a percentage: 80 → "0.8%" / "০.৮%". */
export const percent = (bp: number, language: Language) => formatPercent(bp / 100, language);
