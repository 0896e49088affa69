/**
 * The game list (spec §2, §4): a search box that leads to the search page, the in-my-collection
 * button, quick filters (all, new, hot, favourites, recent), a vendor selector (All first), an
 * optional classification filter and an infinitely scrolling grid, 36 games a page.
 *
 * The filter is the caller's (the home's store or the page address); every change goes through
 * `changeFilter`, which holds the spec's rules, and starts the list again from page 1 (the
 * filter is part of the query key). Favourites and recent games need a session: without one the
 * player is sent to login.
 */
import { formatNumber } from '@khela/contract/amount';
import { PLAY_TYPES } from '@khela/contract/game-categories';
import type { GameCategory, GameDataType, Vendor } from '@khela/contract/games';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import type { GameFilter } from '../../../lib/game-filter';
import { useLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { useVendors } from '../api/catalogue';
import { gameListQueryOptions, gameTypesQueryOptions } from '../api/game-list';
import { needsSession } from '../api/game-rows';
import { useGameActions } from '../hooks/use-game-actions';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { gamePaths, searchPath } from '../utils/paths';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { GameImage } from './game-image';
import { GamesIcon } from './games-icons';
import { EmptyState, LoadFailed } from '../../../components/load-state';
import layout from './games-layout.module.css';
import styles from './game-list.module.css';
import '../../../locales/games';

/** The quick filters, in the order they show. */
export const DATA_TYPES: readonly GameDataType[] = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'];

export interface GameListProps {
  /** The category listed; none lists every game (search, a provider's page). */
  category?: GameCategory;
  filter: GameFilter;
  onFilterChange: (change: Partial<GameFilter>) => void;
  /** What the grid is called for screen readers. */
  label: string;
  /** The search box and the in-my-collection button (not on the search page itself). */
  toolbar?: boolean;
  /** The vendor selector (not on a single provider's page). */
  vendorSelector?: boolean;
  /** Shown when nothing matches. */
  emptyText?: string;
}

export function GameList({
  category,
  filter,
  onFilterChange,
  label,
  toolbar = true,
  vendorSelector = true,
  emptyText,
}: GameListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const token = useSessionStore((state) => state.session?.token);
  const vendors = useVendors();
  const actions = useGameActions();
  const mustLogIn = needsSession(filter) && !token;

  const list = useInfiniteQuery({
    ...gameListQueryOptions({ category, filter }, language, token),
    enabled: !mustLogIn,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const pages = list.data?.pages ?? [];
  const sentinelRef = useInfiniteScroll({
    hasMore: hasNextPage && !list.isFetchNextPageError,
    loading: isFetchingNextPage,
    loadMore,
    pages: pages.length,
  });

  if (mustLogIn) return <Navigate to={paths.login} replace />;

  const chooseType = (dataType: GameDataType) => {
    if ((dataType === 'FAV' || dataType === 'RECENT') && !token) {
      void navigate(paths.login);
      return;
    }
    onFilterChange({ dataType });
  };

  const categoryVendors = category ? (vendors.data?.mapping[category] ?? []) : [];
  const shown = pages.reduce((sum, page) => sum + page.games.length, 0);
  const total = pages[0]?.totalCount ?? 0;

  const classification = category !== 'BINGO' && (
    <ClassificationFilter
      vendorCodes={filter.vassalage ? [filter.vassalage] : categoryVendors.map((v) => v.vassalage)}
      selected={filter.classification}
      onSelect={(classification) => onFilterChange({ classification })}
    />
  );

  // Compact filters (issue 18): search, classification and collection share one row, the vendors
  // are one row of small pills, so two rows of games are in the first screen at 360×640.
  return (
    <div className={styles.list}>
      {toolbar && (
        <div className={styles.toolbar}>
          <Link to={searchPath(category)} className={styles.searchBox}>
            <GamesIcon name="search" size={18} />
            <span className={styles.searchText}>{t('games.search')}</span>
          </Link>
          {classification}
          <Link to={gamePaths.favourites} className={styles.collection}>
            <GamesIcon name="heart" size={18} />
            <span className={styles.collectionText}>{t('games.inCollection')}</span>
          </Link>
        </div>
      )}
      <div role="group" aria-label={t('games.dataTypes')} className={styles.chips}>
        {DATA_TYPES.map((dataType) => (
          <button
            key={dataType}
            type="button"
            aria-pressed={filter.dataType === dataType}
            className={styles.chip}
            onClick={() => chooseType(dataType)}
          >
            {t(`games.type_${dataType}`)}
          </button>
        ))}
      </div>
      {vendorSelector && categoryVendors.length > 1 && (
        <VendorSelector
          vendors={categoryVendors}
          selected={filter.vassalage}
          onSelect={(vassalage) => onFilterChange({ vassalage })}
        />
      )}
      {!toolbar && classification}
      {category === 'PVP' && (
        <div role="group" aria-label={t('games.playTypes')} className={styles.chips}>
          {([undefined, ...PLAY_TYPES] as const).map((playType) => (
            <button
              key={playType ?? 'all'}
              type="button"
              aria-pressed={filter.playType === playType}
              className={styles.chip}
              onClick={() => onFilterChange({ playType })}
            >
              {t(`games.play_${playType ?? 'all'}`)}
            </button>
          ))}
        </div>
      )}

      {list.isPending ? (
        <>
          <span role="status" className="visually-hidden">
            {t('games.loading')}
          </span>
          <GameGridSkeleton count={12} />
        </>
      ) : list.isError && pages.length === 0 ? (
        <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : shown === 0 ? (
        <EmptyState>{emptyText ?? t('games.empty')}</EmptyState>
      ) : (
        <>
          <GameGrid
            pages={pages.map((page) => page.games)}
            label={label}
            eagerCount={6}
            {...actions}
          />
          <p className={styles.count} role="status">
            {t('games.shownOf', {
              shown: formatNumber(shown, language),
              total: formatNumber(total, language),
            })}
          </p>
          {list.isFetchNextPageError ? (
            <LoadFailed onRetry={loadMore} retrying={isFetchingNextPage} />
          ) : (
            hasNextPage && (
              <button
                type="button"
                className={layout.moreButton}
                onClick={loadMore}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? t('games.loadingMore') : t('games.loadMore')}
              </button>
            )
          )}
          <div ref={sentinelRef} aria-hidden="true" />
        </>
      )}
    </div>
  );
}

function VendorSelector({
  vendors,
  selected,
  onSelect,
}: {
  vendors: readonly Vendor[];
  selected: string;
  onSelect: (vassalage: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('games.vendors')} className={styles.vendors}>
      <button
        type="button"
        aria-pressed={selected === ''}
        className={styles.vendor}
        onClick={() => onSelect('')}
      >
        <span className={styles.vendorAll} aria-hidden="true">
          <GamesIcon name="grid" size={18} />
        </span>
        <span>{t('games.allVendors')}</span>
      </button>
      {vendors.map((vendor) => (
        <button
          key={vendor.vassalage}
          type="button"
          aria-pressed={selected === vendor.vassalage}
          className={styles.vendor}
          onClick={() => onSelect(vendor.vassalage)}
        >
          <GameImage
            src={vendor.mobileLargeIcon}
            name={vendor.displayName}
            size={24}
            className={styles.vendorIcon}
          />
          <span>{vendor.displayName}</span>
        </button>
      ))}
    </div>
  );
}

/** The classifications some of the vendors listed have games of; hidden when there are < 2. */
function ClassificationFilter({
  vendorCodes,
  selected,
  onSelect,
}: {
  vendorCodes: readonly string[];
  selected: string;
  onSelect: (classification: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const types = useQuery(gameTypesQueryOptions(language));
  const codes = new Set(vendorCodes);
  const options = (types.data?.gameClassify ?? []).filter(
    (entry) =>
      entry.key === selected ||
      codes.size === 0 ||
      entry.vendors.some((vendor) => codes.has(vendor)),
  );
  // A choice the list no longer offers stays visible, so the screen says what is filtered.
  if (selected && !options.some((entry) => entry.key === selected)) {
    options.push({ key: selected, name: selected, vendors: [] });
  }
  if (options.length < 2 && !selected) return null;
  return (
    <div className={styles.classify}>
      {/* Named for screen readers; the select's first option says what it filters. */}
      <label htmlFor={id} className="visually-hidden">
        {t('games.classifications')}
      </label>
      <select id={id} value={selected} onChange={(event) => onSelect(event.target.value)}>
        <option value="">{t('games.allClassifications')}</option>
        {options.map((entry) => (
          <option key={entry.key} value={entry.key}>
            {entry.name}
          </option>
        ))}
      </select>
    </div>
  );
}
