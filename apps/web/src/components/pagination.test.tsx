import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { Pagination, pageWindow } from './pagination';

function Controlled({ total, start = 1 }: { total: number; start?: number }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} totalPages={total} onChange={setPage} />;
}

const numbers = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('Pagination', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('is hidden under 2 pages', () => {
    const { container, rerender } = render(
      <Pagination page={1} totalPages={1} onChange={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} totalPages={0} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pagination page={1} totalPages={2} onChange={vi.fn()} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeVisible();
    expect(numbers()).toEqual(['1', '2']);
  });

  it('shows 10 page numbers at most, around the current page, which is marked current', async () => {
    const user = userEvent.setup();
    render(<Controlled total={30} />);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 9' }));
    expect(screen.getByRole('button', { name: 'Page 9' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    expect(numbers()).toEqual(['4', '5', '6', '7', '8', '9', '10', '11', '12', '13']);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps 10 numbers at the end and stops at the last page', async () => {
    const user = userEvent.setup();
    render(<Controlled total={30} start={29} />);
    expect(numbers()).toEqual(['21', '22', '23', '24', '25', '26', '27', '28', '29', '30']);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('button', { name: 'Page 30' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('does not call back for the current page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination page={3} totalPages={5} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('speaks Bengali by default', async () => {
    await changeLanguage('BN');
    render(<Pagination page={1} totalPages={3} onChange={vi.fn()} />);
    expect(screen.getByRole('navigation', { name: 'পাতা' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'পরের পাতা' })).toBeEnabled();
  });

  it('computes the window', () => {
    expect(pageWindow(1, 3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(7, 12, 10)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(pageWindow(12, 12, 10)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
