/**
 * /m/webEmail: the member's messages, newest first, an unread dot on each unread one. Opening a
 * message shows its text (plain text, never HTML) and marks it read: the dot goes and every
 * unread badge (member centre, header) drops at once. "Mark all read" clears them all.
 */
import { QueryState } from '../../../components/load-state';
import { formatDate } from '@khela/contract/date';
import '../strings';
import { unreadBadge } from '@khela/contract/constants';
import type { InboxMessage } from '@khela/contract/inbox';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { applyRead, inboxPagesQueryOptions, markAllRead, markRead } from '../api/inbox';
import styles from '../../../components/messages.module.css';

export function InboxPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(inboxPagesQueryOptions(token, language));
  const [openId, setOpenId] = useState<string | null>(null);

  const read = useMutation({
    mutationFn: markRead,
    onSuccess: (answer, id) => applyRead(queryClient, token, answer.unreadCount, id),
  });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: (answer) => applyRead(queryClient, token, answer.unreadCount, null),
  });

  if (query.isPending || query.isError) return <QueryState query={query} />;
  const messages = query.data.pages.flatMap((page) => page.list);
  const unread = query.data.pages[0]?.unreadCount ?? 0;
  const date = (iso: string) => formatDate(iso, 'dateTime', language);

  const toggle = (message: InboxMessage) => {
    setOpenId((id) => (id === message.id ? null : message.id));
    if (!message.read && !read.isPending) read.mutate(message.id);
  };

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>
          {t('inbox.heading')}
          {unread > 0 && (
            <span className={styles.count}>
              {' '}
              {t('inbox.unreadCount', { badge: unreadBadge(unread, language) })}
            </span>
          )}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            className={styles.secondary}
            disabled={readAll.isPending}
            onClick={() => readAll.mutate()}
          >
            {t('inbox.markAllRead')}
          </button>
        )}
      </div>
      {messages.length === 0 ? (
        <p className={styles.empty}>{t('inbox.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {messages.map((message) => {
            const open = openId === message.id;
            const bodyId = `inbox-body-${message.id}`;
            return (
              <li key={message.id} className={styles.item} data-unread={!message.read || undefined}>
                <button
                  type="button"
                  className={styles.summary}
                  aria-expanded={open}
                  aria-controls={bodyId}
                  onClick={() => toggle(message)}
                >
                  {!message.read && (
                    <span className={styles.dot}>
                      <span className="visually-hidden">{t('inbox.unread')}: </span>
                    </span>
                  )}
                  <span className={styles.title}>{message.title}</span>
                  <span className={styles.meta}>
                    {message.sender === 'operator'
                      ? t('inbox.fromOperator')
                      : t('inbox.fromSystem')}
                    {' · '}
                    <time dateTime={message.createdAt}>{date(message.createdAt)}</time>
                  </span>
                </button>
                <div id={bodyId} className={styles.body} hidden={!open}>
                  {message.body}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.secondary}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('inbox.loadMore')}
        </button>
      )}
    </div>
  );
}
