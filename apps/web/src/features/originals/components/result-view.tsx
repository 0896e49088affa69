/**
 * How a fair result reads, on the game page and the verifier alike: the same words for the same
 * result, and the slot's reels drawn as small SVG marks with their names.
 */
import { formatFixedNumber, formatMoney } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import '../strings';
import type { FairResult, SlotSymbol } from '@khela/contract/fair';
import type { TFunction } from 'i18next';
import styles from './originals.module.css';

/** Paisa as taka with 2 decimals and grouping. */
export const money = (minor: number, language: Language) => formatMoney(minor, language);

/** A roll, point or multiplier with fixed decimals in the language's digits. */
export const fixed = (value: number, language: Language, decimals = 2) =>
  formatFixedNumber(value, language, decimals);

export function describeResult(t: TFunction, result: FairResult, language: Language): string {
  switch (result.game) {
    case 'dice':
      return t('originals.result_dice', {
        roll: fixed(result.roll, language),
        target: result.target,
      });
    case 'crash':
      return t('originals.result_crash', {
        crash: fixed(result.crashPoint, language),
        target: fixed(result.target, language),
      });
    case 'slot':
      return t('originals.result_slot', {
        reels: result.reels.map((symbol) => t(`originals.symbol_${symbol}`)).join(' · '),
      });
  }
}

const COLOURS: Record<SlotSymbol, string> = {
  cherry: '#d6336c',
  lemon: '#f2c94c',
  orange: '#f2994a',
  plum: '#8e44ad',
  bell: '#e0b000',
  bar: '#4f4f4f',
  seven: '#eb5757',
};

export function Reels({ reels, t }: { reels: readonly SlotSymbol[]; t: TFunction }) {
  return (
    <div className={styles.reels}>
      {reels.map((symbol, index) => (
        <div key={index} className={styles.reel}>
          <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
            {symbol === 'bar' ? (
              <rect x="4" y="13" width="32" height="14" rx="3" fill={COLOURS[symbol]} />
            ) : symbol === 'seven' ? (
              <path d="M9 8h22l-12 26h-6l10-20H9z" fill={COLOURS[symbol]} />
            ) : (
              <circle cx="20" cy="20" r="14" fill={COLOURS[symbol]} />
            )}
          </svg>
          <span>{t(`originals.symbol_${symbol}`)}</span>
        </div>
      ))}
    </div>
  );
}
