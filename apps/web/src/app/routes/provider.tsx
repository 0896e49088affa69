/**
 * /m/provider?vassalage=: one provider's games (search box, quick filters, classification,
 * infinite grid), asked by vendor alone so the list starts before the vendor's name arrives;
 * without a vendor, the provider picker of every vendor.
 */
import { useTranslation } from 'react-i18next';
import { useVendors } from '../../features/games/api/catalogue';
import { GameList } from '../../features/games/components/game-list';
import { GameImage } from '../../features/games/components/game-image';
import { pickerVendors } from '../../features/games/components/home-games';
import { LoadFailed } from '../../components/load-state';
import { VendorTiles, VendorTilesSkeleton } from '../../features/games/components/vendor-tiles';
import { useUrlGameFilter } from '../../features/games/hooks/use-url-game-filter';
import styles from './provider.module.css';

export function Component() {
  const { t } = useTranslation();
  const vendors = useVendors();
  const [filter, onFilterChange] = useUrlGameFilter();

  if (!filter.vassalage) {
    if (vendors.isError) {
      return <LoadFailed onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />;
    }
    return vendors.data ? (
      <VendorTiles
        vendors={pickerVendors(vendors.data)}
        label={t('games.providerPicker')}
        compact
      />
    ) : (
      <VendorTilesSkeleton count={12} compact />
    );
  }

  const vendor = Object.values(vendors.data?.mapping ?? {})
    .flat()
    .find((entry) => entry.vassalage === filter.vassalage);
  const name = vendor?.displayName ?? filter.vassalage;
  return (
    <div className={styles.provider}>
      <h2 className={styles.title}>
        {vendor && (
          <GameImage src={vendor.mobileLargeIcon} name={name} size={40} className={styles.icon} />
        )}
        <span>{name}</span>
      </h2>
      <GameList
        filter={filter}
        onFilterChange={onFilterChange}
        label={name}
        vendorSelector={false}
      />
    </div>
  );
}
