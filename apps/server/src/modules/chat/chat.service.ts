/**
 * Live chat between members and customer service. Messages and read pointers live in the
 * database and every count is read from it (one indexed query), so an operator's answer raises
 * the player's unread count on every server process at once, with no cache to invalidate.
 */
import type { AuditTrail } from '../audit/audit.service';
import {
  CHAT_LIMITS,
  chatPageUrl,
  type ChatMessage,
  type ChatModel,
  type Conversation,
  type ConversationAnswer,
  type ConversationQuery,
  type FocusAnswer,
  type LiveModel,
  type LiveModelListQuery,
  type OpsConversationSummary,
} from '@khela/contract/chat';
import type { Language, Localized } from '@khela/contract/language';
import { isGuest } from '@khela/contract/members';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import type { CacheStore } from '../../providers/cache/cache-store';
import { memberReads } from '../accounts/member-reads';
import type { SettingsService } from '../settings/settings.service';
import {
  chatRepository as repo,
  type ConversationRow,
  type ConversationSummaryRow,
  type MessageRow,
} from './chat.repository';
import { isRosterModel, liveModels, liveModelsByIds } from './live-models';

const LIVE_CHAT_MODEL: { modelId: string; name: Localized; description: Localized } = {
  modelId: 'LIVECHAT',
  name: { EN: 'Live chat', BN: 'লাইভ চ্যাট' },
  description: {
    EN: 'Write to our support team; the answer appears in the chat.',
    BN: 'আমাদের সহায়তা দলকে লিখুন; উত্তর চ্যাটেই আসবে।',
  },
};

/** How many messages the operator sees of one conversation. */
const OPS_MESSAGES = 200;
const SEND_WINDOW_MS = 60_000;

const iso = (date: Date) => date.toISOString();

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id.toString(),
    conversationId: row.conversationId.toString(),
    author: row.author === 'operator' ? 'operator' : 'player',
    body: row.body,
    createdAt: iso(row.createdAt),
  };
}

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id.toString(),
    status: row.status === 'closed' ? 'closed' : 'open',
    createdAt: iso(row.createdAt),
    lastMessageAt: iso(row.lastMessageAt),
    closedAt: row.closedAt ? iso(row.closedAt) : null,
  };
}

function toSummary(
  row: ConversationSummaryRow,
  username: string,
  last: MessageRow | undefined,
): OpsConversationSummary {
  return {
    ...toConversation(row),
    username,
    unreadForOperator: row.unreadForOperator,
    unreadForPlayer: row.unreadForPlayer,
    messageCount: row.messageCount,
    lastMessage: last ? toMessage(last) : null,
  };
}

export class ChatService {
  constructor(
    private readonly db: Database,
    private readonly settings: SettingsService,
    private readonly cache: CacheStore,
    /** Told when the open conversations may have changed (the back office's live counters). */
    private readonly queueChanged: () => void = () => undefined,
  ) {}

  /** Open conversations: the back office's chat queue. */
  openCount(): Promise<number> {
    return repo.openCount(this.db);
  }

  private enabled(): boolean {
    return this.settings.flag('CBS3');
  }

  /** Every player chat call but the model list answers 403 feature.disabled while CBS3 is off. */
  assertEnabled(): void {
    if (!this.enabled()) throw new AppError('feature.disabled');
  }

  models(language: Language): ChatModel[] {
    if (!this.enabled()) return [];
    return [
      {
        modelId: LIVE_CHAT_MODEL.modelId,
        kind: 'LIVECHAT',
        name: LIVE_CHAT_MODEL.name[language],
        description: LIVE_CHAT_MODEL.description[language],
        needsMember: true,
      },
    ];
  }

  async unreadCount(memberId: bigint): Promise<number> {
    this.assertEnabled();
    return repo.playerUnread(this.db, memberId);
  }

  /** Our chat page for this launch; `backUrl` was checked to be a path of this site. */
  launch(backUrl: string | undefined, language: Language): { chatUrl: string } {
    this.assertEnabled();
    return { chatUrl: chatPageUrl(backUrl, language) };
  }

  async conversation(memberId: bigint, query: ConversationQuery): Promise<ConversationAnswer> {
    this.assertEnabled();
    const [latest, page, unReadCount] = await Promise.all([
      repo.latestConversation(this.db, memberId),
      repo.memberMessages(this.db, memberId, {
        after: query.after === undefined ? undefined : BigInt(query.after),
        before: query.before === undefined ? undefined : BigInt(query.before),
        limit: query.limit,
      }),
      repo.playerUnread(this.db, memberId),
    ]);
    return {
      conversation: latest ? toConversation(latest) : null,
      messages: page.rows.map(toMessage),
      hasEarlier: page.hasEarlier,
      unReadCount,
    };
  }

  /** A player's message: into their open conversation, or a new one when none is open. */
  async send(memberId: bigint, body: string) {
    this.assertEnabled();
    const sent = await this.cache.incr(`chat:send:${memberId}`, SEND_WINDOW_MS);
    if (sent > CHAT_LIMITS.sendsPerMinute) {
      throw new AppError('rate.limited', { retryAfterSeconds: SEND_WINDOW_MS / 1000 });
    }
    const answer = await this.db.transaction(async (tx) => {
      const conversation = await repo.ensureOpenConversation(tx, memberId);
      const message = await repo.insertMessage(tx, {
        conversationId: conversation.id,
        memberId,
        author: 'player',
        body,
      });
      return {
        message: toMessage(message),
        conversation: toConversation({ ...conversation, lastMessageAt: message.createdAt }),
      };
    });
    this.queueChanged();
    return answer;
  }

