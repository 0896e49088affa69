/**
 * A member's records newest first, with a status filter and "Load more" for the next page (the
 * server's cursor), as the deposit and withdraw records show them. The feature brings the query,
 * its statuses, its words and how one record looks.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CustomTypeOptions } from 'i18next';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import formStyles from './form.module.css';
import { QueryState } from './load-state';

/** The words a records screen has: its filter, its empty list and its paging. */
interface RecordsWords {
  filter: string;
  all: string;
  empty: string;
  loadMore: string;
  loading: string;
  end: string;
}

/** The string sections that hold a records screen's words ('depositReport', …). */
type Strings = CustomTypeOptions['resources']['translation'];
type RecordsWordsKey = {
  [K in keyof Strings]: Strings[K] extends RecordsWords ? K : never;
}[keyof Strings];

export function StatusRecords<Status extends string, Item>({
  words,
  listLabel,
  statuses,
  statusLabel,
  status,
  onStatusChange,
  records,
  children,
}: {
  words: RecordsWordsKey;
  listLabel: string;
  statuses: readonly Status[];
  statusLabel: (status: Status) => string;
  /** The filter's status; '' is every status. */
  status: Status | '';
  onStatusChange: (status: Status | '') => void;
  records: UseInfiniteQueryResult<InfiniteData<{ list: Item[] }>>;
  /** One record, a list item with its key. */
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const list = records.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <div className={formStyles.screen}>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-status`} className={formStyles.label}>
          {t(`${words}.filter`)}
        </label>
        <select
          id={`${id}-status`}
          className={formStyles.input}
          value={status}
          onChange={(event) => onStatusChange(event.target.value as Status | '')}
        >
          <option value="">{t(`${words}.all`)}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {records.isPending || records.isError ? (
        <QueryState query={records} />
      ) : list.length === 0 ? (
        <p className={formStyles.muted}>{t(`${words}.empty`)}</p>
      ) : (
        <>
          <ul className={formStyles.list} aria-label={listLabel}>
            {list.map((item) => children(item))}
          </ul>
          {records.hasNextPage ? (
            <button
              type="button"
              className={formStyles.secondary}
              disabled={records.isFetchingNextPage}
              onClick={() => void records.fetchNextPage()}
            >
              {records.isFetchingNextPage ? t(`${words}.loading`) : t(`${words}.loadMore`)}
            </button>
          ) : (
            <p className={formStyles.muted}>{t(`${words}.end`)}</p>
          )}
          <p className={formStyles.muted}>{t('common.dhakaTime')}</p>
        </>
      )}
    </div>
  );
}
