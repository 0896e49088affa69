/**
 * The local default for SMS and e-mail: every message is stored, and the operator (or a test)
 * reads it through the operator API. Real gateways plug in behind the same `send`.
 */
import type { OutboxMessage } from '@khela/contract/ops';
import type { Database } from '../../db/client';
import { outboxRepository, type OutboxChannel } from './outbox.repository';

export class OutboxService {
  constructor(private readonly db: Database) {}

  async send(channel: OutboxChannel, to: string, body: string, subject: string | null = null) {
    await outboxRepository.insert(this.db, { channel, recipient: to, subject, body });
  }

  async list(filter: { to?: string | undefined; limit: number }): Promise<OutboxMessage[]> {
    const rows = await outboxRepository.list(this.db, filter);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel as OutboxChannel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
