/**
 * /m/gameCenter?category=: the horizontal category menu (HOT first, then the sorting list; the
 * chosen tab scrolls into view) over the chosen category's content. Without a category it shows
 * the menu of every category (HOME). ESPORTS, COCKFIGHT and BINGO, which have no page of their
 * own, open here. Choosing a tab clears the vendor and sets the type back to all.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryContent } from '../../features/games/components/category-content';
import { CategoryMenu, tabId } from '../../features/games/components/category-menu';
import { useMenuCategories } from '../../features/games/hooks/use-menu-categories';
import { useUrlGameFilter } from '../../features/games/hooks/use-url-game-filter';
import { isGameCategory, type MenuCategory } from '../../lib/game-categories';
import styles from './game-center.module.css';

export function Component() {
  const { t } = useTranslation();
  const panelId = useId();
  const { categories, ready } = useMenuCategories();
  const [params, setParams] = useSearchParams();
  const [filter, onFilterChange] = useUrlGameFilter();
  const wanted = params.get('category');
  const category: MenuCategory = wanted === 'HOT' || isGameCategory(wanted) ? wanted : 'HOME';
  // A new category starts with every vendor, all types, no classification.
  const select = (next: MenuCategory) =>
    setParams(next === 'HOME' ? {} : { category: next }, { replace: true });

  return (
    <div className={styles.center}>
      <CategoryMenu
        ready={ready}
        categories={categories}
        selected={category}
        onSelect={select}
        orientation="horizontal"
        label={t('games.categoryMenu')}
        panelId={panelId}
      />
      <div
        role={category === 'HOME' ? undefined : 'tabpanel'}
        id={panelId}
        aria-labelledby={ready && category !== 'HOME' ? tabId(panelId, category) : undefined}
      >
        <CategoryContent
          category={category}
          categories={categories}
          onSelect={select}
          filter={filter}
          onFilterChange={onFilterChange}
        />
      </div>
    </div>
  );
}
