/**
 * The category pages (spec §2): slots, sports, fishing, card games, in-house and in-play show a
 * game list and take `?vassalage=` (a vendor or a sub-category); live casino, lottery and
 * e-lottery show their vendors. In-play is the sports list (games being played now are the
 * sports vendors' own lobbies).
 */
import type { GameCategory } from '@khela/contract/games';
import { useLocation } from 'react-router';
import { GameList } from '../../features/games/components/game-list';
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
  const category = pageCategory(pathname);
  return VENDOR_PAGES.includes(category) ? (
    <VendorList category={category} />
  ) : (
    <ListPage category={category} />
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
