/**
 * The category menu (spec §2): HOT first, then the vendor sorting list, as tabs. Vertical beside
 * the home's game area, horizontal at the top of the game centre. The chosen tab is scrolled into
 * view inside the menu (not the page). Arrow keys, Home and End move between tabs. Until the
 * categories are `ready` (useMenuCategories) it shows its skeleton in their place.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { categoryName, type MenuCategory } from '../../../lib/game-categories';
import { useLanguage } from '../../../lib/i18n';
import { CategoryIcon } from './games-icons';
import styles from './category-menu.module.css';

interface CategoryMenuProps {
  categories: readonly MenuCategory[];
  selected: MenuCategory;
  onSelect: (category: MenuCategory) => void;
  orientation: 'vertical' | 'horizontal';
  label: string;
  /** The id of the tab panel the tabs control; each tab's id is `${panelId}-tab-${category}`. */
  panelId: string;
  /** False while the categories load: the skeleton shows instead. */
  ready?: boolean;
}

export const tabId = (panelId: string, category: MenuCategory) => `${panelId}-tab-${category}`;

export function CategoryMenu({ ready = true, ...props }: CategoryMenuProps) {
  return ready ? (
    <CategoryTabs {...props} />
  ) : (
    <CategoryMenuSkeleton orientation={props.orientation} />
  );
}

function CategoryTabs({
  categories,
  selected,
  onSelect,
  orientation,
  label,
  panelId,
}: Omit<CategoryMenuProps, 'ready'>) {
  const language = useLanguage();
  const shown = useRef<MenuCategory | null>(null);

  useEffect(() => {
    // Not on the first render: opening the page must not move it.
    const first = shown.current === null;
    shown.current = selected;
    if (first) return;
    const tab = document.getElementById(tabId(panelId, selected));
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    tab?.scrollIntoView?.({
      block: 'nearest',
      inline: 'center',
      behavior: reduced ? 'auto' : 'smooth',
    });
  }, [selected, panelId]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const previous = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const next = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    const index = categories.indexOf(selected);
    let target: number | undefined;
    if (event.key === previous) target = (index - 1 + categories.length) % categories.length;
    else if (event.key === next) target = (index + 1) % categories.length;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = categories.length - 1;
    const category = target === undefined ? undefined : categories[target];
    if (!category) return;
    event.preventDefault();
    onSelect(category);
    document.getElementById(tabId(panelId, category))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      className={orientation === 'vertical' ? styles.vertical : styles.horizontal}
    >
      {categories.map((category) => {
        const active = category === selected;
        return (
          <button
            key={category}
            type="button"
            role="tab"
            id={tabId(panelId, category)}
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(category)}
            onKeyDown={onKeyDown}
          >
            <CategoryIcon category={category} />
            <span className={styles.label}>{categoryName(category, language)}</span>
          </button>
        );
      })}
    </div>
  );
}

function CategoryMenuSkeleton({ orientation }: { orientation: 'vertical' | 'horizontal' }) {
  return (
    <div
      className={orientation === 'vertical' ? styles.vertical : styles.horizontal}
      aria-hidden="true"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <span key={i} className={`${styles.tab} ${styles.skeleton}`} />
      ))}
    </div>
  );
}
