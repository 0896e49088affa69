/**
 * While a side panel or modal is open the page behind it must not scroll (spec §4). Locks are
 * counted, so two overlays opening and closing in any order restore the page correctly.
 */
import { useEffect } from 'react';

let locks = 0;
let previousOverflow = '';

export function lockScroll(): () => void {
  if (locks === 0) {
    previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0) document.body.style.overflow = previousOverflow;
  };
}

export function useScrollLock(active: boolean): void {
  useEffect(() => (active ? lockScroll() : undefined), [active]);
}
