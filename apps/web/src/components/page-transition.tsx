/**
 * Each new screen fades and slides in over MOTION.pageTransitionMs (300 ms); with
 * prefers-reduced-motion the theme sets the duration to 0 and the screen simply appears. The
 * screen that takes over the server's first paint appears in place: it is the same picture.
 */
import { MOTION } from '@khela/contract/constants';
import { useState, type CSSProperties, type ReactNode } from 'react';
import { firstPaintShown } from '../lib/first-paint';
import styles from './page-transition.module.css';

export function PageTransition({ id, children }: { id: string; children: ReactNode }) {
  return <Page key={id}>{children}</Page>;
}

function Page({ children }: { children: ReactNode }) {
  const [inPlace] = useState(firstPaintShown);
  return (
    <div
      className={inPlace ? undefined : styles.page}
      style={{ '--page-transition-duration': `${MOTION.pageTransitionMs}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}
