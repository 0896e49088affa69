/** One notice on its own page (/m/noticeDetail?id=N); opening it marks it read (members only). */
import { EmptyState } from '../../../components/load-state';
import { formatDate } from '@khela/contract/date';
import type { Announcement } from '@khela/contract/content';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMarkRead } from '../api/mark-read';
import { HtmlContent } from './html-content';
import styles from './content.module.css';
import '../../../locales/content';
import { useLanguage } from '../../../lib/i18n';

export function NoticeArticle({ notice }: { notice: Announcement | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const markRead = useMarkRead();
  useEffect(() => {
    if (notice && !notice.read) markRead(notice.id);
  }, [notice, markRead]);

  return (
    <article className={styles.article}>
      {notice ? (
        <>
          <h2 className={styles.articleTitle}>{notice.title}</h2>
          <time className={styles.meta} dateTime={notice.startDate}>
            {formatDate(notice.startDate, 'date', language)}
          </time>
          <HtmlContent html={notice.content} />
        </>
      ) : (
        <EmptyState>{t('content.noticeNotFound')}</EmptyState>
      )}
      <Link to={paths.notice} className={styles.textLink}>
        {t('content.allNotices')}
      </Link>
    </article>
  );
}
