/**
 * Live chat (games-and-content spec §2 "Inbox and chat", §7 "Chat"): the CBS relay calls the client
 * names (model list, unread count, launch), our own conversation calls under /wps/chat, and the
 * operator's chat calls under /ops/api/chat. Message text is plain text everywhere: it is stored
 * and shown as typed, never rendered as HTML.
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

/** The white-label module the chat calls belong to (flag CBS3). */
export const CHAT_MODULE_ID = 'CBS3';

export const CHAT_LIMITS = {
  /** Characters in one message, after trimming (UTF-16 units, as the text box counts them). */
  messageMax: 1000,
  /** Messages a member may send per minute. */
  sendsPerMinute: 15,
  /** Messages in one page of the player's history. */
  pageSize: 50,
  pageMax: 100,
  /** Conversations in one page of the operator's list. */
  opsListMax: 200,
} as const;

/** How often the chat page asks for new messages while it is visible. */
export const CHAT_POLL_MS = 3000;

/** The chat page; `chatUrl` points here. */
export const CHAT_PAGE_PATH = '/m/chat';

// ── Messages and conversations ───────────────────────────────────────────────────────────────

/** Anything but the C0 controls other than tab and line breaks (and DEL): no NUL in the database. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const PLAIN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A message as typed: trimmed, 1 to 1000 characters, no control characters. */
export const MessageTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(CHAT_LIMITS.messageMax)
  .regex(PLAIN_TEXT);

export const ChatAuthorSchema = z.enum(['player', 'operator']);
export type ChatAuthor = z.infer<typeof ChatAuthorSchema>;

/** Database ids travel as decimal strings (bigint). */
const IdSchema = z.string().regex(/^\d{1,19}$/);

