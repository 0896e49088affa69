/**
 * The chat page's state: the member's messages (newest page first, earlier pages on request),
 * new ones asked for every 3 s while the page is visible (one small call with `after`), answers
 * marked read while the page is in view, and the unread badge refreshed when they are.
 */
import { CHAT_POLL_MS, type ChatMessage, type Conversation } from '@khela/contract/chat';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSessionStore } from '../../../lib/session-store';
import { getConversation, markChatRead, sendMessage } from '../api/conversation';
import { chatUnreadQueryKey } from '../api/unread-count';

export interface ChatThread {
  status: 'loading' | 'error' | 'ready';
  messages: ChatMessage[];
  conversation: Conversation | null;
  hasEarlier: boolean;
  /** The first answer that was unread when the page opened: the divider goes above it. */
  firstUnreadId: string | null;
  /** How many answers were unread when the page opened. */
  unreadAtOpen: number;
  /** Answers unread now (0 once the page has marked them read). */
  unReadCount: number;
}

/** What the page learnt after its first page: newer and earlier messages, the latest state. */
interface Later {
  messages: ChatMessage[];
  conversation?: Conversation;
  hasEarlier?: boolean;
  unReadCount?: number;
}

/** Database ids as decimal strings: a shorter one is smaller. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** Both lists together, each message once, oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/** The newest `count` answers are the unread ones (the server counts answers after a pointer). */
function firstUnread(messages: ChatMessage[], count: number): string | null {
  if (count <= 0) return null;
  const answers = messages.filter((message) => message.author === 'operator');
  return answers[Math.max(0, answers.length - count)]?.id ?? null;
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const isVisible = () => document.visibilityState === 'visible';

export function useChatThread() {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.session?.token ?? '');
  // The first page: loading, failure and retry as any query; asked afresh each time the page opens.
  const first = useQuery({
    queryKey: ['chat', 'thread', token],
    queryFn: ({ signal }) => getConversation({}, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { silent: true },
  });
  // What came after it: polled and sent messages, earlier pages, the latest counts.
  const [later, setLater] = useState<Later>({ messages: [] });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const visible = useSyncExternalStore(subscribeVisibility, isVisible);

  const opened = first.data;
  const messages = useMemo(
    () => mergeMessages(opened?.messages ?? [], later.messages),
    [opened, later.messages],
  );
  const unreadAtOpen = opened?.unReadCount ?? 0;
  const thread: ChatThread = {
    status: first.isPending ? 'loading' : first.isError ? 'error' : 'ready',
    messages,
    conversation: later.conversation ?? opened?.conversation ?? null,
    hasEarlier: later.hasEarlier ?? opened?.hasEarlier ?? false,
    firstUnreadId: opened ? firstUnread(opened.messages, unreadAtOpen) : null,
    unreadAtOpen,
    unReadCount: later.unReadCount ?? unreadAtOpen,
  };

  // The newest id the page holds, for the polling call (read without re-subscribing).
  const lastIdRef = useRef<string | undefined>(undefined);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    lastIdRef.current = lastId;
  }, [lastId]);

  /** Tries the first load again (after a failure). */
  const load = useCallback(() => void first.refetch(), [first]);

  // Poll for new messages every few seconds while the page is visible; at once when it shows.
  const ready = thread.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;
    const controller = new AbortController();
    const tick = async () => {
      clearTimeout(timer);
      if (running || stopped) return;
      if (isVisible()) {
        running = true;
        try {
          const answer = await getConversation({ after: lastIdRef.current }, controller.signal);
          setLater((current) => ({
            ...current,
            messages: mergeMessages(current.messages, answer.messages),
            conversation: answer.conversation ?? undefined,
            unReadCount: answer.unReadCount,
          }));
        } catch {
          // A missed poll is retried at the next tick; session errors are the shell's.
        } finally {
          running = false;
        }
      }
      if (!stopped) timer = setTimeout(() => void tick(), CHAT_POLL_MS);
    };
    timer = setTimeout(() => void tick(), CHAT_POLL_MS);
    const onVisibility = () => {
      if (isVisible()) void tick();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ready]);

  // Answers on screen count as read; the badge elsewhere follows.
  const unReadCount = thread.unReadCount;
  useEffect(() => {
    if (!ready || !visible || unReadCount === 0 || !lastId) return;
    let cancelled = false;
    markChatRead(lastId)
      .then((answer) => {
        if (!cancelled) setLater((current) => ({ ...current, unReadCount: answer.unReadCount }));
        void queryClient.invalidateQueries({ queryKey: chatUnreadQueryKey });
      })
      .catch(() => {
        // Tried again when the next answer or poll arrives.
      });
    return () => {
      cancelled = true;
    };
  }, [ready, visible, unReadCount, lastId, queryClient]);

  const loadEarlier = useCallback(async () => {
    const oldest = messages[0]?.id;
    if (!oldest || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const answer = await getConversation({ before: oldest });
      setLater((current) => ({
        ...current,
        messages: mergeMessages(current.messages, answer.messages),
        hasEarlier: answer.hasEarlier,
      }));
    } catch {
      // The button stays for another try.
    } finally {
      setLoadingEarlier(false);
    }
  }, [messages, loadingEarlier]);

  /** Sends the text; resolves once the message is in the thread, rejects with the ApiError. */
  const send = useCallback(async (text: string) => {
    const answer = await sendMessage(text);
    setLater((current) => ({
      ...current,
      messages: mergeMessages(current.messages, [answer.message]),
      conversation: answer.conversation,
    }));
  }, []);

  return { thread, load, loadEarlier, loadingEarlier, send };
}
