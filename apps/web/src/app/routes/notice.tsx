/** /m/notice: announcements and player notices; `?index=N` opens item N; opening marks read. */
import { useTranslation } from 'react-i18next';
import {
  noticesOf,
  NOTICE_CONTENT_TYPES,
  useAnnouncements,
} from '../../features/content/api/get-announcements';
import { EmptyState, LoadFailed, Skeletons } from '../../components/load-state';
import { NoticeList } from '../../features/content/components/notice-list';

export function Component() {
  const { t } = useTranslation();
  const query = useAnnouncements(NOTICE_CONTENT_TYPES);
  if (query.isPending) return <Skeletons shape="row" count={5} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const notices = noticesOf(query.data);
  if (notices.length === 0) return <EmptyState>{t('content.noNotices')}</EmptyState>;
  return <NoticeList notices={notices} />;
}
