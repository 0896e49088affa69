/**
 * Each new screen fades and slides in over MOTION.pageTransitionMs (300 ms); with
 * prefers-reduced-motion the theme sets the duration to 0 and the screen simply appears.
 */
import { MOTION } from '@khela/contract/constants';
import type { CSSProperties, ReactNode } from 'react';
import styles from './page-transition.module.css';

export function PageTransition({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div
      key={id}
      className={styles.page}
      style={{ '--page-transition-duration': `${MOTION.pageTransitionMs}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}
