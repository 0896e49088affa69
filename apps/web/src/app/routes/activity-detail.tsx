/** /m/activityDetail?id=N: one promotion, with its application form where it takes them. */
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { parseId, usePromotion } from '../../features/content/api/promotions';
import { LoadFailed, Skeletons } from '../../components/load-state';
import { PromotionDetail } from '../../features/content/components/promotion-detail';

export function PromotionScreen({ id }: { id: number }) {
  const query = usePromotion(id);
  if (query.isPending) return <Skeletons shape="card" count={1} />;
  if (query.isError) {
    // Unknown or over: say so; anything else may pass, so offer a retry.
    if (query.error instanceof ApiError && query.error.status === 404) {
      return <PromotionDetail promotion={undefined} />;
    }
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return <PromotionDetail promotion={query.data} />;
}

export function Component() {
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  if (id === null) return <PromotionDetail promotion={undefined} />;
  return <PromotionScreen id={id} />;
}
