/**
 * The category menu's entries for home and the game centre (spec §2): HOT first, then the vendors'
 * sorting list. The menu is `ready` once the vendors have answered, or failed (HOT alone then);
 * until then it shows its skeleton.
 */
import type { MenuCategory } from '../../../lib/game-categories';
import { useVendors } from '../api/catalogue';

export interface MenuCategories {
  categories: MenuCategory[];
  /** The menu can show: the vendors answered or failed. */
  ready: boolean;
  /** The vendors answered: `categories` is the operator's list, not HOT alone. */
  loaded: boolean;
}

export function useMenuCategories(): MenuCategories {
  const vendors = useVendors();
  return {
    categories: ['HOT', ...(vendors.data?.sorting.map((entry) => entry.gameCategory) ?? [])],
    ready: vendors.data !== undefined || vendors.isError,
    loaded: vendors.data !== undefined,
  };
}
