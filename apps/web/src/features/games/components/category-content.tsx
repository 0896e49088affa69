/**
 * What a chosen category shows (spec §2): HOME a menu of the categories, HOT the home game area,
 * live casino, sports, e-sports, cockfight, lottery and e-lottery their vendors, any other
 * category its game list. The game list's code loads only when a list category is chosen.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { VENDOR_LIST_CATEGORIES } from '@khela/contract/game-categories';
import { categoryName, type MenuCategory } from '../../../lib/game-categories';
import type { GameFilter } from '../../../lib/game-filter';
import { useLanguage } from '../../../lib/i18n';
import { GameGridSkeleton } from './game-grid';
import { CategoryIcon } from './games-icons';
import { HomeGames } from './home-games';
import { VendorList } from './vendor-list';
import styles from './category-content.module.css';
import '../../../locales/games';

const GameList = lazy(() => import('./game-list').then((m) => ({ default: m.GameList })));

interface CategoryContentProps {
  category: MenuCategory;
  /** The categories the HOME menu offers. */
  categories: readonly MenuCategory[];
  onSelect: (category: MenuCategory) => void;
  filter: GameFilter;
  onFilterChange: (change: Partial<GameFilter>) => void;
}

export function CategoryContent({
  category,
  categories,
  onSelect,
  filter,
  onFilterChange,
}: CategoryContentProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (category === 'HOT') return <HomeGames />;
  if (category === 'HOME') {
    return (
      <ul className={styles.menu} aria-label={t('games.chooseCategory')}>
        {categories
          .filter((entry) => entry !== 'HOME')
          .map((entry) => (
            <li key={entry}>
              <button type="button" className={styles.menuItem} onClick={() => onSelect(entry)}>
                <CategoryIcon category={entry} size={28} />
                <span>{categoryName(entry, language)}</span>
              </button>
            </li>
          ))}
      </ul>
    );
  }
  if (VENDOR_LIST_CATEGORIES.includes(category)) return <VendorList category={category} />;
  return (
    <Suspense fallback={<GameGridSkeleton count={12} />}>
      <GameList
        category={category}
        filter={filter}
        onFilterChange={onFilterChange}
        label={categoryName(category, language)}
      />
    </Suspense>
  );
}
