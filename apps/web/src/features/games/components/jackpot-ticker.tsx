/**
 * The jackpot ticker (spec §9): starts between 1.2 and 1.3 billion and grows by 10 to 50 every
 * 3, 4 or 5 seconds. Display copy, not a real prize pool. Not announced to screen readers at each
 * step (that would never stop talking); the figure is read when reached.
 */
import { formatNumber } from '@khela/contract/amount';
import { JACKPOT } from '@khela/contract/constants';
import { useEffect, useState } from 'react';
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

export function JackpotTicker({ currencySymbol }: { currencySymbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [value, setValue] = useState(jackpotStart);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(() => {
        setValue((current) => current + jackpotStep());
        schedule();
      }, jackpotDelay());
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);

  return (
    <p className={styles.ticker}>
      <span className={styles.label}>{t('games.jackpot')}</span>
      <span className={styles.value}>
        {currencySymbol}
        {formatNumber(value, language, 2)}
      </span>
    </p>
  );
}
