/**
 * The notices (/m/notice): one item open at a time; `?index=N` (0-based) opens item N and follows
 * the player's choice. Each item shows its title, start date (YYYY-MM-DD) and a text preview; open,
 * it shows the HTML body. Opening an unread item marks it read (members only).
 */
import { formatDate } from '@khela/contract/date';
import type { Announcement } from '@khela/contract/content';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { accordionStyles, AccordionItem, useOpenItem } from '../../../components/accordion';
import { useSessionStore } from '../../../lib/session-store';
import { useMarkRead } from '../api/mark-read';
import { textPreview } from '../utils/format';
import { HtmlContent } from './html-content';
import styles from './content.module.css';
import '../../../locales/content';
import { useLanguage } from '../../../lib/i18n';

export function NoticeList({ notices }: { notices: Announcement[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { openIndex, toggle, openRef } = useOpenItem('index');
  const session = useSessionStore((state) => state.session);
  const markRead = useMarkRead();
  const opened = notices[openIndex ?? -1];

  // The open item is read.
  useEffect(() => {
    if (opened && !opened.read) markRead(opened.id);
  }, [opened, markRead]);

  return (
    <ul className={accordionStyles.list}>
      {notices.map((notice, index) => {
        const open = openIndex === index;
        return (
          <AccordionItem
            key={notice.id}
            open={open}
            onToggle={() => toggle(index)}
            ref={open ? openRef : undefined}
            triggerClassName={styles.trigger}
            title={
              <span className={styles.triggerText}>
                <span className={styles.itemTitle}>
                  {session && !notice.read && <span className={styles.unreadDot} />}
                  {notice.title}
                </span>
                <span className={styles.meta}>
                  <time dateTime={notice.startDate}>
                    {formatDate(notice.startDate, 'date', language)}
                  </time>
                  {session && (
                    <span className={notice.read ? styles.readLabel : styles.unreadLabel}>
                      {notice.read ? t('content.read') : t('content.unread')}
                    </span>
                  )}
                </span>
                {!open && <span className={styles.preview}>{textPreview(notice.content)}</span>}
              </span>
            }
          >
            {open && <HtmlContent html={notice.content} />}
          </AccordionItem>
        );
      })}
    </ul>
  );
}