  async markRead(memberId: bigint, lastMessageId: string): Promise<{ unReadCount: number }> {
    this.assertEnabled();
    await repo.markPlayerRead(this.db, memberId, BigInt(lastMessageId));
    return { unReadCount: await repo.playerUnread(this.db, memberId) };
  }

  // ── Live hosts and the focus list ───────────────────────────────────────────────────────

  /** The live hosts, filtered by `active` and `streaming`; empty while CBS3 is off. */
  liveModels(query: LiveModelListQuery, language: Language): LiveModel[] {
    if (!this.enabled()) return [];
    return liveModels(language, { active: query.active, streaming: query.streaming });
  }

  /** The hosts the member follows, the most recently followed first. */
  async focusList(memberId: bigint, language: Language): Promise<LiveModel[]> {
    this.assertEnabled();
    return liveModelsByIds(await repo.focusIds(this.db, memberId), language);
  }

  /** Follow (`on`) or unfollow a host of the roster; either is idempotent. */
  async setFocus(memberId: bigint, modelId: string, on: boolean): Promise<FocusAnswer> {
    this.assertEnabled();
    if (!isRosterModel(modelId)) throw new AppError('chat.modelNotFound');
    if (on) await repo.follow(this.db, memberId, modelId);
    else await repo.unfollow(this.db, memberId, modelId);
    const ids = await repo.focusIds(this.db, memberId);
    return { modelIds: ids.filter(isRosterModel) };
  }

  // ── Operator ──────────────────────────────────────────────────────────────────────────────

  async opsList(filter: { status: 'open' | 'closed' | 'all'; limit: number }) {
    const rows = await repo.listSummaries(this.db, filter);
    const [last, names] = await Promise.all([
      repo.lastMessages(
        this.db,
        rows.map((row) => row.id),
      ),
      memberReads.usernames(
        this.db,
        rows.map((row) => row.memberId),
      ),
    ]);
    const lastById = new Map(last.map((message) => [message.conversationId, message]));
    return rows.map((row) => toSummary(row, names.get(row.memberId) ?? '', lastById.get(row.id)));
  }

  /**
   * A conversation id (digits) or a username: that member's open conversation, else their
   * latest. `create` makes an open one for a member who has none (the operator writes first).
   */
  private async resolve(ref: string, create = false): Promise<ConversationRow> {
    if (/^\d{1,19}$/.test(ref)) {
      const row = await repo.conversationById(this.db, BigInt(ref));
      if (!row) throw new AppError('resource.notFound');
      return row;
    }
    const member = await memberReads.byUsername(this.db, ref);
    if (!member) throw new AppError('member.notFoundOrDisabled');
    const row =
      (await repo.openConversation(this.db, member.id)) ??
      (await repo.latestConversation(this.db, member.id));
    if (row) return row;
    if (!create) throw new AppError('resource.notFound');
    // Trial accounts cannot open the chat, so nobody would read the answer.
    if (isGuest(member.type)) throw new AppError('member.trialForbidden');
    return repo.ensureOpenConversation(this.db, member.id);
  }

  private async show(conversation: ConversationRow) {
    const [summary, messages, names] = await Promise.all([
      repo.summary(this.db, conversation.id),
      repo.conversationMessages(this.db, conversation.id, OPS_MESSAGES),
      memberReads.usernames(this.db, [conversation.memberId]),
    ]);
    return {
      conversation: toSummary(summary!, names.get(conversation.memberId) ?? '', messages.at(-1)),
      messages: messages.map(toMessage),
    };
  }

  async opsShow(ref: string) {
    return this.show(await this.resolve(ref));
  }

  async opsMarkRead(ref: string) {
    const conversation = await this.resolve(ref);
    await repo.markOperatorRead(this.db, conversation.id);
    return this.show(conversation);
  }

  /**
   * The operator's answer: reopens a closed conversation (unless the member has opened another
   * since, which gets the answer instead: 409) and counts the conversation as read by them.
   */
  async opsReply(ref: string, body: string, trail: AuditTrail) {
    const conversation = await this.resolve(ref, true);
    try {
      await this.db.transaction(async (tx) => {
        if (conversation.status === 'closed') {
          const open = await repo.openConversation(tx, conversation.memberId);
          if (open)
            throw new AppError('chat.conversationClosed', {
              openConversationId: open.id.toString(),
            });
          await repo.setStatus(tx, conversation.id, 'open');
        }
        await repo.insertMessage(tx, {
          conversationId: conversation.id,
          memberId: conversation.memberId,
          author: 'operator',
          body,
        });
        await repo.markOperatorRead(tx, conversation.id);
        await trail.record(tx, {
          action: 'chat.reply',
          targetType: 'chatConversation',
          targetId: conversation.id.toString(),
          ...(conversation.status === 'closed'
            ? { before: { status: 'closed' }, after: { status: 'open', body } }
            : { after: { body } }),
        });
      });
    } catch (error) {
      // The member opened a conversation between the check and the reopening.
      if (isUniqueViolation(error)) throw new AppError('chat.conversationClosed');
      throw error;
    }
    return this.show(conversation);
  }

  /** Closing counts the conversation as handled: read by the operator. */
  async opsClose(ref: string, trail: AuditTrail) {
    const conversation = await this.resolve(ref);
    await this.db.transaction(async (tx) => {
      await repo.setStatus(tx, conversation.id, 'closed');
      await repo.markOperatorRead(tx, conversation.id);
      if (conversation.status !== 'closed') {
        await trail.record(tx, {
          action: 'chat.close',
          targetType: 'chatConversation',
          targetId: conversation.id.toString(),
          before: { status: conversation.status },
          after: { status: 'closed' },
        });
      }
    });
    this.queueChanged();
    return this.show(conversation);
  }
}
