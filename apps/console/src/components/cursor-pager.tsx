/**
 * Newest-first lists walked by cursor (audit trail, registered players): the pages seen so far
 * are a stack of `before` cursors, so "newer" goes back one page and "older" follows the
 * server's `nextBefore`. A change of `filterKey` (new filters, another date range) starts again
 * from the newest page: an old cursor would mean nothing under other filters.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CursorPages {
  /** The cursor of the page shown; undefined for the newest page. */
  before: string | undefined;
  newer: (() => void) | undefined;
  older: (nextBefore: string) => void;
  /** Back to the newest page (a search run again). */
  reset: () => void;
}

export function useCursorPages(filterKey: string): CursorPages {
  const [state, setState] = useState<{ key: string; cursors: string[] }>({
    key: filterKey,
    cursors: [],
  });
  const cursors = state.key === filterKey ? state.cursors : [];
  return {
    before: cursors[cursors.length - 1],
    newer:
      cursors.length > 0
        ? () => setState({ key: filterKey, cursors: cursors.slice(0, -1) })
        : undefined,
    older: (nextBefore) => setState({ key: filterKey, cursors: [...cursors, nextBefore] }),
    reset: () => setState({ key: filterKey, cursors: [] }),
  };
}

export function CursorPager({
  pages,
  nextBefore,
}: {
  pages: CursorPages;
  nextBefore: string | null | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="row">
      <button type="button" disabled={!pages.newer} onClick={pages.newer}>
        {t('common.newer')}
      </button>
      <button
        type="button"
        disabled={!nextBefore}
        onClick={() => nextBefore && pages.older(nextBefore)}
      >
        {t('common.older')}
      </button>
    </div>
  );
}
