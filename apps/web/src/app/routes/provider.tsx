/**
 * /m/provider?vassalage=: one provider's games (search box, quick filters, classification,
 * infinite grid), asked by vendor alone so the list starts before the vendor's name arrives;
 * without a vendor, the provider picker of every vendor. The title adds the vendor's name in the
 * other language (`vendorNames`) when it differs.
 */
import { useTranslation } from 'react-i18next';
import { useVendors } from '../../features/games/api/catalogue';
import { GameList } from '../../features/games/components/game-list';
import { GameImage } from '../../features/games/components/game-image';
import { pickerVendors } from '../../features/games/components/home-games';
import { LoadFailed } from '../../components/load-state';
import { VendorTiles, VendorTilesSkeleton } from '../../features/games/components/vendor-tiles';
import { useUrlGameFilter } from '../../features/games/hooks/use-url-game-filter';
import { otherVendorName } from '../../features/games/utils/vendor-names';
import { useLanguage } from '../../lib/i18n';
import styles from './provider.module.css';

export function Component() {
  const { t } = useTranslation();
  const language = useLanguage();
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
  const other = vendor ? otherVendorName(vendor, language) : undefined;
  return (
    <div className={styles.provider}>
      <h2 className={styles.title}>
        {vendor && (
          <GameImage src={vendor.mobileLargeIcon} name={name} size={40} className={styles.icon} />
        )}
        <span className={styles.names}>
          <span>{name}</span>
          {other && (
            <span className={styles.otherName} lang={other.lang}>
              {other.name}
            </span>
          )}
        </span>
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
