/**
 * A picture the server drew with its words written over it here, as real text in the player's
 * language and the site's font: the server's pictures hold no text (a browser looks fonts up on
 * its main thread to draw text in an SVG image, and a phone without a Bengali font drew boxes).
 * The operator's own pictures (caption null) carry their own words and are shown as they are.
 */
import type { Caption } from '@khela/contract/content';
import type { ReactNode } from 'react';
import styles from './captioned-art.module.css';

export function CaptionedArt({
  caption,
  children,
  headingLevel,
  hideCaption = false,
  className,
}: {
  caption: Caption | null;
  /** The picture. */
  children: ReactNode;
  /** The headline as a heading of this level (a page's title), else plain text. */
  headingLevel?: 2;
  /** When the picture's alt already says the headline, assistive technology hears it once. */
  hideCaption?: boolean;
  className?: string;
}) {
  const Headline = headingLevel ? 'h2' : 'span';
  return (
    <div className={className ? `${styles.art} ${className}` : styles.art}>
      {children}
      {caption && (
        <div className={styles.caption} aria-hidden={hideCaption || undefined}>
          <Headline className={styles.headline}>{caption.headline}</Headline>
          {caption.tagline && (
            <span className={styles.tagline} aria-hidden="true">
              {caption.tagline}
            </span>
          )}
        </div>
      )}
    </div>
  );
}
