import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { DateRangePicker, type DayRange } from './date-range-picker';

const TODAY = '2026-03-15';

function setup(value: DayRange = { from: '2026-03-09', to: TODAY }, maxDays?: number) {
  const onChange = vi.fn();
  function Host() {
    const [range, setRange] = useState(value);
    return (
      <DateRangePicker
        value={range}
        maxDays={maxDays}
        today={TODAY}
        onChange={(next) => {
          onChange(next);
          setRange(next);
        }}
      />
    );
  }
  render(<Host />);
  return { onChange, user: userEvent.setup() };
}

describe('DateRangePicker', () => {
  beforeEach(async () => {
    await changeLanguage('EN');
  });

  it('limits both dates to the years 2000 to 2030', () => {
    setup();
    expect(screen.getByRole('group', { name: 'Period' })).toBeVisible();
    for (const name of ['From', 'To']) {
      const field = screen.getByLabelText(name);
      expect(field).toHaveAttribute('type', 'date');
      expect(field).toHaveAttribute('min', '2000-01-01');
      expect(field).toHaveAttribute('max', '2030-12-31');
    }
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-09');
    expect(screen.getByLabelText('To')).toHaveValue(TODAY);
  });

  it('offers quick picks, pressed when they match the period', async () => {
    const { onChange, user } = setup();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-14', to: '2026-03-14' });
    expect(screen.getByRole('button', { name: 'Yesterday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-02-14', to: TODAY });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: TODAY, to: TODAY });
  });

  it('passes on a typed date, and says why a reversed period is not', () => {
    const { onChange } = setup();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: TODAY });

    onChange.mockClear();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-20' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date',
    );
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The start date must be on or before the end date',
    );
  });

  it('refuses dates outside 2000–2030 and periods over the longest allowed', () => {
    const { onChange } = setup(undefined, 366);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '1999-12-31' } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose dates between 1 Jan 2000 and 31 Dec 2030',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-14' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a period of at most 366 days');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-15' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-15', to: TODAY });
  });
});
