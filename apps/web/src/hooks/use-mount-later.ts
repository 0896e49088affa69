/**
 * Parts of a screen that can wait (below the fold, closed dialogs, floating widgets) mount after
 * its first paint, one per frame in the order they asked, so that no single task is long on a
 * slow phone: the first screen paints sooner and a tap is answered between the steps. Every part
 * is in the page a few frames later, for readers, find in page and tests alike.
 */
import { startTransition, useEffect, useState } from 'react';

const queue: Array<() => void> = [];
let stepping = false;

/**
 * Runs `callback` once the next frame has rendered, so each step gets a frame of its own; or
 * after FRAME_WAIT_MS when no frame comes (a hidden tab draws none), so the page still fills.
 */
const FRAME_WAIT_MS = 100;

function afterNextFrame(callback: () => void) {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    callback();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, FRAME_WAIT_MS);
}

function step() {
  const next = queue.shift();
  if (!next) {
    stepping = false;
    return;
  }
  next();
  afterNextFrame(step);
}

/**
 * False on the first render; true once the parts that asked before this one have mounted. With
 * `defer` false, true at once.
 */
export function useMountLater(defer = true): boolean {
  const [ready, setReady] = useState(!defer);
  useEffect(() => {
    if (ready) return;
    // A transition: React renders the part in slices of a few milliseconds, yielding to the
    // browser between them, instead of one task as long as the part's whole render.
    const mount = () => startTransition(() => setReady(true));
    queue.push(mount);
    if (!stepping) {
      stepping = true;
      afterNextFrame(step);
    }
    return () => {
      const index = queue.indexOf(mount);
      if (index >= 0) queue.splice(index, 1);
    };
  }, [ready]);
  return ready;
}
