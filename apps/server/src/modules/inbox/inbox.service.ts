/**
 * The member's inbox. Every count is read from the database (one indexed query on the partial
 * unread index), so an operator's message shows on every server process at once. System
 * messages are stored as topic and parameters and drawn in the reader's language.
 *
 * Other modules tell a member something with `notify(db, memberId, topic, params)`, inside their
 * own transaction when they have one (the message is written only if their change commits).
 */
import type { AuditTrail } from '../audit/audit.service';
import {
  INBOX_FLAG,
  OPERATOR_TOPIC,
  renderSystemMessage,
  type InboxMessage,
  type InboxPage,
  type InboxTopic,
  type OpsInboxSend,
} from '@khela/contract/inbox';
import type { Language } from '@khela/contract/language';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { memberReads } from '../accounts/member-reads';
import type { SettingsService } from '../settings/settings.service';
import { inboxRepository as repo, type InboxRow } from './inbox.repository';

export function toMessage(row: InboxRow, language: Language): InboxMessage {
  const system = row.sender !== 'operator';
  const text = system
    ? renderSystemMessage(row.topic, row.params, language)
    : { title: row.title ?? '', body: row.body ?? '' };
  return {
    id: row.id.toString(),
    sender: system ? 'system' : 'operator',
    topic: row.topic,
    title: text.title,
    body: text.body,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** How many members one statement of a broadcast writes to. */
const BROADCAST_CHUNK = 20_000;

export class InboxService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
  ) {}

  /** The player's inbox calls answer 403 feature.disabled while MAILCEN is off. */
  assertEnabled(): void {
    if (!this.settings.flag(INBOX_FLAG)) throw new AppError('feature.disabled');
  }

  async page(
    memberId: bigint,
    query: { cursor?: string; limit: number },
    language: Language,
  ): Promise<InboxPage> {
    this.assertEnabled();
    const cursor = query.cursor === undefined ? undefined : BigInt(query.cursor);
    const [rows, unreadCount] = await Promise.all([
      repo.page(this.db, memberId, cursor, query.limit),
      repo.unreadCount(this.db, memberId),
    ]);
    const list = rows.slice(0, query.limit);
    return {
      list: list.map((row) => toMessage(row, language)),
      nextCursor: rows.length > query.limit ? (list.at(-1)?.id.toString() ?? null) : null,
      unreadCount,
    };
  }

  unreadCount(memberId: bigint): Promise<number> {
    this.assertEnabled();
    return repo.unreadCount(this.db, memberId);
  }

  /** Marks a message read (again is fine); another member's message is a 404. */
  async markRead(memberId: bigint, id: string): Promise<{ unreadCount: number }> {
    this.assertEnabled();
    if (!(await repo.markRead(this.db, memberId, BigInt(id)))) throw notFound();
    return { unreadCount: await repo.unreadCount(this.db, memberId) };
  }

  async markAllRead(memberId: bigint): Promise<{ unreadCount: number }> {
    this.assertEnabled();
    await repo.markAllRead(this.db, memberId);
    return { unreadCount: 0 };
  }

  /** A system message (drawn from `topic` in the reader's language). */
  async notify(
    db: DbOrTx,
    memberId: bigint,
    topic: InboxTopic,
    params: Record<string, string> = {},
  ): Promise<void> {
    await repo.insert(db, { memberId, sender: 'system', topic, params });
  }

  /** The operator's message to one member (by username) or to every member. */
  async opsSend(input: OpsInboxSend, trail: AuditTrail): Promise<{ sent: number }> {
    if (input.all) return { sent: await this.sendToAll(input.title, input.body, trail) };
    const member = await memberReads.byUsername(this.db, input.username!);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    await this.db.transaction(async (tx) => {
      await repo.insert(tx, {
        memberId: member.id,
        sender: 'operator',
        topic: OPERATOR_TOPIC,
        title: input.title,
        body: input.body,
      });
      await trail.record(tx, {
        action: 'inbox.send',
        targetType: 'member',
        targetId: member.username,
        after: { title: input.title, body: input.body },
      });
    });
    return { sent: 1 };
  }

  /**
   * Every active member but trial accounts (as accounts lists them), in statements of
   * BROADCAST_CHUNK members within one transaction: all of them get it or none.
   */
  private async sendToAll(title: string, body: string, trail: AuditTrail): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ids = await memberReads.activeRegisteredIds(tx);
      let sent = 0;
      for (let at = 0; at < ids.length; at += BROADCAST_CHUNK) {
        sent += await repo.insertForMembers(tx, ids.slice(at, at + BROADCAST_CHUNK), {
          title,
          body,
          topic: OPERATOR_TOPIC,
        });
      }
      await trail.record(tx, {
        action: 'inbox.broadcast',
        targetType: 'members',
        targetId: 'all',
        after: { title, body, sent },
      });
      return sent;
    });
  }
}
