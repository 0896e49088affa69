/**
 * /m/activity: the promotions with their category menu; with `?id=N` it shows that promotion, as
 * the spec's client chose list or detail by the id parameter.
 */
import { useSearchParams } from 'react-router';
import { parseId, usePromotionList } from '../../features/content/api/promotions';
import { LoadFailed, Skeletons } from '../../components/load-state';
import { PromotionList } from '../../features/content/components/promotion-list';
import { PromotionScreen } from './activity-detail';

function PromotionsScreen() {
  const query = usePromotionList();
  if (query.isPending) return <Skeletons shape="card" count={3} />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <PromotionList categories={query.data.categories} promotions={query.data.list} />;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  return id === null ? <PromotionsScreen /> : <PromotionScreen id={id} />;
}
