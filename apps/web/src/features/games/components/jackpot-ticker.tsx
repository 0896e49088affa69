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
