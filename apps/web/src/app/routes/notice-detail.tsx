/** /m/noticeDetail?id=N: one notice on its own page. */
import { useSearchParams } from 'react-router';
import {
  noticesOf,
  NOTICE_CONTENT_TYPES,
  useAnnouncements,
} from '../../features/content/api/get-announcements';
import { parseId } from '../../features/content/api/promotions';
import { LoadFailed, Skeletons } from '../../components/load-state';
import { NoticeArticle } from '../../features/content/components/notice-article';

export function Component() {
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  const query = useAnnouncements(NOTICE_CONTENT_TYPES);
  if (query.isPending) return <Skeletons shape="row" count={1} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <NoticeArticle notice={noticesOf(query.data).find((notice) => notice.id === id)} />;
}
