/**
 * A game card: the icon and name open the game; the heart adds or removes it from favourites
 * (a toggle button named after the game), and so does holding the card 370 ms (the spec's long
 * press; the heart stays the way for keyboards and screen readers). The frame takes one of the 8 card themes by a stable
 * hash of the nodeId. Memoised: long grids re-render only the cards that changed.
 */
import type { Game } from '@khela/contract/games';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGesture } from '../../../lib/use-gesture';
import { cardTheme } from '../utils/card-theme';
import { GameImage } from './game-image';
import { GamesIcon } from './games-icons';
import styles from './game-card.module.css';
import '../../../locales/games';

export interface GameCardActions {
  onOpen: (game: Game) => void;
  onToggleFavourite: (game: Game) => void;
}

interface GameCardProps extends GameCardActions {
  game: Game;
  favourite: boolean;
  eager?: boolean;
}

export const GameCard = memo(function GameCard({
  game,
  favourite,
  eager,
  onOpen,
  onToggleFavourite,
}: GameCardProps) {
  const { t } = useTranslation();
  const press = useGesture({ onLongPress: () => onToggleFavourite(game) });
  return (
    <div className={styles.card} data-theme={cardTheme(game.nodeId)}>
      <button type="button" className={styles.open} {...press} onClick={() => onOpen(game)}>
        <span className={styles.frame}>
          <GameImage src={game.iconUrl} name={game.gameName} eager={eager} />
          {game.isNew && (
            <span className={styles.badge} aria-hidden="true">
              {t('games.newBadge')}
            </span>
          )}
        </span>
        <span className={styles.name}>{game.gameName}</span>
      </button>
      <button
        type="button"
        className={styles.favourite}
        aria-pressed={favourite}
        aria-label={t('games.favourite', { game: game.gameName })}
        onClick={() => onToggleFavourite(game)}
      >
        <GamesIcon name="heart" size={18} filled={favourite} />
      </button>
    </div>
  );
});

/** The class of a list of GameCardSkeleton: it pulses them as one. */
export const gameCardSkeletons = styles.skeletons;

/** The same box as a card, while the games load (in a list with the class gameCardSkeletons). */
export function GameCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.open}>
        <span className={`${styles.frame} ${styles.skeletonBox}`} />
        <span className={styles.name}>
          <span className={styles.skeletonText} />
        </span>
      </div>
    </div>
  );
}
