/**
 * Home's games area: the side category menu (HOT first, then the vendor sorting list) beside the
 * chosen category's content. The chosen category lives in the game filter store, so the logo and
 * the footer's Home item can reset it and it survives a visit to another screen. Below home's
 * banner, so its code is in home's later chunk (app/routes/home-later.ts), off the critical path.
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuCategory } from '../../../lib/game-categories';
import { useGameFilterStore } from '../../../lib/game-filter';
import { useVendors } from '../api/catalogue';
import { CategoryContent } from './category-content';
import { CategoryMenu, CategoryMenuSkeleton, tabId } from './category-menu';
import styles from './games-area.module.css';
import '../../../locales/games';

export function GamesArea() {
  const { t } = useTranslation();
  const panelId = useId();
  const railRef = useRef<HTMLDivElement>(null);
  const vendors = useVendors();
  const stored = useGameFilterStore((state) => state.category);
  const filter = useGameFilterStore((state) => state.filter);
  const selectCategory = useGameFilterStore((state) => state.selectCategory);
  const changeFilter = useGameFilterStore((state) => state.changeFilter);

  const choose = (next: MenuCategory) => {
    selectCategory(next);
    // The new content starts at the panel's top: bring it up if the page is scrolled past it
    // (the sticky menu's top is where the header ends).
    const panel = document.getElementById(panelId);
    const rail = railRef.current;
    if (panel && rail && panel.getBoundingClientRect().top < rail.getBoundingClientRect().top) {
      panel.scrollIntoView?.({ block: 'start' });
    }
  };

  const categories: MenuCategory[] = [
    'HOT',
    ...(vendors.data?.sorting.map((entry) => entry.gameCategory) ?? []),
  ];
  // A category the operator has since removed falls back to HOT.
  const category =
    vendors.data && !categories.includes(stored) && stored !== 'HOME' ? 'HOT' : stored;
  const menuReady = Boolean(vendors.data || vendors.isError);

  return (
    <div className={styles.games}>
      <div className={styles.rail} ref={railRef}>
        {menuReady ? (
          <CategoryMenu
            categories={categories}
            selected={category}
            onSelect={choose}
            orientation="vertical"
            label={t('games.categoryMenu')}
            panelId={panelId}
          />
        ) : (
          <CategoryMenuSkeleton orientation="vertical" />
        )}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={menuReady ? tabId(panelId, category) : undefined}
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
