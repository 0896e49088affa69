/**
 * The winner board (spec §2, §9): up to 20 recent big wins by amount, each with its rank, game
 * icon and name, the masked customer name, the amount with the site's currency symbol and a
 * play-now button. Above 5 entries it scrolls by itself (a second, inert copy of the list makes
 * the loop seamless), pausing on touch, hover, focus or the pause button, and not at all for
 * players who ask for reduced motion. Reloads 250 ms after the language changes.
 * Loaded lazily when the player scrolls near it.
 */
import { formatNumber } from '@khela/contract/amount';
import { DEBOUNCE_MS, WINNER_BOARD_AUTOSCROLL_ABOVE } from '@khela/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { winnersQueryOptions } from '../api/catalogue';
import type { Winner } from '../api/guards';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useOpenGame } from '../hooks/use-open-game';
import { GameImage } from './game-image';
import { GamesIcon } from './games-icons';
import { LoadFailed } from '../../../components/load-state';
import layout from './games-layout.module.css';
import styles from './winner-board.module.css';
import '../../../locales/games';

/** Seconds each entry takes to pass, so a long board does not race. */
const SECONDS_PER_ENTRY = 2.5;

export function WinnerBoard({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const language = useDebouncedValue(useLanguage(), DEBOUNCE_MS.dataOnLanguageChange);
  const winners = useQuery(winnersQueryOptions(language));
  // The rows (twice over when the board scrolls) render in a transition's short slices once the
  // answer is in, not in one task with it: the skeleton stays a moment longer meanwhile.
  const shown = useDeferredValue(winners.data);
  const [paused, setPaused] = useState(false);
  const entries = shown ?? [];
  const scrolling = entries.length > WINNER_BOARD_AUTOSCROLL_ABOVE;

  return (
    <section aria-labelledby={titleId} className={`${layout.section} ${styles.board}`}>
      <div className={layout.sectionHead}>
        <h2 id={titleId} className={layout.sectionTitle}>
          {t('games.winners')}
        </h2>
        {scrolling && (
          <button
            type="button"
            className={styles.pause}
            aria-pressed={paused}
            aria-label={t('games.pauseWinners')}
            onClick={() => setPaused((value) => !value)}
          >
            <GamesIcon name={paused ? 'play' : 'pause'} size={16} />
          </button>
        )}
      </div>
      <div className={styles.viewport}>
        {winners.isError ? (
          <LoadFailed onRetry={() => void winners.refetch()} retrying={winners.isFetching} />
        ) : shown === undefined ? (
          <ol className={styles.list} aria-hidden="true">
            {Array.from({ length: WINNER_BOARD_AUTOSCROLL_ABOVE }, (_, i) => (
              <li key={i} className={`${styles.row} ${styles.skeleton}`} />
            ))}
          </ol>
        ) : (
          <div
            className={scrolling ? styles.track : undefined}
            data-paused={paused || undefined}
            style={{ '--loop-seconds': entries.length * SECONDS_PER_ENTRY } as CSSProperties}
          >
            <WinnerList
              entries={entries}
              currencySymbol={currencySymbol}
              label={t('games.winners')}
            />
            {scrolling && (
              // The loop's second half: seen, never read or focused.
              <div inert aria-hidden="true">
                <WinnerList entries={entries} currencySymbol={currencySymbol} />
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function WinnerList({
  entries,
  currencySymbol,
  label,
}: {
  entries: readonly Winner[];
  currencySymbol: string;
  label?: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const openGame = useOpenGame();
  return (
    <ol className={styles.list} aria-label={label}>
      {entries.map((entry, index) => (
        <li key={index} className={styles.row}>
          {/* The ordered list gives readers the rank. */}
          <span className={styles.rank} aria-hidden="true">
            {formatNumber(index + 1, language)}
          </span>
          <GameImage src={entry.iconUrl} name={entry.gameName} size={40} className={styles.icon} />
          <span className={styles.text}>
            <span className={styles.game}>{entry.gameName}</span>
            {/* The amount never shrinks; the name gives way first. */}
            <span className={styles.line}>
              <span className={styles.who}>
                {entry.customerName} {t('games.winnerWon')}
              </span>{' '}
              <strong className={styles.amount}>
                {currencySymbol}
                {formatNumber(entry.winAmount, language, 2)}
              </strong>
            </span>
          </span>
          <button
            type="button"
            className={styles.play}
            aria-label={t('games.playNowGame', { game: entry.gameName })}
            onClick={() => openGame({ nodeId: entry.nodeId, gameName: entry.gameName })}
          >
            {t('games.playNow')}
          </button>
        </li>
      ))}
    </ol>
  );
}
