/**
 * A bonus's terms as a player reads them: the key ones as a short list (percent or amount, cap,
 * minimum deposit, wagering, largest bet, most converted, how long it lasts) and the full text
 * behind a toggle, so the deposit screen and the bonus page stay short.
 */
import type { BonusTerms } from '@khela/contract/bonus';
import { formatMoney, formatNumber, formatPercent } from '@khela/contract/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import styles from './bonus.module.css';

/** The key terms, one short line each, in the order a player weighs them. */
export function useKeyTerms(terms: BonusTerms): string[] {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (minor: number) => formatMoney(minor, language);
  const lines: string[] = [];
  if (terms.percentBp !== null) {
    lines.push(t('bonus.termPercent', { percent: formatPercent(terms.percentBp / 100, language) }));
  }
  if (terms.amountMinor !== null)
    lines.push(t('bonus.termAmount', { amount: money(terms.amountMinor) }));
  if (terms.capMinor !== null) lines.push(t('bonus.termCap', { amount: money(terms.capMinor) }));
  if (terms.minDepositMinor !== null) {
    lines.push(t('bonus.termMinDeposit', { amount: money(terms.minDepositMinor) }));
  }
  const times = formatNumber(terms.wageringMultiplier, language);
  lines.push(
    terms.wageringBase === 'bonus_deposit'
      ? t('bonus.termWageringDeposit', { times })
      : t('bonus.termWagering', { times }),
  );
  if (terms.maxStakeMinor !== null) {
    lines.push(t('bonus.termMaxStake', { amount: money(terms.maxStakeMinor) }));
  }
  if (terms.maxConversionMinor !== null) {
    lines.push(t('bonus.termMaxConversion', { amount: money(terms.maxConversionMinor) }));
  }
  // One day or one hour reads in the singular ("Valid 1 days" was in the gallery).
  lines.push(
    terms.validHours === 24
      ? t('bonus.termValidDay')
      : terms.validHours % 24 === 0
        ? t('bonus.termValidDays', { days: formatNumber(terms.validHours / 24, language) })
        : terms.validHours === 1
          ? t('bonus.termValidHour')
          : t('bonus.termValidHours', { hours: formatNumber(terms.validHours, language) }),
  );
  return lines;
}

export function KeyTerms({ terms, label }: { terms: BonusTerms; label?: string }) {
  const { t } = useTranslation();
  const lines = useKeyTerms(terms);
  return (
    <ul className={styles.terms} aria-label={label ?? t('bonus.keyTerms')}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The full terms behind a button; paragraphs are separated by blank lines in the text. */
export function FullTerms({ text, name }: { text: string; name?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.fullTerms}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={`${id}-terms`}
        onClick={() => setOpen((value) => !value)}
      >
        {t('bonus.fullTerms')}
        {name && <span className="visually-hidden">: {name}</span>}
      </button>
      {open && (
        <div
          id={`${id}-terms`}
          role="region"
          aria-label={name ? `${t('bonus.fullTerms')}: ${name}` : t('bonus.fullTerms')}
          className={styles.termsText}
        >
          {text
            .split(/\n\s*\n/)
            .filter((paragraph) => paragraph.trim() !== '')
            .map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
        </div>
      )}
    </div>
  );
}
