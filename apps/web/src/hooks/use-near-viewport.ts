/**
 * True once an element comes within `margin` of the screen, and from then on: sections below
 * the fold load their code and data only when the player scrolls towards them. Without
 * IntersectionObserver (very old browsers) everything counts as near.
 */
import { useEffect, useRef, useState } from 'react';

export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
