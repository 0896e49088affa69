/**
 * The notice marquee on home (spec §2): player notice titles scrolling sideways at 30 fps. A CSS
 * animation in 30 steps a second moves them on the compositor, so a low-end phone's main thread
 * does no work per frame (a requestAnimationFrame loop cost it most of a second in every eight).
 * It pauses while touched or focused, and stands still for players who ask for reduced motion
 * (the titles then simply show). Tapping it opens the notices.
 */
import { MOTION } from '@khela/contract/constants';
import type { ContentType } from '@khela/contract/content';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import { HOME_CONTENT_TYPES, useAnnouncements } from '../api/get-announcements';
import styles from './notice-marquee.module.css';
import '../../../locales/content';

/** How fast the titles travel, in CSS pixels a second. */
const SPEED_PX_PER_S = 45;

interface Run {
  /** Where the line starts (the box's right edge) and ends (its own width off the left). */
  from: number;
  to: number;
  seconds: number;
  /** The first pass, from where the line stands at rest to its end. */
  firstSeconds: number;
}

export function NoticeMarquee({ types = HOME_CONTENT_TYPES }: { types?: readonly ContentType[] }) {
  const { t } = useTranslation();
  const query = useAnnouncements(types);
  const titles = (query.data?.player ?? []).map((notice) => notice.title);
  const text = titles.join('   •   ');
  const box = useRef<HTMLSpanElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const [run, setRun] = useState<Run | undefined>();

  // Measured once per text and box width, not per frame.
  useLayoutEffect(() => {
    const viewport = box.current;
    const moving = line.current;
    if (!viewport || !moving || !text) return;
    const measure = () => {
      const from = viewport.clientWidth;
      const to = -moving.scrollWidth;
      setRun({
        from,
        to,
        seconds: Math.max(1, (from - to) / SPEED_PX_PER_S),
        firstSeconds: Math.max(1, -to / SPEED_PX_PER_S),
      });
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [text]);

  const style = run
    ? ({
        '--marquee-from': `${run.from}px`,
        '--marquee-to': `${run.to}px`,
        '--marquee-seconds': `${run.seconds.toFixed(2)}s`,
        // One step per frame at the spec's 30 fps.
        '--marquee-steps': Math.round(run.seconds * MOTION.marqueeFps),
        '--marquee-first-seconds': `${run.firstSeconds.toFixed(2)}s`,
        '--marquee-first-steps': Math.round(run.firstSeconds * MOTION.marqueeFps),
      } as CSSProperties)
    : undefined;

  if (query.isSuccess && titles.length === 0) return null;
  return (
    <Link to={paths.notice} className={styles.marquee}>
      <span className={styles.icon}>
        <Icon name="bell" size={18} />
      </span>
      <span className="visually-hidden">{t('content.marquee')}: </span>
      <span ref={box} className={styles.viewport}>
        <span ref={line} className={styles.line} style={style} data-moving={run ? '' : undefined}>
          <span className={styles.loop}>{text}</span>
        </span>
      </span>
    </Link>
  );
}
