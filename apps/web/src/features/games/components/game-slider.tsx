/**
 * The popular-games slides (spec §2) without a carousel library: a horizontal scroll-snap strip.
 * One row under 6 games, two rows from 6; 3.1 cards show at a time and a swipe moves by 3.
 */
import { CAROUSEL, PAGE_SIZE } from '@khela/contract/constants';
import type { Game } from '@khela/contract/games';
import type { CSSProperties } from 'react';
import { GameCard, GameCardSkeleton, gameCardSkeletons, type GameCardActions } from './game-card';
import styles from './games-layout.module.css';

/** Two rows from this many games. */
export const TWO_ROWS_FROM = PAGE_SIZE.hotGamesFirst;

interface GameSliderProps extends GameCardActions {
  games: readonly Game[];
  favouriteIds: ReadonlySet<string>;
  label: string;
}

export const sliderRows = (count: number) => (count < TWO_ROWS_FROM ? 1 : 2);

const sliderStyle = (rows: number) =>
  ({
    '--slider-rows': rows,
    '--slides-per-view': CAROUSEL.homeSlidesPerView,
  }) as CSSProperties;

export function GameSlider({
  games,
  favouriteIds,
  label,
  onOpen,
  onToggleFavourite,
}: GameSliderProps) {
  const rows = sliderRows(games.length);
  // Cards fill each column top to bottom; a snap point at every 3rd column.
  const perGroup = CAROUSEL.homeSlidesPerGroup * rows;
  return (
    <div role="list" aria-label={label} className={styles.slider} style={sliderStyle(rows)}>
      {games.map((game, index) => (
        <div
          role="listitem"
          key={game.nodeId}
          className={index % perGroup === 0 ? styles.snap : undefined}
        >
          <GameCard
            game={game}
            favourite={favouriteIds.has(game.nodeId)}
            onOpen={onOpen}
            onToggleFavourite={onToggleFavourite}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * A row's placeholder while its games load; `still` while nothing is loading for it yet (a row
 * below the fold waits for the player to scroll near), so a page of waiting rows does not pulse.
 */
export function GameSliderSkeleton({
  rows = 2,
  still = false,
}: {
  rows?: number;
  still?: boolean;
}) {
  return (
    <div
      className={still ? styles.slider : `${styles.slider} ${gameCardSkeletons}`}
      style={sliderStyle(rows)}
      aria-hidden="true"
    >
      {Array.from({ length: rows * 4 }, (_, i) => (
        <GameCardSkeleton key={i} />
      ))}
    </div>
  );
}
