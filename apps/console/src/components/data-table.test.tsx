import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

interface Withdrawal {
  id: string;
  member: string;
  amount: number;
}

const rows: Withdrawal[] = [
  { id: 'w1', member: 'rahim', amount: 5000 },
  { id: 'w2', member: 'karim', amount: 120000 },
  { id: 'w3', member: 'sumon', amount: 900 },
];

const columns: Column<Withdrawal>[] = [
  { id: 'member', header: 'Member', cell: (row) => row.member, sortValue: (row) => row.member },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => `৳${row.amount / 100}`,
    sortValue: (row) => row.amount,
    align: 'end',
  },
  { id: 'note', header: 'Note', cell: () => '—' },
];

function Queue({ list = rows }: { list?: Withdrawal[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return (
    <>
      <DataTable
        caption="Withdrawals"
        columns={columns}
        rows={list}
        rowKey={(row) => row.id}
        rowLabel={(row) => `withdrawal of ${row.member}`}
        selection={{ selected, onChange: setSelected }}
      />
      <output>{[...selected].sort().join(',') || 'none'}</output>
    </>
  );
}

const membersInOrder = () =>
  within(screen.getByRole('table', { name: 'Withdrawals' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('a console list', () => {
  it('is a table with column headers; a sortable header is a button saying its order', async () => {
    const user = userEvent.setup();
    render(<Queue />);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      '',
      'Member ↕',
      'Amount ↕',
      'Note',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(headers[3]!).queryByRole('button')).toBeNull();
    expect(membersInOrder()).toEqual(['rahim', 'karim', 'sumon']);

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(membersInOrder()).toEqual(['sumon', 'rahim', 'karim']);

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(membersInOrder()).toEqual(['karim', 'rahim', 'sumon']);

    await user.click(screen.getByRole('button', { name: /Member/ }));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).not.toHaveAttribute('aria-sort');
    expect(membersInOrder()).toEqual(['karim', 'rahim', 'sumon']);
    expect(screen.getByRole('cell', { name: '৳1200' })).toHaveClass('end');
  });

  it('chooses rows one by one or all at once, each checkbox named after its row', async () => {
    const user = userEvent.setup();
    render(<Queue />);
    await user.click(screen.getByRole('checkbox', { name: 'Select withdrawal of karim' }));
    expect(screen.getByRole('status')).toHaveTextContent('w2');
    expect(screen.getByRole('checkbox', { name: 'Select withdrawal of karim' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('status')).toHaveTextContent('w1,w2,w3');
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select withdrawal of rahim' }));
    expect(screen.getByRole('status')).toHaveTextContent('w2,w3');

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByRole('status')).toHaveTextContent('none');
  });

  it('says so when there is nothing to list', () => {
    render(<Queue list={[]} />);
    expect(screen.getByRole('cell', { name: 'Nothing to show.' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
  });
});
