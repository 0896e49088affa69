/**
 * A records screen's pages under its filters: the query's loading or retry, the empty text or the
 * list (busy while the next page loads), the page control and the time-zone note.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/load-state';
import { Pagination } from '../../../components/pagination';
import type { CursorPages } from '../hooks/use-cursor-pages';
import formStyles from '../../../components/form.module.css';
import styles from './records.module.css';

export function RecordPages<Row>({
  query,
  pages,
  empty,
  listLabel,
  children,
}: {
  query: UseQueryResult<{ list: Row[] }>;
  pages: CursorPages;
  empty: string;
  listLabel: string;
  /** One row, a list item with its key. */
  children: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {query.isPending || query.isError ? (
        <QueryState query={query} />
      ) : query.data.list.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={formStyles.list} aria-label={listLabel} aria-busy={query.isFetching}>
          {query.data.list.map((row) => children(row))}
        </ul>
      )}
      <Pagination
        page={pages.page}
        totalPages={pages.totalPages}
        onChange={pages.goTo}
        disabled={query.isFetching}
      />
      <p className={styles.note}>{t('records.timeZoneNote')}</p>
    </>
  );
}
