/**
 * Vendors as tiles: a category's vendor list (live casino, sports, lottery…) and the provider
 * picker. A tile goes to the provider's page, where its games are. A full tile also shows the
 * vendor's name in the other language (`vendorNames`) when it differs.
 */
import { formatNumber } from '@khela/contract/amount';
import type { Vendor } from '@khela/contract/games';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../lib/i18n';
import { providerPath } from '../utils/paths';
import { otherVendorName } from '../utils/vendor-names';
import { GameImage } from './game-image';
import styles from './vendor-tiles.module.css';
import '../../../locales/games';

interface VendorTilesProps {
  vendors: readonly Vendor[];
  label: string;
  /** Icons only with the name under them, four a row (the provider picker). */
  compact?: boolean;
}

export function VendorTiles({ vendors, label, compact = false }: VendorTilesProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul aria-label={label} className={compact ? styles.picker : styles.tiles}>
      {vendors.map((vendor) => {
        const other = compact ? undefined : otherVendorName(vendor, language);
        return (
          <li key={vendor.vassalage}>
            <Link to={providerPath(vendor.vassalage)} className={styles.tile}>
              <GameImage
                src={vendor.mobileLargeIcon}
                name={vendor.displayName}
                size={compact ? 56 : 72}
                className={styles.icon}
              />
              <span className={styles.text}>
                <span className={styles.name}>{vendor.displayName}</span>
                {other && (
                  <span className={styles.otherName} lang={other.lang}>
                    {other.name}
                  </span>
                )}
                {!compact && (
                  <span className={styles.count}>
                    {t('games.gameCount', { number: formatNumber(vendor.gameCount, language) })}
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function VendorTilesSkeleton({
  count = 4,
  compact = false,
}: {
  count?: number;
  compact?: boolean;
}) {
  return (
    <ul className={compact ? styles.picker : styles.tiles} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.skeleton} />
      ))}
    </ul>
  );
}
