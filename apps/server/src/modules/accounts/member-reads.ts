/**
 * The accounts module's read API for other modules: facts about a member that live in its
 * tables, so no other module queries members or wallets itself.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { wallets } from '../../db/schema/accounts';

export const memberReads = {
  /** The currency of the member's wallet; undefined before it exists. */
  async walletCurrency(db: DbOrTx, memberId: bigint): Promise<string | undefined> {
    const [row] = await db
      .select({ currency: wallets.currency })
      .from(wallets)
      .where(eq(wallets.memberId, memberId));
    return row?.currency;
  },
};
