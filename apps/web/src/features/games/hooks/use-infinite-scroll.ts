/**
 * Loads the next page when the end of a list comes within 300 px of the screen, at most once a
 * second (spec §2, §9). A sentinel after the list is watched; after each page it is watched
 * anew, so a page too short to fill the screen still leads to the next one.
 */
import { MOTION, THROTTLE_MS } from '@khela/contract/constants';
import { useEffect, useRef } from 'react';

interface InfiniteScroll {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
  /** Pages loaded so far: a new page re-checks the sentinel. */
  pages: number;
}

export function useInfiniteScroll({ hasMore, loading, loadMore, pages }: InfiniteScroll) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const lastLoadAt = useRef(0);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      lastLoadAt.current = Date.now();
      loadMore();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        clearTimeout(timer);
        if (!entries.some((entry) => entry.isIntersecting)) return;
        const wait = lastLoadAt.current + THROTTLE_MS.infiniteScroll - Date.now();
        if (wait <= 0) load();
        else timer = setTimeout(load, wait);
      },
      { rootMargin: `0px 0px ${MOTION.infiniteScrollThresholdPx}px 0px` },
    );
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hasMore, loading, loadMore, pages]);

  return sentinelRef;
}
