/**
 * Every list in the console: a real <table> with a caption and column headers, sortable by a
 * header's button (aria-sort says the order), and optionally a checkbox per row for acting on
 * several at once. The column model follows TanStack Table's (id, header, cell, sort value), so
 * the table library can take over here without touching the screens.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Present when the column sorts: the value compared. */
  sortValue?: (row: Row) => string | number;
  align?: 'end';
}

export interface Selection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Names a row for its checkbox ("Select withdrawal 12"). */
  rowLabel?: (row: Row) => string;
  selection?: Selection;
  empty?: string;
}

type Sort = { id: string; descending: boolean } | null;

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowLabel,
  selection,
  empty,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const sorted = useMemo(() => {
    const column = sort && columns.find((candidate) => candidate.id === sort.id);
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    return [...rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      const order = left < right ? -1 : left > right ? 1 : 0;
      return sort.descending ? -order : order;
    });
  }, [rows, columns, sort]);

  const keys = sorted.map(rowKey);
  const allSelected =
    selection !== undefined && keys.length > 0 && keys.every((key) => selection.selected.has(key));
  const toggle = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label={t('table.selectAll')}
                  checked={allSelected}
                  onChange={() => selection.onChange(allSelected ? new Set() : new Set(keys))}
                />
              </th>
            )}
            {columns.map((column) => {
              const sortedHere = sort?.id === column.id;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className={column.align === 'end' ? 'end' : undefined}
                  aria-sort={
                    sortedHere ? (sort.descending ? 'descending' : 'ascending') : undefined
                  }
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="sort"
                      onClick={() =>
                        setSort(
                          sortedHere
                            ? { id: column.id, descending: !sort.descending }
                            : { id: column.id, descending: false },
                        )
                      }
                    >
                      {column.header}
                      <span aria-hidden="true">
                        {sortedHere ? (sort.descending ? ' ▼' : ' ▲') : ' ↕'}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className="empty">
                {empty ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            sorted.map((row) => {
              const key = rowKey(row);
              return (
                <tr key={key} aria-selected={selection ? selection.selected.has(key) : undefined}>
                  {selection && (
                    <td className="select-cell">
                      <input
                        type="checkbox"
                        aria-label={t('table.selectRow', { name: rowLabel?.(row) ?? key })}
                        checked={selection.selected.has(key)}
                        onChange={() => toggle(key)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.id} className={column.align === 'end' ? 'end' : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
