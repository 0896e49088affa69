/**
 * Money and dates as operators read them: integer minor units through the contract's
 * formatAmount (never floating point), instants on Dhaka's clock through formatDate.
 */
import { formatAmount, formatNumber } from '@khela/contract/amount';
import { formatDate } from '@khela/contract/date';
import { useCallback } from 'react';
import { useLanguage } from './i18n';

export function useFormat() {
  const language = useLanguage();
  const money = useCallback(
    (minor: number | string | bigint | null | undefined) =>
      minor === null || minor === undefined ? '—' : formatAmount(BigInt(minor), { language }),
    [language],
  );
  const count = useCallback(
    (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : formatNumber(value, language),
    [language],
  );
  const when = useCallback(
    (value: string | null | undefined) => (value ? formatDate(value, 'dateTime', language) : '—'),
    [language],
  );
  return { money, count, when, language };
}
