/**
 * The notices (/m/notice): one item open at a time; `?index=N` (0-based) opens item N and follows
 * the player's choice. Each item shows its title, start date (YYYY-MM-DD) and a text preview; open,
 * it shows the HTML body. Opening an unread item marks it read (members only).
 */
import { formatDate } from '@khela/contract/date';
import type { Announcement } from '@khela/contract/content';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../../components/icons';
import { useSessionStore } from '../../../lib/session-store';
import { useMarkRead } from '../api/mark-read';
import { textPreview } from '../utils/format';
import { HtmlContent } from './html-content';
import styles from './content.module.css';
import '../../../locales/content';
import { useLanguage } from '../../../lib/i18n';

export function parseIndex(value: string | null): number | null {
  return value !== null && /^\d{1,4}$/.test(value) ? Number(value) : null;
}

export function NoticeList({ notices }: { notices: Announcement[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const baseId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const openIndex = parseIndex(searchParams.get('index'));
  const session = useSessionStore((state) => state.session);
  const markRead = useMarkRead();
  const openRef = useRef<HTMLLIElement>(null);
  const opened = notices[openIndex ?? -1];

  // The item the address points at: into view once, and read.
  const scrolled = useRef(false);
  useEffect(() => {
    if (!opened) return;
    if (!scrolled.current) {
      scrolled.current = true;
      openRef.current?.scrollIntoView?.({ block: 'start' });
    }
    if (!opened.read) markRead(opened.id);
  }, [opened, markRead]);

  const toggle = (index: number) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (openIndex === index) next.delete('index');
        else next.set('index', String(index));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <ul className={styles.list}>
      {notices.map((notice, index) => {
        const open = openIndex === index;
        const buttonId = `${baseId}-title-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li key={notice.id} className={styles.item} ref={open ? openRef : undefined}>
            <h2 className={styles.itemHeading}>
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                className={styles.trigger}
                onClick={() => toggle(index)}
              >
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
                <span className={open ? styles.chevronOpen : styles.chevron}>
                  <Icon name="chevronDown" size={20} />
                </span>
              </button>
            </h2>
            <div
              role="region"
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className={styles.panel}
            >
              {open && <HtmlContent html={notice.content} />}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