export const ChatMessageSchema = z.object({
  id: IdSchema,
  conversationId: IdSchema,
  author: ChatAuthorSchema,
  /** Plain text: shown as text, never as HTML. */
  body: z.string(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ConversationStatusSchema = z.enum(['open', 'closed']);
export type ConversationStatus = z.infer<typeof ConversationStatusSchema>;

export const ConversationSchema = z.object({
  id: IdSchema,
  status: ConversationStatusSchema,
  createdAt: z.string(),
  /** When the last message was written (the creation time before any). */
  lastMessageAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

// ── CBS relay calls (paths fixed by API.md) ──────────────────────────────────────────────────

export const ChatModuleQuerySchema = z
  .object({ moduleId: z.literal(CHAT_MODULE_ID), language: LanguageSchema.optional() })
  .strict();

/** One way to reach customer service that the chat module offers (our live chat). */
export const ChatModelSchema = z.object({
  modelId: z.string(),
  /** LIVECHAT: our conversation page, opened through CBS_launchChat. */
  kind: z.literal('LIVECHAT'),
  name: z.string(),
  description: z.string(),
  /** Members only; a guest or visitor is asked to log in first. */
  needsMember: z.boolean(),
});
export type ChatModel = z.infer<typeof ChatModelSchema>;
/** Empty while CBS3 is off. */
export const ChatModelListSchema = z.object({ list: z.array(ChatModelSchema) });

export const UnreadCountSchema = z.object({
  /** Operator messages the player has not read: the true number; the badge caps it at 99+. */
  unReadCount: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * Where the chat page's back button goes: a path of this site (starting with a single '/'),
 * never another site, so the link cannot become an open redirect.
 */
export function isSameSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    // Browsers read '\' as '/', so '/\evil.example' is another host.
    !value.includes('\\') &&
    // eslint-disable-next-line no-control-regex -- no control characters or spaces in a path
    !/[\u0000-\u001F\u007F\s]/.test(value)
  );
}

export const BackUrlSchema = z.string().max(1000).refine(isSameSitePath);

export const LaunchChatQuerySchema = z
  .object({
    b2c: z.literal('1').optional(),
    language: LanguageSchema.optional(),
    backUrl: BackUrlSchema.optional(),
    /** Accepted for the original client; our page uses the site's own colours and title. */
    headerColor: z
      .string()
      .regex(/^#?[0-9a-fA-F]{3,8}$/)
      .optional(),
    title: z.string().max(100).optional(),
    template: z.enum(['v1', 'v2']).optional(),
  })
  .strict();

export const LaunchChatSchema = z.object({
  /** Our chat page with `backUrl` and `language` in its query (a path of this site). */
  chatUrl: z.string(),
});

/** The chat page's address for a launch. */
export function chatPageUrl(backUrl: string | undefined, language: string | undefined): string {
  const query = new URLSearchParams();
  if (backUrl) query.set('backUrl', backUrl);
  if (language) query.set('language', language);
  const search = query.toString();
  return search ? `${CHAT_PAGE_PATH}?${search}` : CHAT_PAGE_PATH;
}

// ── The conversation (/wps/chat) ─────────────────────────────────────────────────────────────

export const ConversationQuerySchema = z
  .object({
    /** Only messages newer than this id (polling). */
    after: IdSchema.optional(),
    /** Only messages older than this id (loading earlier history). */
    before: IdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageSize),
    language: LanguageSchema.optional(),
  })
  .strict();
export type ConversationQuery = z.output<typeof ConversationQuerySchema>;

export const ConversationAnswerSchema = z.object({
  /** The player's latest conversation; null before the first message. */
  conversation: ConversationSchema.nullable(),
  /**
   * The player's messages over all their conversations, oldest first: the newest page without
   * `after`/`before`, else the page next to that id.
   */
  messages: z.array(ChatMessageSchema),
  /** Older messages exist before the first one here. */
  hasEarlier: z.boolean(),
  unReadCount: z.number().int().min(0),
});
export type ConversationAnswer = z.infer<typeof ConversationAnswerSchema>;

export const SendMessageBodySchema = z.object({ body: MessageTextSchema }).strict();

export const SendMessageAnswerSchema = z.object({
  message: ChatMessageSchema,
  conversation: ConversationSchema,
});

export const MarkReadBodySchema = z
  .object({
    /** The newest message the player has seen; operator messages up to it count as read. */
    lastMessageId: IdSchema,
  })
  .strict();

// ── Operator calls (/ops/api/chat) ───────────────────────────────────────────────────────────

export const OpsConversationListQuerySchema = z
  .object({
    status: z.enum(['open', 'closed', 'all']).default('open'),
    limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.opsListMax).default(50),
  })
  .strict();

export const OpsConversationSummarySchema = ConversationSchema.extend({
  username: z.string(),
  /** Player messages the operator has not read. */
  unreadForOperator: z.number().int().min(0),
  /** Operator messages the player has not read. */
  unreadForPlayer: z.number().int().min(0),
  messageCount: z.number().int().min(0),
  lastMessage: ChatMessageSchema.nullable(),
});
export type OpsConversationSummary = z.infer<typeof OpsConversationSummarySchema>;
/** Conversations with unread player messages first, then the most recently active. */
export const OpsConversationListSchema = z.array(OpsConversationSummarySchema);

/** A conversation id (digits) or a member's username (their open, else latest, conversation). */
export const OpsConversationParamsSchema = z.object({ ref: z.string().min(1).max(64) }).strict();

export const OpsConversationSchema = z.object({
  conversation: OpsConversationSummarySchema,
  messages: z.array(ChatMessageSchema),
});

export const OpsReplyBodySchema = z.object({ body: MessageTextSchema }).strict();

// ── Live hosts: the live model list and the focus (followed) list ─────────────────────────────

/**
 * The chat module's live hosts (spec §7: "focus list GET; live model list GET (params active,
 * streaming)"). Paths are ours (the spec names none): GET /wps/relay/CBS_liveModelList,
 * GET /wps/relay/CBS_focusList, PUT and DELETE /wps/relay/CBS_focus/:modelId.
 */
export const LIVE_MODEL_PATHS = {
  list: '/wps/relay/CBS_liveModelList',
  focusList: '/wps/relay/CBS_focusList',
  focus: '/wps/relay/CBS_focus',
  /** Each host's picture: our own drawing, `${avatar}/${modelId}.svg`. */
  avatar: '/wps/relay/CBS_modelAvatar',
} as const;

export const LiveModelIdSchema = z.string().regex(/^[A-Z0-9_]{2,32}$/);

/** '1'/'true' or '0'/'false' in a query string; absent means "either". */
const QueryFlagSchema = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

export const LiveModelListQuerySchema = z
  .object({
    moduleId: z.literal(CHAT_MODULE_ID),
    language: LanguageSchema.optional(),
    /** Only hosts who are (1) or are not (0) on duty now. */
    active: QueryFlagSchema.optional(),
    /** Only hosts who are (1) or are not (0) streaming now. */
    streaming: QueryFlagSchema.optional(),
  })
  .strict();
export type LiveModelListQuery = z.output<typeof LiveModelListQuerySchema>;

export const LiveModelSchema = z.object({
  modelId: LiveModelIdSchema,
  /** A stage name in the player's language (a made-up host, never a real person). */
  name: z.string(),
  /** What the host's room is about, in the player's language. */
  topic: z.string(),
  /** A path of this site: our drawn SVG picture of the host. */
  avatarUrl: z.string(),
  /** On duty now: the host answers in chat. */
  active: z.boolean(),
  /** Streaming now (only an active host streams). */
  streaming: z.boolean(),
});
export type LiveModel = z.infer<typeof LiveModelSchema>;

/** Streaming hosts first, then active ones, then the rest; each group in roster order. */
export const LiveModelListSchema = z.object({ list: z.array(LiveModelSchema) });
export type LiveModelList = z.infer<typeof LiveModelListSchema>;

export const FocusListQuerySchema = ChatModuleQuerySchema;
/** The hosts the member follows, the most recently followed first. */
export const FocusListSchema = z.object({ list: z.array(LiveModelSchema) });

export const FocusParamsSchema = z.object({ modelId: LiveModelIdSchema }).strict();
/** The focus list's ids after a follow or unfollow. */
export const FocusAnswerSchema = z.object({ modelIds: z.array(LiveModelIdSchema) });
export type FocusAnswer = z.infer<typeof FocusAnswerSchema>;
