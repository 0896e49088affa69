/**
 * A field for an amount of money: a text field with the phone's decimal keypad (a number field
 * cannot show Bengali digits), whose digits follow the page's language as the player types them
 * (a keypad gives Latin digits; a Bengali keyboard Bengali ones). parseAmount reads either.
 */
import { inputDigits } from '@khela/contract/amount';
import type { InputHTMLAttributes } from 'react';
import { useLanguage } from '../lib/i18n';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

export function AmountInput({ value, onValueChange, ...rest }: Props) {
  const language = useLanguage();
  return (
    <input
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      {...rest}
      type="text"
      value={value}
      onChange={(event) => {
        const input = event.currentTarget;
        const written = inputDigits(input.value, language);
        if (written !== input.value) {
          // One digit for one: written in place, the caret stays where the player left it (React
          // then finds the value it is given already there).
          const { selectionStart, selectionEnd } = input;
          input.value = written;
          input.setSelectionRange(selectionStart, selectionEnd);
        }
        onValueChange(written);
      }}
    />
  );
}
