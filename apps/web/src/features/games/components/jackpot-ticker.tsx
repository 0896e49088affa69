/**
 * The jackpot ticker (spec §9): starts between 1.2 and 1.3 billion and grows by 10 to 50 every
 * 3, 4 or 5 seconds. Display copy, not a real prize pool. Not announced to screen readers at each
 * step (that would never stop talking); the figure is read when reached. It stands still while
 * nobody can see it (the page hidden, or the ticker scrolled out of view), so an idle or
 * background page does no work for it; each step re-renders only the ticker.
 */
import { formatNumber } from '@khela/contract/amount';
import { JACKPOT } from '@khela/contract/constants';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import styles from './jackpot-ticker.module.css';
import '../../../locales/games';

const between = (min: number, max: number) => min + Math.random() * (max - min);

export const jackpotStart = () => between(JACKPOT.startMin, JACKPOT.startMax);
export const jackpotStep = () => Math.floor(between(JACKPOT.stepMin, JACKPOT.stepMax + 1));
export const jackpotDelay = () =>
  JACKPOT.intervalsMs[Math.floor(Math.random() * JACKPOT.intervalsMs.length)] ??
  JACKPOT.intervalsMs[0];

const pageShown = () => document.visibilityState !== 'hidden';

/** Whether the element can be seen: the page is shown and the element is in the viewport. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(pageShown);
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const update = () => setShown(pageShown());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setInView(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return shown && inView;
}

export function JackpotTicker({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [value, setValue] = useState(jackpotStart);
  const ref = useRef<HTMLParagraphElement>(null);
  const seen = useSeen(ref);

  useEffect(() => {
    if (!seen) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setValue((current) => current + jackpotStep());
        schedule();
      }, jackpotDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, [seen]);

  return (
    <p className={styles.ticker} ref={ref}>
      <span className={styles.label}>{t('games.jackpot')}</span>
      <span className={styles.value}>
        {currencySymbol}
        {formatNumber(value, language, 2)}
      </span>
    </p>
  );
}

/** How long the grand jackpot takes to count from JACKPOT.altFrom to JACKPOT.altTo. */
export const GRAND_JACKPOT_MS = 10_000;
/** Steps a second while it counts: enough to look alive, little work on a slow phone. */
const GRAND_JACKPOT_STEP_MS = 100;

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The second jackpot display (spec §9): counts from 787,756,899.13 up to 787,757,899.13 (easing
 * out over 10 s) and holds there; display copy like the ticker. Counts only while seen; for
 * reduced motion it shows the end figure at once. Read by screen readers once, at the end figure.
 */
export function GrandJackpot({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [elapsed, setElapsed] = useState(() => (reducedMotion() ? GRAND_JACKPOT_MS : 0));
  const ref = useRef<HTMLParagraphElement>(null);
  const seen = useSeen(ref);
  const done = elapsed >= GRAND_JACKPOT_MS;

  useEffect(() => {
    if (!seen || done) return;
    const timer = setInterval(
      () => setElapsed((current) => Math.min(current + GRAND_JACKPOT_STEP_MS, GRAND_JACKPOT_MS)),
      GRAND_JACKPOT_STEP_MS,
    );
    return () => clearInterval(timer);
  }, [seen, done]);

  const progress = elapsed / GRAND_JACKPOT_MS;
  const eased = 1 - (1 - progress) ** 3;
  const value = JACKPOT.altFrom + (JACKPOT.altTo - JACKPOT.altFrom) * eased;
  const end = `${currencySymbol}${formatNumber(JACKPOT.altTo, language, 2)}`;
  return (
    <p className={`${styles.ticker} ${styles.grand}`} ref={ref}>
      <span className={styles.label}>{t('games.grandJackpot')}</span>
      <span className="visually-hidden">{end}</span>
      <span className={styles.value} aria-hidden="true">
        {currencySymbol}
        {formatNumber(done ? JACKPOT.altTo : value, language, 2)}
      </span>
    </p>
  );
}
