/**
 * The banner carousel (spec §2): with more than one banner it loops, plays every 4000 ms and
 * moves in 600 ms; a banner whose image fails is hidden. The gallery (the category pages' and the
 * registration screen's banners) is the same carousel playing every 8000 ms (spec §9). Built on a
 * scrolling track (no carousel library on the home page's budget): the slides follow the finger,
 * and a horizontal move of 60 px or more is a swipe to the next or previous banner, less springs
 * back (lib/use-gesture, the spec's threshold); a copy of the last slide before the first and of
 * the first after the last make the loop seamless. The box keeps
 * the pictures' 5:2 shape while loading, so nothing below it moves, and the first picture (likely
 * the largest paint) is fetched first and never lazily.
 */
import { LoadFailed } from '../../../components/load-state';
import type { Banner } from '@khela/contract/content';
import { CAROUSEL } from '@khela/contract/constants';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { firstPaintImage } from '../../../lib/first-paint';
import { imageUrl } from '../../../lib/image-url';
import { useGesture } from '../../../lib/use-gesture';
import { HOME_BANNER_GROUP } from '@khela/contract/home';
import { bannersOf, BANNER_TYPES, useAnnouncements } from '../api/get-announcements';
import { CaptionedArt } from './captioned-art';
import { ContentLink } from './content-link';
import styles from './banner-carousel.module.css';
import type { ContentType } from '@khela/contract/content';

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function BannerCarousel({
  groupName = HOME_BANNER_GROUP,
  types = BANNER_TYPES,
  autoplayMs = CAROUSEL.bannerAutoplayMs,
  optional = false,
}: {
  groupName?: string;
  types?: readonly ContentType[];
  /** CAROUSEL.bannerAutoplayMs for the home banners, CAROUSEL.galleryAutoplayMs for a gallery. */
  autoplayMs?: number;
  /** A page's extra (a gallery): when its call fails, nothing is shown rather than a retry. */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const query = useAnnouncements(types, groupName);
  const [broken, setBroken] = useState<ReadonlySet<number>>(() => new Set());
  const onBroken = useCallback(
    (id: number) => setBroken((previous) => new Set(previous).add(id)),
    [],
  );

  // When the list arrives, the slides mount in a transition's short slices, not in one task with
  // it; the box (with the first paint's picture) stays a moment longer meanwhile.
  const data = useDeferredValue(query.data);

  if (query.isError) {
    if (optional) return null;
    return (
      <div className={styles.placeholder}>
        <LoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </div>
    );
  }
  if (data === undefined) {
    // The server's first paint showed the first banner: it stays while the list loads.
    const still = groupName === HOME_BANNER_GROUP ? firstPaintImage : undefined;
    return (
      <div
        className={still ? `${styles.placeholder} ${styles.still}` : styles.placeholder}
        role="status"
        aria-busy="true"
      >
        <span className="visually-hidden">{t('content.loading')}</span>
        {still && <img src={still} alt="" width={750} height={300} />}
      </div>
    );
  }
  const banners = bannersOf(data).filter((banner) => !broken.has(banner.id));
  if (banners.length === 0) return null;
  return <Slides banners={banners} onBroken={onBroken} autoplayMs={autoplayMs} />;
}

/**
 * A gallery of banners: the group's banners playing every 8000 ms (spec §9). Nothing (no box)
 * when the group has none, so a page without banners does not keep an empty space.
 */
export function BannerGallery({ groupName }: { groupName: string }) {
  return (
    <div className={styles.gallery}>
      <BannerCarousel
        groupName={groupName}
        types={GALLERY_TYPES}
        autoplayMs={CAROUSEL.galleryAutoplayMs}
        optional
      />
    </div>
  );
}

const GALLERY_TYPES: readonly ContentType[] = ['B'];

function Slides({
  banners,
  onBroken,
  autoplayMs,
}: {
  banners: Banner[];
  onBroken: (id: number) => void;
  autoplayMs: number;
}) {
  const { t } = useTranslation();
  const count = banners.length;
  const loop = count > 1;
  // With the loop: [last copy, ...banners, first copy]; real slide i sits in slot i + 1.
  const slots = loop ? [banners[count - 1]!, ...banners, banners[0]!] : banners;
  const offset = loop ? 1 : 0;
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const animating = useRef(false);
  /** Ends the slide under way at once (its end state in place); undefined when none is. */
  const finishSlide = useRef<(() => void) | undefined>(undefined);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef({ pointer: false, hover: false, focus: false });
  const section = useRef<HTMLElement>(null);
  const onScreen = useRef(true);
  /** How far the finger has dragged the slides (px, negative to the left); 0 when not. */
  const dragged = useRef(0);

  const slidesOf = (element: HTMLElement) =>
    [...element.children].filter((child): child is HTMLElement => child instanceof HTMLElement);

  const show = (real: number) => {
    indexRef.current = real;
    setIndex(real);
  };

  const jumpTo = useCallback((slot: number) => {
    const element = track.current;
    if (element) element.scrollLeft = slot * element.clientWidth;
  }, []);

  /**
   * Slides the track to `slot` in CAROUSEL.bannerSpeedMs, easing out. The slides move by a CSS
   * transform transition, which the compositor runs: no main-thread work in the frames between
   * (animating scrollLeft from requestAnimationFrame cost a style, layout and paint each frame,
   * every autoplay, on a page that is otherwise idle). At the end the track is scrolled to where
   * the slides show and the transform dropped in the same task, so nothing moves on screen.
   */
  const animateTo = useCallback(
    (slot: number, done?: () => void) => {
      const element = track.current;
      if (!element) return;
      finishSlide.current?.();
      // Where the slides show: the track's position less what the finger dragged them.
      const from = element.scrollLeft - dragged.current;
      const to = slot * element.clientWidth;
      dragged.current = 0;
      if (prefersReducedMotion() || from === to) {
        for (const slide of slidesOf(element)) slide.style.transform = '';
        jumpTo(slot);
        done?.();
        return;
      }
      animating.current = true;
      // Snapping would fight the slide; it comes back when the slide has arrived.
      element.style.scrollSnapType = 'none';
      const slides = slidesOf(element);
      // Set in place first, then moved: the slide starts where the finger left it.
      for (const slide of slides) {
        slide.style.transition = '';
        slide.style.transform = `translateX(${element.scrollLeft - from}px)`;
      }
      void element.offsetWidth;
      for (const slide of slides) {
        slide.style.transition = `transform ${CAROUSEL.bannerSpeedMs}ms cubic-bezier(0.33, 1, 0.68, 1)`;
        slide.style.transform = `translateX(${from - to}px)`;
      }
      const finish = () => {
        clearTimeout(timer);
        finishSlide.current = undefined;
        for (const slide of slides) {
          slide.style.transition = '';
          slide.style.transform = '';
        }
        element.scrollLeft = to;
        element.style.scrollSnapType = '';
        animating.current = false;
        done?.();
      };
      const timer = setTimeout(finish, CAROUSEL.bannerSpeedMs);
      finishSlide.current = finish;
    },
    [jumpTo],
  );

  // Before the first paint (and when a broken banner leaves): the shown slide in place.
  useLayoutEffect(() => {
    const real = Math.min(indexRef.current, count - 1);
    indexRef.current = real;
    setIndex(real);
    jumpTo(real + offset);
  }, [count, offset, jumpTo]);

  // Keep the slide in place when the phone turns or the page resizes.
  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => {
      if (!animating.current) jumpTo(indexRef.current + offset);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [offset, jumpTo]);

  const goTo = useCallback(
    (real: number) => {
      if (real === -1) {
        // Before the first: move onto the copy of the last, then swap to the real last.
        animateTo(0, () => jumpTo(count));
        show(count - 1);
        return;
      }
      if (real === count) {
        // Past the last: move onto the copy of the first, then swap to the real first.
        animateTo(count + 1, () => jumpTo(1));
        show(0);
        return;
      }
      animateTo(real + offset);
      show(real);
    },
    [animateTo, jumpTo, count, offset],
  );

  // Scrolled out of view: no autoplay.
  useEffect(() => {
    const element = section.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => {
      onScreen.current = entry?.isIntersecting ?? true;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!loop || prefersReducedMotion()) return;
    const timer = setInterval(() => {
      const { pointer, hover, focus } = held.current;
      if (pointer || hover || focus || document.hidden || animating.current) return;
      if (!onScreen.current) return;
      goTo(indexRef.current + 1);
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [loop, goTo, autoplayMs]);

  // The spec's swipe: 60 px or more moves one banner, less springs back.
  const gesture = useGesture({
    onDrag: (dx) => {
      const element = track.current;
      if (!element || animating.current || !loop) return;
      dragged.current = dx;
      for (const slide of slidesOf(element)) slide.style.transform = `translateX(${dx}px)`;
    },
    onSwipe: (direction) => {
      if (!loop) return;
      goTo(indexRef.current + (direction === 'left' ? 1 : -1));
    },
    onDragEnd: () => goTo(indexRef.current),
  });

  useEffect(
    () => () => {
      finishSlide.current?.();
      clearTimeout(settle.current);
    },
    [],
  );

  // A swipe or a scroll by the player: when it comes to rest, see where it landed.
  const onScroll = () => {
    if (animating.current) return;
    clearTimeout(settle.current);
    settle.current = setTimeout(() => {
      const element = track.current;
      if (!element || element.clientWidth === 0) return;
      const slot = Math.round(element.scrollLeft / element.clientWidth);
      if (!loop) return show(Math.min(Math.max(slot, 0), count - 1));
      if (slot <= 0) {
        jumpTo(count);
        show(count - 1);
      } else if (slot >= count + 1) {
        jumpTo(1);
        show(0);
      } else {
        show(slot - 1);
      }
    }, 120);
  };

  return (
    <section
      ref={section}
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('content.banners')}
      onPointerEnter={() => (held.current.hover = true)}
      onPointerLeave={() => (held.current.hover = false)}
      onFocus={() => (held.current.focus = true)}
      onBlur={() => (held.current.focus = false)}
    >
      <div
        ref={track}
        className={styles.track}
        onScroll={onScroll}
        onClickCapture={gesture.onClickCapture}
        onPointerMove={gesture.onPointerMove}
        onPointerDown={(event) => {
          held.current.pointer = true;
          gesture.onPointerDown(event);
        }}
        onPointerUp={(event) => {
          held.current.pointer = false;
          gesture.onPointerUp(event);
        }}
        onPointerCancel={(event) => {
          held.current.pointer = false;
          gesture.onPointerCancel(event);
        }}
      >
        {slots.map((banner, slot) => {
          const copy = loop && (slot === 0 || slot === count + 1);
          const first = slot === offset;
          const real = slot - offset;
          return (
            <div
              key={copy ? `copy-${slot}` : banner.id}
              className={styles.slide}
              role={copy ? undefined : 'group'}
              aria-roledescription={copy ? undefined : 'slide'}
              aria-label={copy ? undefined : t('content.bannerSlide', { index: real + 1, count })}
              aria-hidden={copy || undefined}
              inert={copy || undefined}
            >
              <ContentLink to={banner.link} className={styles.link}>
                <CaptionedArt caption={banner.caption} hideCaption className={styles.art}>
                  <img
                    src={imageUrl(banner.url)}
                    alt={copy ? '' : banner.title}
                    width={750}
                    height={300}
                    loading={first ? 'eager' : 'lazy'}
                    fetchPriority={first ? 'high' : 'auto'}
                    decoding="async"
                    draggable={false}
                    onError={() => onBroken(banner.id)}
                  />
                </CaptionedArt>
              </ContentLink>
            </div>
          );
        })}
      </div>
      {loop && (
        <div className={styles.dots} role="group" aria-label={t('content.bannerDots')}>
          {banners.map((banner, real) => (
            <button
              key={banner.id}
              type="button"
              className={styles.dot}
              aria-label={t('content.bannerSlide', { index: real + 1, count })}
              aria-current={real === index || undefined}
              onClick={() => goTo(real)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
