/**
 * The category pages (spec §2): slots, sports, fishing, card games, in-house and in-play show a
 * game list and take `?vassalage=` (a vendor or a sub-category); live casino, lottery and
 * e-lottery show their vendors. In-play is the sports list (games being played now are the
 * sports vendors' own lobbies). Under the games, the category's banner gallery (its
 * m_{type}_{language} group, spec §2) when it has banners, and on the slots page the grand jackpot
 * (spec §9's second jackpot display).
 */
import type { GameCategory } from '@khela/contract/games';
import { bannerGroupName, CATEGORY_BANNER_TYPES } from '@khela/contract/home';
import { useLocation } from 'react-router';
import { BannerGallery } from '../../features/content/components/banner-carousel';
import { GameList } from '../../features/games/components/game-list';
import { GrandJackpot } from '../../features/games/components/jackpot-ticker';
import { currencySymbol, useSystemStatus } from '../../features/system/api/get-system-status';
import styles from './screens.module.css';
import { VendorList } from '../../features/games/components/vendor-list';
import { useUrlGameFilter } from '../../features/games/hooks/use-url-game-filter';
import { CATEGORY_ROUTES } from '@khela/contract/game-categories';
import { categoryName } from '../../lib/game-categories';
import { useLanguage } from '../../lib/i18n';

/** Pages whose category shows its vendors rather than a game list. */
const VENDOR_PAGES: readonly GameCategory[] = ['LIVE', 'LOTT', 'ELOTT'];

function pageCategory(pathname: string): GameCategory {
  if (pathname === '/m/in-play') return 'SPORTS';
  return CATEGORY_ROUTES[pathname as keyof typeof CATEGORY_ROUTES] ?? 'RNG';
}

export function Component() {
  const { pathname } = useLocation();
  const language = useLanguage();
  const category = pageCategory(pathname);
  const bannerType = CATEGORY_BANNER_TYPES[category as keyof typeof CATEGORY_BANNER_TYPES];
  return (
    <>
      {VENDOR_PAGES.includes(category) ? (
        <VendorList category={category} />
      ) : (
        <ListPage category={category} />
      )}
      {/* Under the games: above them, either would push the second row of tiles below the fold
          of a 360×640 phone, and a player came to this page for its games. */}
      {bannerType && <BannerGallery groupName={bannerGroupName(bannerType, language)} />}
      {category === 'RNG' && <SlotsJackpot />}
    </>
  );
}

/** The slots page's grand jackpot (the spec's second jackpot display). */
function SlotsJackpot() {
  const status = useSystemStatus();
  return (
    <div className={styles.jackpot}>
      <GrandJackpot currencySymbol={currencySymbol(status.data)} />
    </div>
  );
}

function ListPage({ category }: { category: GameCategory }) {
  const language = useLanguage();
  const [filter, onFilterChange] = useUrlGameFilter();
  return (
    <GameList
      category={category}
      filter={filter}
      onFilterChange={onFilterChange}
      label={categoryName(category, language)}
    />
  );
}
