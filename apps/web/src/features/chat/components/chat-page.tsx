/**
 * Our live chat page (/m/chat, opened through CBS_launchChat): the member's conversation with
 * customer service, a message box, answers appearing as they come, and a way back to the page the
 * chat was opened from. Messages are plain text: React renders them as text, never as HTML.
 */
import { LoadFailed } from '../../../components/load-state';
import { formatDate, siteDay } from '@khela/contract/date';
import type { ChatMessage } from '@khela/contract/chat';
import { unreadBadge } from '@khela/contract/constants';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { useLanguage } from '../../../lib/i18n';
import { useChatThread } from '../hooks/use-chat-thread';
import styles from './chat-page.module.css';
import { Composer } from './composer';
import '../strings';

function useTimeFormat() {
  const language = useLanguage();
  const today = siteDay();
  return (iso: string) =>
    formatDate(iso, siteDay(Date.parse(iso)) === today ? 'time' : 'dayMonthTime', language);
}

function Message({ message, format }: { message: ChatMessage; format: (iso: string) => string }) {
  const { t } = useTranslation();
  const mine = message.author === 'player';
  return (
    <li className={mine ? styles.mine : styles.theirs}>
      <span className={styles.author}>{mine ? t('chat.you') : t('chat.support')}</span>
      <p className={styles.body}>{message.body}</p>
      <time className={styles.time} dateTime={message.createdAt}>
        {format(message.createdAt)}
      </time>
    </li>
  );
}

export function ChatPage({ backUrl }: { backUrl: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useTimeFormat();
  const { thread, load, loadEarlier, loadingEarlier, send } = useChatThread();
  const endRef = useRef<HTMLDivElement>(null);
  const dividerRef = useRef<HTMLLIElement>(null);
  const newestId = thread.messages.at(-1)?.id;
  const shownFirst = useRef(false);

  // Opening shows the first unread answer (or the newest message); later, each new message.
  useEffect(() => {
    if (thread.status !== 'ready') return;
    if (!shownFirst.current && dividerRef.current) {
      dividerRef.current.scrollIntoView({ block: 'start' });
    } else {
      endRef.current?.scrollIntoView({ block: 'end' });
    }
    shownFirst.current = true;
  }, [thread.status, newestId]);

  return (
    <section className={styles.page} aria-labelledby="chat-heading">
      <div className={styles.top}>
        <h2 id="chat-heading" className={styles.heading}>
          {t('chat.heading')}
        </h2>
        <Link to={backUrl} className={styles.leave}>
          <Icon name="back" size={20} />
          {t('chat.leave')}
        </Link>
      </div>

      {thread.status === 'loading' && <Spinner label={t('common.loading')} block />}
      {thread.status === 'error' && <LoadFailed onRetry={load} />}
      {thread.status === 'ready' && (
        <>
          {thread.hasEarlier && (
            <button
              type="button"
              className={styles.earlier}
              disabled={loadingEarlier}
              onClick={() => void loadEarlier()}
            >
              {loadingEarlier ? t('chat.loadingEarlier') : t('chat.earlier')}
            </button>
          )}
          <div role="log" aria-label={t('chat.messages')} className={styles.log}>
            {thread.messages.length === 0 ? (
              <p className={styles.intro}>{t('chat.intro')}</p>
            ) : (
              <ol className={styles.list}>
                {thread.messages.map((message) => (
                  <MessageRow
                    key={message.id}
                    message={message}
                    format={format}
                    divider={
                      message.id === thread.firstUnreadId
                        ? t('chat.unreadDivider', {
                            badge: unreadBadge(thread.unreadAtOpen, language),
                          })
                        : undefined
                    }
                    dividerRef={dividerRef}
                  />
                ))}
              </ol>
            )}
            <div ref={endRef} />
          </div>
          {thread.conversation?.status === 'closed' && (
            <p className={styles.closed}>{t('chat.closed')}</p>
          )}
        </>
      )}
      <Composer onSend={send} disabled={thread.status !== 'ready'} />
    </section>
  );
}

function MessageRow({
  message,
  format,
  divider,
  dividerRef,
}: {
  message: ChatMessage;
  format: (iso: string) => string;
  divider?: string;
  dividerRef: RefObject<HTMLLIElement | null>;
}) {
  return (
    <>
      {divider && (
        <li ref={dividerRef} className={styles.divider}>
          <span>{divider}</span>
        </li>
      )}
      <Message message={message} format={format} />
    </>
  );
}
