/**
 * Every list in the console: a real <table> with a caption and column headers, sortable by a
 * header's button (aria-sort says the order), and optionally a checkbox per row for acting on
 * several at once. TanStack Table keeps the row model (sorting, selection); the screens describe
 * their columns with the small `Column` shape below and never see the library.
 */
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    align?: 'end';
  }
}

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

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_MARK = { asc: ' ▲', desc: ' ▼' } as const;

function toColumnDef<Row>(column: Column<Row>): ColumnDef<Row, string | number> {
  const sortValue = column.sortValue;
  return {
    id: column.id,
    header: column.header,
    cell: ({ row }) => column.cell(row.original),
    // Columns without a sort value have nothing to compare; they neither sort nor offer to.
    accessorFn: sortValue ?? (() => ''),
    enableSorting: sortValue !== undefined,
    // Plain comparison of the value the screen gives (numbers as numbers, text as text).
    sortingFn: 'basic',
    meta: { align: column.align },
  };
}

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
  const [sorting, setSorting] = useState<SortingState>([]);
  const columnDefs = useMemo(() => columns.map(toColumnDef), [columns]);
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...(selection?.selected ?? [])].map((key) => [key, true])),
    [selection?.selected],
  );
  const onRowSelectionChange = (updater: Updater<RowSelectionState>) => {
    if (!selection) return;
    const next = typeof updater === 'function' ? updater(rowSelection) : updater;
    // Only rows on screen can be chosen: a key left over from an earlier list is dropped.
    const shown = new Set(rows.map(rowKey));
    selection.onChange(
      new Set(Object.keys(next).filter((key) => next[key] === true && shown.has(key))),
    );
  };

  // The table object keeps its own state; this component is left out of compiler memoization.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns: columnDefs,
    getRowId: (row) => rowKey(row),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    state: { sorting, rowSelection },
    onSortingChange: setSorting,
    onRowSelectionChange,
    enableRowSelection: selection !== undefined,
    enableMultiSort: false,
    enableSortingRemoval: false,
    // The first press sorts ascending, whatever the column holds; the next one reverses.
    sortDescFirst: false,
  });

  const tableRows = table.getRowModel().rows;
  const endClass = (align: 'end' | undefined) => (align === 'end' ? 'end' : undefined);

  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col" className="select-cell">
                  <input
                    type="checkbox"
                    aria-label={t('table.selectAll')}
                    checked={table.getIsAllRowsSelected()}
                    onChange={() => table.toggleAllRowsSelected()}
                  />
                </th>
              )}
              {group.headers.map((header) => {
                const { column } = header;
                const sorted = column.getIsSorted();
                const label = flexRender(column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={endClass(column.columnDef.meta?.align)}
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                  >
                    {column.getCanSort() ? (
                      <button
                        type="button"
                        className="sort"
                        onClick={() => column.toggleSorting(undefined, false)}
                      >
                        {label}
                        <span aria-hidden="true">{sorted ? SORT_MARK[sorted] : ' ↕'}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {tableRows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className="empty">
                {empty ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            tableRows.map((row) => (
              <tr key={row.id} aria-selected={selection ? row.getIsSelected() : undefined}>
                {selection && (
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={t('table.selectRow', {
                        name: rowLabel?.(row.original) ?? row.id,
                      })}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={endClass(cell.column.columnDef.meta?.align)}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
