/** First start: the demo payment channels. Channels the operator has changed keep their settings. */
import type { DbOrTx } from '../../db/client';
import { paymentChannels } from '../../db/schema/cashier';
import { DEMO_PAYMENT_CHANNELS } from '../../db/seed/demo-data';

export async function seedDemoChannels(db: DbOrTx) {
  await db.insert(paymentChannels).values(DEMO_PAYMENT_CHANNELS).onConflictDoNothing();
}
