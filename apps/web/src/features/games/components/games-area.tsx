/**
 * Home's games area: the side category menu (HOT first, then the vendor sorting list) beside the
 * chosen category's content. The chosen category lives in the game filter store, so the logo and
 * the footer's Home item can reset it and it survives a visit to another screen. Below home's
 * banner, so its code is in home's later chunk (app/routes/home-later.ts), off the critical path.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuCategory } from '../../../lib/game-categories';
import { useGameFilterStore } from '../../../lib/game-filter';
import { useMenuCategories } from '../hooks/use-menu-categories';
import { CategoryContent } from './category-content';
import { CategoryMenu, tabId } from './category-menu';
import styles from './games-area.module.css';
import '../../../locales/games';

export function GamesArea() {
  const { t } = useTranslation();
  const panelId = useId();
  const { categories, ready, loaded } = useMenuCategories();
  const stored = useGameFilterStore((state) => state.category);
  const filter = useGameFilterStore((state) => state.filter);
  const selectCategory = useGameFilterStore((state) => state.selectCategory);
  const changeFilter = useGameFilterStore((state) => state.changeFilter);

  const choose = (next: MenuCategory) => {
    selectCategory(next);
    // The chosen category is a lobby: its content starts at the panel's top, brought up under the
    // header (the page's scroll padding, where the sticky menu stops), so its rows of games fill
    // the screen.
    document.getElementById(panelId)?.scrollIntoView?.({ block: 'start' });
  };

  // A category the operator has since removed falls back to HOT.
  const category = loaded && !categories.includes(stored) && stored !== 'HOME' ? 'HOT' : stored;

  return (
    <div className={styles.games}>
      <div className={styles.rail}>
        <CategoryMenu
          ready={ready}
          categories={categories}
          selected={category}
          onSelect={choose}
          orientation="vertical"
          label={t('games.categoryMenu')}
          panelId={panelId}
        />
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={ready ? tabId(panelId, category) : undefined}
        className={styles.panel}
      >
        <CategoryContent
          category={category}
          categories={categories}
          onSelect={choose}
          filter={filter}
          onFilterChange={changeFilter}
        />
      </div>
    </div>
  );
}
