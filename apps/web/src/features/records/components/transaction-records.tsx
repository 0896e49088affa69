/**
 * Transaction records (/m/transaction/record): the member's cash movements in a period, newest
 * first, with a type filter; each row shows time, type, signed amount, balance after and the
 * reference. Pages are numbered over the server's cursors.
 */
import { formatDate } from '@khela/contract/format';
import {
  RECORDS,
  TRANSACTION_TYPES,
  defaultRange,
  type TransactionRecord,
  type TransactionType,
} from '@khela/contract/records';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker, type DayRange } from '../../../components/date-range-picker';
import { transactionsQueryOptions } from '../api/records';
import { useCursorPages, useLearnNextCursor } from '../hooks/use-cursor-pages';
import { money, signedMoney } from './format';
import { RecordPages } from './record-pages';
import formStyles from '../../../components/form.module.css';
import styles from './records.module.css';
import { useLanguage } from '../../../lib/i18n';

export function TransactionRecords({
  token,
  currencySymbol,
}: {
  token: string;
  currencySymbol: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [type, setType] = useState<TransactionType | ''>('');
  const pages = useCursorPages(`${range.from}|${range.to}|${type}`);
  const query = useQuery(
    transactionsQueryOptions(token, {
      ...range,
      ...(type ? { type } : {}),
      ...(pages.cursor ? { cursor: pages.cursor } : {}),
    }),
  );
  useLearnNextCursor(pages, query);

  return (
    <div className={formStyles.screen}>
      <DateRangePicker value={range} onChange={setRange} maxDays={RECORDS.maxSpanDays} />
      <div className={styles.field}>
        <label htmlFor={`${id}-type`} className={styles.label}>
          {t('records.type')}
        </label>
        <select
          id={`${id}-type`}
          className={styles.select}
          value={type}
          onChange={(event) => setType(event.target.value as TransactionType | '')}
        >
          <option value="">{t('records.allTypes')}</option>
          {TRANSACTION_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`records.type_${value}`)}
            </option>
          ))}
        </select>
      </div>
      <RecordPages
        query={query}
        pages={pages}
        empty={t('records.empty')}
        listLabel={t('records.list')}
      >
        {(row) => <TransactionRow key={row.id} row={row} symbol={currencySymbol} />}
      </RecordPages>
    </div>
  );
}

function TransactionRow({ row, symbol }: { row: TransactionRecord; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const label =
    row.type === 'withdrawal' && row.amountMinor > 0
      ? t('records.type_withdrawalReturned')
      : t(`records.type_${row.type}`);
  return (
    <li className={styles.row}>
      <div className={styles.line}>
        <span className={styles.type}>{label}</span>
        <span className={row.amountMinor < 0 ? styles.debit : styles.credit}>
          {signedMoney(row.amountMinor, symbol, language)}
        </span>
      </div>
      <div className={styles.line}>
        <time className={styles.muted} dateTime={row.time}>
          {formatDate(row.time, 'dateTimeSeconds', language)}
        </time>
        <span className={styles.muted}>
          {t('records.balanceAfter', { amount: money(row.balanceAfterMinor, symbol, language) })}
        </span>
      </div>
      <div className={styles.line}>
        {/* Identifiers, shown as typed (docs/formatting.md), never put in other digits. */}
        <span className={styles.muted} translate="no">
          {row.reference ? t('records.reference', { reference: row.reference }) : ''}
        </span>
        <span className={styles.muted} translate="no">
          {t('records.transactionId', { id: row.transactionId })}
        </span>
      </div>
    </li>
  );
}
