/** Its children mount a few frames after the screen's first paint (see useMountLater). */
import type { ReactNode } from 'react';
import { useMountLater } from '../hooks/use-mount-later';

export function MountLater({
  children,
  fallback = null,
  defer = true,
}: {
  children: ReactNode;
  /** What stands in meanwhile (a box of the same size, say). */
  fallback?: ReactNode;
  /** False: mount at once. */
  defer?: boolean;
}) {
  return useMountLater(defer) ? children : fallback;
}
