/**
 * Records and reports of the member's own money: transaction records (ledger entries of the
 * cash account), profit and loss for a period, game records (rounds, filled by the games
 * issue), and the wallet read's `refresh` switch. Amounts travel as integer minor units
 * (`…Minor`, paisa) so nothing is rounded on the way; the web formats them with 2 decimals.
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

/** `refresh=1` reads the balance past the server's cache (the header's refresh button). */
export const WalletQuerySchema = z
  .object({ language: LanguageSchema.optional(), refresh: z.enum(['0', '1']).optional() })
  .strict();
