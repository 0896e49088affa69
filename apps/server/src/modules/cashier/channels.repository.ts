/** Queries on payment channels. */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentChannels } from '../../db/schema/cashier';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type ChannelChange = Partial<
  Pick<
    ChannelRow,
    | 'depositEnabled'
    | 'depositMinMinor'
    | 'depositMaxMinor'
    | 'presetsMinor'
    | 'withdrawEnabled'
    | 'withdrawMinMinor'
    | 'withdrawMaxMinor'
    | 'sortOrder'
    | 'provider'
  >
>;

export const channelsRepository = {
  all(db: DbOrTx): Promise<ChannelRow[]> {
    return db
      .select()
      .from(paymentChannels)
      .orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.code));
  },

  async lockOne(db: DbOrTx, code: string): Promise<ChannelRow | undefined> {
    const [row] = await db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.code, code))
      .for('update');
    return row;
  },

  async update(db: DbOrTx, code: string, change: ChannelChange): Promise<ChannelRow> {
    const [row] = await db
      .update(paymentChannels)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(paymentChannels.code, code))
      .returning();
    if (!row) throw new Error(`payment channel ${code} vanished`);
    return row;
  },
};
