/**
 * A game or vendor icon: square SVG from the image CDN, with its size given so nothing shifts
 * while it loads, decoded off the main thread, lazy below the fold. A broken icon is replaced by
 * a placeholder drawn here (the name's first letter on the card's colours).
 */
import { useState } from 'react';
import { imageUrl } from '../../../lib/image-url';
import styles from './game-image.module.css';

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
      className={classes}
      src={imageUrl(src)}
      alt=""
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}
