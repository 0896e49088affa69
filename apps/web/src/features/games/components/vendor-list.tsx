/** A category's vendors (live casino, sports, lottery…), with loading, failure and empty states. */
import type { GameCategory } from '@khela/contract/games';
import { useTranslation } from 'react-i18next';
import { categoryName } from '../../../lib/game-categories';
import { useLanguage } from '../../../lib/i18n';
import { useVendors } from '../api/catalogue';
import { EmptyState, LoadFailed } from '../../../components/load-state';
import { VendorTiles, VendorTilesSkeleton } from './vendor-tiles';
import '../../../locales/games';

export function VendorList({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const vendors = useVendors();
  if (vendors.isError) {
    return <LoadFailed onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />;
  }
  if (!vendors.data) return <VendorTilesSkeleton count={6} />;
  const list = vendors.data.mapping[category] ?? [];
  if (list.length === 0) return <EmptyState>{t('games.vendorsEmpty')}</EmptyState>;
  return <VendorTiles vendors={list} label={categoryName(category, language)} />;
}
