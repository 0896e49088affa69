/**
 * Games in a grid. Pages of a long list are blocks with `content-visibility: auto`: the browser
 * skips layout and paint of the blocks off screen, so hundreds of cards stay smooth on a low-end
 * phone while every card stays in the page (find in page, screen readers, and no scroll jumps
 * that a virtual list brings). The blocks are plain wrappers inside one list.
 */
import type { Game } from '@khela/contract/games';
import { GameCard, GameCardSkeleton, gameCardSkeletons, type GameCardActions } from './game-card';
import styles from './games-layout.module.css';

interface GameGridProps extends GameCardActions {
  /** One array per loaded page (a single page for short lists). */
  pages: readonly (readonly Game[])[];
  favouriteIds: ReadonlySet<string>;
  label: string;
  /** How many of the first cards load their icon at once (above the fold). */
  eagerCount?: number;
}

export function GameGrid({
  pages,
  favouriteIds,
  label,
  eagerCount = 0,
  onOpen,
  onToggleFavourite,
}: GameGridProps) {
  let index = 0;
  return (
    <div role="list" aria-label={label} className={styles.gridList}>
      {pages.map((games, page) => (
        <div key={page} className={pages.length > 1 ? styles.gridPage : styles.grid}>
          {games.map((game) => (
            <div role="listitem" key={game.nodeId}>
              <GameCard
                game={game}
                favourite={favouriteIds.has(game.nodeId)}
                eager={index++ < eagerCount}
                onOpen={onOpen}
                onToggleFavourite={onToggleFavourite}
              />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** Placeholder cards in the grid's own layout, so the real ones take their place exactly. */
export function GameGridSkeleton({ count }: { count: number }) {
  return (
    <div className={`${styles.grid} ${gameCardSkeletons}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <GameCardSkeleton key={i} />
      ))}
    </div>
  );
}
