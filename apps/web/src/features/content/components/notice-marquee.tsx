/**
 * The notice marquee on home (spec §2): player notice titles scrolling sideways, moved at 30 fps
 * by requestAnimationFrame. It stands still while the page is hidden or it is scrolled out of
 * view, while the player touches or focuses it, and for players who ask for reduced motion (the
 * titles then simply show). Tapping it opens the notices.
 */
import { MOTION } from '@khela/contract/constants';
import type { ContentType } from '@khela/contract/content';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { HOME_CONTENT_TYPES, useAnnouncements } from '../api/get-announcements';
import styles from './notice-marquee.module.css';

/** How fast the titles travel, in CSS pixels a second. */
const SPEED_PX_PER_S = 45;
const FRAME_MS = 1000 / MOTION.marqueeFps;

export function NoticeMarquee({ types = HOME_CONTENT_TYPES }: { types?: readonly ContentType[] }) {
  const { t } = useTranslation();
  const query = useAnnouncements(types);
  const titles = (query.data?.player ?? []).map((notice) => notice.title);
  const text = titles.join('   •   ');
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const held = useRef(false);

  useEffect(() => {
    const viewport = box.current;
    const moving = line.current;
    if (!viewport || !moving || !text || typeof requestAnimationFrame !== 'function') return;
    const reduced =
      typeof window.matchMedia === 'function'
        ? window.matchMedia('(prefers-reduced-motion: reduce)')
        : null;
    let position = 0;
    let last = 0;
    let frame = 0;
    const place = () => (moving.style.transform = `translate3d(${Math.round(position)}px,0,0)`);
    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (last === 0) last = now;
      const elapsed = now - last;
      // At most 30 steps a second, whatever the screen's refresh rate.
      if (elapsed < FRAME_MS - 1) return;
      last = now;
      if (held.current) return;
      position -= (SPEED_PX_PER_S * Math.min(elapsed, 250)) / 1000;
      if (position < -moving.scrollWidth) position = viewport.clientWidth;
      place();
    };
    // Off screen (scrolled past) costs nothing either.
    let onScreen = true;
    const start = () => {
      if (frame || !onScreen || document.hidden || reduced?.matches) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    const onMotion = () => {
      if (reduced?.matches) {
        stop();
        position = 0;
        place();
      } else start();
    };
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(([entry]) => {
            onScreen = entry?.isIntersecting ?? true;
            if (onScreen) start();
            else stop();
          })
        : null;
    observer?.observe(viewport);
    document.addEventListener('visibilitychange', onVisibility);
    reduced?.addEventListener('change', onMotion);
    start();
    return () => {
      stop();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      reduced?.removeEventListener('change', onMotion);
    };
  }, [text]);

  if (query.isSuccess && titles.length === 0) return null;
  return (
    <Link
      to={paths.notice}
      className={styles.marquee}
      onPointerEnter={() => (held.current = true)}
      onPointerLeave={() => (held.current = false)}
      onFocus={() => (held.current = true)}
      onBlur={() => (held.current = false)}
    >
      <span className={styles.icon}>
        <Icon name="bell" size={18} />
      </span>
      <span className="visually-hidden">{t('content.marquee')}: </span>
      <span ref={box} className={styles.viewport}>
        <span ref={line} className={styles.line}>
          {text}
        </span>
      </span>
    </Link>
  );
}
