/**
 * The local default when no SMS or e-mail provider is configured: the message is "delivered" by
 * staying in the outbox, where the operator (`npm run ops -- outbox`) and the tests read it.
 */
import type { MessageProvider } from './message-provider';

export const outboxOnly: MessageProvider = {
  name: 'outbox',
  async send() {
    return { providerMessageId: null };
  },
};
