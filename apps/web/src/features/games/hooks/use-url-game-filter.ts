/**
 * A game list's filter kept in the page address (`?vassalage=&type=&classify=&play=`), so a category
 * page opened with `?vassalage=JILI` starts on that vendor, and back and forward keep the
 * player's filters. Changes go through `changeFilter` (the spec's rules) and replace the entry.
 */
import { PLAY_TYPES } from '@khela/contract/game-categories';
import type { GameDataType } from '@khela/contract/games';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeFilter, DEFAULT_FILTER, type GameFilter } from '../../../lib/game-filter';

const DATA_TYPES: readonly string[] = ['ALL', 'FAV', 'HOT', 'RECENT', 'NEW'];

const isDataType = (value: string | null): value is GameDataType =>
  value !== null && DATA_TYPES.includes(value);

export function filterFromParams(params: URLSearchParams): GameFilter {
  const type = params.get('type');
  return {
    ...DEFAULT_FILTER,
    vassalage: params.get('vassalage') ?? '',
    dataType: isDataType(type) ? type : 'ALL',
    classification: params.get('classify') ?? '',
    playType: PLAY_TYPES.find((playType) => playType === params.get('play')),
  };
}

function writeFilter(params: URLSearchParams, filter: GameFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string, empty: string) => {
    if (value === empty) next.delete(key);
    else next.set(key, value);
  };
  set('vassalage', filter.vassalage, '');
  set('type', filter.dataType, 'ALL');
  set('classify', filter.classification, '');
  set('play', filter.playType ?? '', '');
  return next;
}

export function useUrlGameFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const onFilterChange = useCallback(
    (change: Partial<GameFilter>) =>
      setParams(
        (current) => writeFilter(current, changeFilter(filterFromParams(current), change)),
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [filter, onFilterChange] as const;
}
