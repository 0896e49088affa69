import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/outbox';

export type OutboxChannel = 'sms' | 'email';

export const outboxRepository = {
  async insert(
    db: DbOrTx,
    message: { channel: OutboxChannel; recipient: string; subject: string | null; body: string },
  ) {
    const [row] = await db.insert(outbox).values(message).returning();
    return row!;
  },
  list(db: DbOrTx, filter: { to?: string | undefined; limit: number }) {
    return db
      .select()
      .from(outbox)
      .where(filter.to ? eq(outbox.recipient, filter.to) : undefined)
      .orderBy(desc(outbox.createdAt))
      .limit(filter.limit);
  },
};
