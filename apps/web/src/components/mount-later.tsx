/** Its children mount a few frames after the screen's first paint (see useMountLater). */
import type { ReactNode } from 'react';
import { useMountLater } from '../hooks/use-mount-later';

export function MountLater({
  children,
  fallback = null,
}: {
  children: ReactNode;
  /** What stands in meanwhile (a box of the same size, say). */
  fallback?: ReactNode;
}) {
  return useMountLater() ? children : fallback;
}
