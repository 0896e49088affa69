/**
 * The home game area, shown while HOT is chosen (spec §2): the member's favourites, hot games
 * (6, then all after "Show more"), the slot shortcuts and rows of JILI, FC and PGE, rows of
 * slots, bingo and fish, the sports vendors and the provider picker. Rows below the fold ask for
 * their games only when the player scrolls near them; everything after the hot games mounts a
 * row a frame after the first paint (MountLater).
 */
import { PAGE_SIZE } from '@khela/contract/constants';
import type { GameCategory, Vendor, VendorsAnswer } from '@khela/contract/games';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_VENDOR_ROWS, LIST_EXCLUDED_CATEGORIES } from '@khela/contract/game-categories';
import { categoryName, categoryPath } from '../../../lib/game-categories';
import { DEFAULT_FILTER } from '../../../lib/game-filter';
import { useLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';
import { useHotGames, useVendors } from '../api/catalogue';
import { favouriteListQueryOptions } from '../api/favourites';
import { gameRowQueryOptions, type GameListScope } from '../api/game-rows';
import { useGameActions } from '../hooks/use-game-actions';
import { MountLater } from '../../../components/mount-later';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import { gamePaths, providerPath, slotsOfVendorPath } from '../utils/paths';
import type { GameCardActions } from './game-card';
import { GameGrid, GameGridSkeleton } from './game-grid';
import { GameImage } from './game-image';
import { GameSection } from './game-section';
import { GameSlider, GameSliderSkeleton } from './game-slider';
import { EmptyState, LoadFailed } from '../../../components/load-state';
import { VendorTiles, VendorTilesSkeleton } from './vendor-tiles';
import layout from './games-layout.module.css';
import styles from './home-games.module.css';
import '../../../locales/games';

/** Games in each home row: three groups of six. */
export const HOME_ROW_SIZE = 18;

const CATEGORY_ROWS: readonly GameCategory[] = ['RNG', 'BINGO', 'FISH'];

type Actions = GameCardActions & { favouriteIds: ReadonlySet<string> };

export function HomeGames() {
  const { t } = useTranslation();
  const language = useLanguage();
  const vendors = useVendors();
  const actions = useGameActions();
  const loggedIn = useSessionStore((state) => state.session !== null);
  const data = vendors.data;
  const vendorByCode = new Map(
    Object.values(data?.mapping ?? {})
      .flat()
      .map((vendor) => [vendor.vassalage, vendor]),
  );
  const rowVendors = HOME_VENDOR_ROWS.flatMap((code) => vendorByCode.get(code) ?? []);
  const categories = new Set(data?.sorting.map((entry) => entry.gameCategory));

  return (
    <div className={styles.area}>
      {loggedIn && <FavouritesRow actions={actions} />}
      <HotGames actions={actions} />
      {vendors.isError ? (
        <LoadFailed onRetry={() => void vendors.refetch()} retrying={vendors.isFetching} />
      ) : (
        <>
          <MountLater>
            {data ? (
              rowVendors.length > 0 && <SlotShortcuts vendors={rowVendors} />
            ) : (
              <VendorTilesSkeleton count={3} compact />
            )}
          </MountLater>
          {rowVendors.map((vendor) => (
            <MountLater key={vendor.vassalage}>
              <LazyGameRow
                title={vendor.displayName}
                seeAll={providerPath(vendor.vassalage)}
                scope={{ filter: { ...DEFAULT_FILTER, vassalage: vendor.vassalage } }}
                actions={actions}
              />
            </MountLater>
          ))}
          {CATEGORY_ROWS.filter((category) => categories.has(category)).map((category) => (
            <MountLater key={category}>
              <LazyGameRow
                title={categoryName(category, language)}
                seeAll={categoryPath(category)}
                scope={{ category, filter: DEFAULT_FILTER }}
                actions={actions}
              />
            </MountLater>
          ))}
          {(data?.mapping.SPORTS?.length ?? 0) > 0 && (
            <MountLater>
              <GameSection title={categoryName('SPORTS', language)} seeAll={categoryPath('SPORTS')}>
                <VendorTiles
                  vendors={data?.mapping.SPORTS ?? []}
                  label={categoryName('SPORTS', language)}
                />
              </GameSection>
            </MountLater>
          )}
          <MountLater>
            <GameSection title={t('games.providers')} seeAll={gamePaths.provider}>
              {data ? (
                <VendorTiles
                  vendors={pickerVendors(data)}
                  label={t('games.providerPicker')}
                  compact
                />
              ) : (
                <VendorTilesSkeleton count={8} compact />
              )}
            </GameSection>
          </MountLater>
        </>
      )}
    </div>
  );
}

/** Every vendor once, in menu order, without the lottery, e-lottery and sports ones. */
export function pickerVendors(data: VendorsAnswer): Vendor[] {
  const seen = new Set<string>();
  const picked: Vendor[] = [];
  for (const { gameCategory } of data.sorting) {
    if (LIST_EXCLUDED_CATEGORIES.includes(gameCategory)) continue;
    for (const vendor of data.mapping[gameCategory] ?? []) {
      if (seen.has(vendor.vassalage)) continue;
      seen.add(vendor.vassalage);
      picked.push(vendor);
    }
  }
  return picked;
}

function FavouritesRow({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const token = useSessionStore((state) => state.session?.token ?? '');
  const favourites = useQuery(
    favouriteListQueryOptions(token, language, PAGE_SIZE.favouritesOnHome),
  );
  const title = t('games.favourites');
  return (
    <GameSection title={title} seeAll={gamePaths.favourites}>
      {favourites.isPending ? (
        <GameSliderSkeleton rows={1} />
      ) : favourites.isError ? (
        <LoadFailed onRetry={() => void favourites.refetch()} retrying={favourites.isFetching} />
      ) : favourites.data.content.length === 0 ? (
        <p className={styles.hint}>{t('games.favouritesEmpty')}</p>
      ) : (
        <GameSlider games={favourites.data.content} label={title} {...actions} />
      )}
    </GameSection>
  );
}

function HotGames({ actions }: { actions: Actions }) {
  const { t } = useTranslation();
  const hot = useHotGames();
  const [showAll, setShowAll] = useState(false);
  const title = t('games.hotGames');
  const games = hot.data ?? [];
  const shown = showAll ? games : games.slice(0, PAGE_SIZE.hotGamesFirst);
  return (
    <GameSection title={title} seeAll={gamePaths.hotGames}>
      {hot.isPending ? (
        <GameGridSkeleton count={PAGE_SIZE.hotGamesFirst} />
      ) : hot.isError ? (
        <LoadFailed onRetry={() => void hot.refetch()} retrying={hot.isFetching} />
      ) : games.length === 0 ? (
        <EmptyState>{t('games.empty')}</EmptyState>
      ) : (
        <>
          <GameGrid pages={[shown]} label={title} eagerCount={3} {...actions} />
          {!showAll && games.length > shown.length && (
            <button type="button" className={layout.moreButton} onClick={() => setShowAll(true)}>
              {t('games.showMore')}
            </button>
          )}
        </>
      )}
    </GameSection>
  );
}

/** JILI, FC and PGE open the slots page with that vendor chosen and every data type. */
function SlotShortcuts({ vendors }: { vendors: readonly Vendor[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('games.slotShortcuts')}>
      <ul className={styles.shortcuts}>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link to={slotsOfVendorPath(vendor.vassalage)} className={styles.shortcut}>
              <GameImage
                src={vendor.mobileLargeIcon}
                name={vendor.displayName}
                size={40}
                className={styles.shortcutIcon}
              />
              <span>{t('games.slotShortcut', { vendor: vendor.displayName })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface LazyGameRowProps {
  title: string;
  seeAll: string;
  scope: Omit<GameListScope, 'pageSize'>;
  actions: Actions;
}

function LazyGameRow({ title, seeAll, scope, actions }: LazyGameRowProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const row = useQuery({
    ...gameRowQueryOptions({ ...scope, pageSize: HOME_ROW_SIZE }, language),
    enabled: near,
  });
  return (
    <div ref={ref}>
      <GameSection title={title} seeAll={seeAll}>
        {row.isError ? (
          <LoadFailed onRetry={() => void row.refetch()} retrying={row.isFetching} />
        ) : !row.data ? (
          <GameSliderSkeleton still={!near} />
        ) : row.data.games.length === 0 ? (
          <EmptyState>{t('games.empty')}</EmptyState>
        ) : (
          <GameSlider games={row.data.games} label={title} {...actions} />
        )}
      </GameSection>
    </div>
  );
}
