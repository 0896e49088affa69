/**
 * The game filter: which category the home screen shows and the filter of a game list (vendor,
 * data type, classification, search), with the spec's state rules (§4) in one pure function.
 *
 * It lives in lib/ because the shell resets it (the logo and the footer's Home item select HOT,
 * clear the provider and set the type back to all) and the shell may not import features/games.
 */
import type { GameDataType, PlayType } from '@khela/contract/games';
import { create } from 'zustand';
import type { MenuCategory } from './game-categories';

export interface GameFilter {
  /** Vendor code; '' is every vendor (the All tab). */
  vassalage: string;
  dataType: GameDataType;
  /** Game classification key; '' is every classification. */
  classification: string;
  /** Search text; '' is no search. */
  gameName: string;
  /** Card games' play type (spec §3); absent is both. */
  playType?: PlayType;
}

export const DEFAULT_FILTER: GameFilter = {
  vassalage: '',
  dataType: 'ALL',
  classification: '',
  gameName: '',
};

/**
 * One change to a list's filter, with the spec's rules: changing the vendor or the search sets
 * the type back to all; changing the type clears the classification. (Every change also starts
 * the list again from page 1: the page is part of the query, not of the filter.)
 */
export function changeFilter(filter: GameFilter, change: Partial<GameFilter>): GameFilter {
  const next = { ...filter, ...change };
  const vendorChanged = change.vassalage !== undefined && change.vassalage !== filter.vassalage;
  const searchChanged = change.gameName !== undefined && change.gameName !== filter.gameName;
  if (vendorChanged || searchChanged) next.dataType = 'ALL';
  if (next.dataType !== filter.dataType) next.classification = change.classification ?? '';
  return next;
}

export const DEFAULT_CATEGORY: MenuCategory = 'HOT';

interface HomeGameFilterState {
  category: MenuCategory;
  filter: GameFilter;
  /** Choosing a category clears the vendor and sets the type back to all. */
  selectCategory: (category: MenuCategory) => void;
  changeFilter: (change: Partial<GameFilter>) => void;
  /** Back to the defaults: HOT, every vendor, all types. */
  reset: () => void;
}

export const useGameFilterStore = create<HomeGameFilterState>()((set) => ({
  category: DEFAULT_CATEGORY,
  filter: DEFAULT_FILTER,
  selectCategory: (category) => set({ category, filter: DEFAULT_FILTER }),
  changeFilter: (change) => set((state) => ({ filter: changeFilter(state.filter, change) })),
  reset: () => set({ category: DEFAULT_CATEGORY, filter: DEFAULT_FILTER }),
}));

/** For the shell's logo and Home items: reset the filter, then let the link go to /m/home. */
export const resetGameFilter = () => useGameFilterStore.getState().reset();
