import { parseAmount } from '@khela/contract/amount';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../lib/i18n';
import { AmountInput } from './amount-input';

function setup(initial = '') {
  const seen: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <AmountInput
        aria-label="Amount"
        value={value}
        onValueChange={(next) => {
          seen.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Host />);
  return { seen, user: userEvent.setup(), field: screen.getByLabelText('Amount') };
}

describe('AmountInput', () => {
  afterEach(async () => {
    await act(() => changeLanguage('BN'));
  });

  it('is a text field with the decimal keypad (a number field cannot show Bengali digits)', () => {
    const { field } = setup();
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
  });

  it('shows what the player types in Bengali digits on a Bengali page, read as the same amount', async () => {
    await act(() => changeLanguage('BN'));
    const { field, user, seen } = setup();
    await user.type(field, '1250.5');
    expect(field).toHaveValue('১২৫০.৫');
    expect(parseAmount(seen.at(-1)!)).toEqual({ ok: true, minor: 125_050 });
    // A digit typed in the middle lands there, and the caret stays after it.
    await user.type(field, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(field).toHaveValue('১২৯৫০.৫');
    expect((field as HTMLInputElement).selectionStart).toBe(3);
    // A Bengali keyboard's digits stay as they are.
    await user.clear(field);
    await user.type(field, '৭৫');
    expect(field).toHaveValue('৭৫');
  });

  it('writes Latin digits on an English page, whichever digits were typed', async () => {
    await act(() => changeLanguage('EN'));
    const { field, user } = setup();
    await user.type(field, '৩০0');
    expect(field).toHaveValue('300');
  });
});
