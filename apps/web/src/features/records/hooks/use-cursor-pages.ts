/**
 * Page numbers over the server's cursors: page n is asked for with the cursor page n − 1 gave.
 * Pages become known as they are reached (the server never counts the ledger), so the control
 * shows the pages seen so far plus the next one while there is more. A new filter starts over.
 */
import { useCallback, useEffect, useState } from 'react';

interface State {
  filterKey: string;
  page: number;
  /** cursors[n - 1] opens page n; the first page has none. */
  cursors: (string | undefined)[];
}

export type CursorPages = ReturnType<typeof useCursorPages>;

export function useCursorPages(filterKey: string) {
  const [state, setState] = useState<State>({ filterKey, page: 1, cursors: [undefined] });
  let current = state;
  if (state.filterKey !== filterKey) {
    current = { filterKey, page: 1, cursors: [undefined] };
    setState(current);
  }
  const goTo = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  /** Records what page `page` said comes after it. */
  const learn = useCallback(
    (page: number, nextCursor: string | null) =>
      setState((s) =>
        nextCursor && s.cursors.length === page && s.filterKey === filterKey
          ? { ...s, cursors: [...s.cursors, nextCursor] }
          : s,
      ),
    [filterKey],
  );
  return {
    page: current.page,
    cursor: current.cursors[current.page - 1],
    totalPages: current.cursors.length,
    goTo,
    learn,
  };
}

/** Learns from each page the query answers (a placeholder page says nothing) what comes next. */
export function useLearnNextCursor(
  { page, learn }: Pick<CursorPages, 'page' | 'learn'>,
  { data, isPlaceholderData }: { data?: { nextCursor: string | null }; isPlaceholderData: boolean },
) {
  useEffect(() => {
    if (data && !isPlaceholderData) learn(page, data.nextCursor);
  }, [data, isPlaceholderData, learn, page]);
}
