/**
 * A game or vendor icon: square SVG from the image CDN, with its size given so nothing shifts
 * while it loads, decoded off the main thread, lazy below the fold. A broken icon is replaced by
 * a placeholder drawn here (the name's first letter on the card's colours).
 *
 * Lazy means near the screen: the address is set when the icon comes within NEAR of it (one
 * observer for them all). The browser's own lazy loading starts thousands of pixels away, and
 * every SVG icon costs the main thread a document of its own (5 to 20 ms each on a desktop, four
 * times that on a phone): the home page had forty of them loading before anyone scrolled.
 */
import { useEffect, useRef, useState } from 'react';
import { imageUrl } from '../../../lib/image-url';
import styles from './game-image.module.css';

const NEAR = '200px';
const waiting = new Map<Element, () => void>();
let observer: { instance: IntersectionObserver; of: typeof IntersectionObserver } | undefined;

/** Calls `onNear` once `element` is within NEAR of the screen; returns the way to stop waiting. */
function whenNear(element: Element, onNear: () => void): () => void {
  if (observer?.of !== IntersectionObserver) {
    observer = {
      of: IntersectionObserver,
      instance: new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue;
            waiting.get(entry.target)?.();
            waiting.delete(entry.target);
            observer?.instance.unobserve(entry.target);
          }
        },
        { rootMargin: NEAR },
      ),
    };
  }
  const { instance } = observer;
  waiting.set(element, onNear);
  instance.observe(element);
  return () => {
    waiting.delete(element);
    instance.unobserve(element);
  };
}

interface GameImageProps {
  src: string;
  /** The name the placeholder takes its letter from; the image itself is decorative. */
  name: string;
  size?: number;
  /** Above the fold: load at once. */
  eager?: boolean;
  className?: string;
}

export function GameImage({ src, name, size = 120, eager = false, className }: GameImageProps) {
  const [broken, setBroken] = useState(false);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    return whenNear(element, () => setNear(true));
  }, [near]);
  const classes = `${styles.image} ${className ?? ''}`;
  if (broken || !src) {
    return (
      <svg
        className={classes}
        width={size}
        height={size}
        viewBox="0 0 100 100"
        aria-hidden="true"
        focusable="false"
        data-placeholder=""
      >
        <rect width="100" height="100" rx="14" className={styles.placeholderBack} />
        <circle cx="50" cy="50" r="30" className={styles.placeholderRing} />
        <text x="50" y="61" textAnchor="middle" className={styles.placeholderLetter}>
          {[...name.trim()][0]?.toUpperCase() ?? '?'}
        </text>
      </svg>
    );
  }
  return (
    <img
      ref={ref}
      className={classes}
      src={near ? imageUrl(src) : undefined}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
