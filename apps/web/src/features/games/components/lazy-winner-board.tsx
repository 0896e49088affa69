/**
 * The winner board's place on the home page: its height is kept from the start (no layout
 * shift) and its code and data load only when the player scrolls near it, keeping them off the
 * home page's first render.
 */
import { lazy, Suspense } from 'react';
import { useNearViewport } from '../../../hooks/use-near-viewport';
import styles from './lazy-winner-board.module.css';

const WinnerBoard = lazy(() => import('./winner-board').then((m) => ({ default: m.WinnerBoard })));

export function LazyWinnerBoard({ currencySymbol }: { currencySymbol: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>('400px');
  return (
    <div ref={ref} className={styles.slot}>
      {near && (
        <Suspense fallback={null}>
          <WinnerBoard currencySymbol={currencySymbol} />
        </Suspense>
      )}
    </div>
  );
}
