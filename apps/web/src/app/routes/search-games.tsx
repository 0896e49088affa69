/**
 * /m/search-games?gameType=: search by game name in English or Bengali (the server matches
 * both), 500 ms after the player stops typing, within the category `gameType` names if any.
 * Quick filters and classification work on the results; a new search sets the type to all.
 * Before anything is typed, the popular games (of that category) are offered.
 */
import { DEBOUNCE_MS } from '@khela/contract/constants';
import { GAME_SEARCH_MAX } from '@khela/contract/games';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GameList } from '../../features/games/components/game-list';
import { GamesIcon } from '../../features/games/components/games-icons';
import { PopularGames } from '../../features/games/components/popular-games';
import { EmptyState } from '../../components/load-state';
import { useDebouncedValue } from '../../features/games/hooks/use-debounced-value';
import { isGameCategory } from '../../lib/game-categories';
import { changeFilter, DEFAULT_FILTER, type GameFilter } from '../../lib/game-filter';
import styles from './search-games.module.css';

export function Component() {
  const { t } = useTranslation();
  const inputId = useId();
  const [params] = useSearchParams();
  const gameType = params.get('gameType');
  const category = isGameCategory(gameType) ? gameType : undefined;
  const [text, setText] = useState('');
  const gameName = useDebouncedValue(text.trim(), DEBOUNCE_MS.search);
  const [filter, setFilter] = useState<GameFilter>(DEFAULT_FILTER);
  // The debounced text joins the filter as a change, so the spec's rule (type back to all) holds.
  if (filter.gameName !== gameName) setFilter(changeFilter(filter, { gameName }));

  return (
    <div className={styles.search}>
      <div className={styles.field}>
        <label htmlFor={inputId} className="visually-hidden">
          {t('games.searchLabel')}
        </label>
        <GamesIcon name="search" size={18} />
        <input
          id={inputId}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={GAME_SEARCH_MAX}
          placeholder={t('games.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {filter.gameName === '' ? (
        <>
          <EmptyState>{t('games.searchHint')}</EmptyState>
          <PopularGames category={category} />
        </>
      ) : (
        <GameList
          category={category}
          filter={filter}
          onFilterChange={(change) => setFilter((current) => changeFilter(current, change))}
          label={t('games.search')}
          toolbar={false}
          vendorSelector={category !== undefined}
          emptyText={t('games.searchEmpty', { text: filter.gameName })}
        />
      )}
    </div>
  );
}
