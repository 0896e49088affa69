/**
 * A native date field that shows its day in the player's language (docs/formatting.md): the
 * browser writes a date input in the phone's own format ("03/15/2026" on an English phone), so
 * its text is hidden and the day is written over it, "১৫ মার্চ ২০২৬" / "15 Mar 2026". The input
 * itself stays the labelled control (and its native picker opens on a tap anywhere on it), so
 * it is found and read by its label as before.
 */
import { formatDay } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n';
import styles from './date-shown.module.css';

export function DateShown({
  value,
  children,
  format = formatDay,
}: {
  value: string;
  children: ReactNode;
  /** How the value is written: a day (YYYY-MM-DD) by default, or a month (`formatMonth`). */
  format?: (value: string, language: Language) => string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <span className={styles.wrap} data-empty={value ? undefined : 'true'}>
      {children}
      <span className={styles.shown} aria-hidden="true">
        {value ? format(value, language) : t('common.chooseDate')}
      </span>
    </span>
  );
}

/** Opens the native picker on a tap anywhere in a date field, where the browser allows it. */
export function openPicker(event: { currentTarget: HTMLInputElement }) {
  try {
    event.currentTarget.showPicker();
  } catch {
    // Not supported or not allowed: the native control still opens its own picker.
  }
}
