/**
 * A period of whole days: "from" and "to" date fields limited to the spec's years (2000–2030) and
 * quick picks (today, yesterday, the last 7 and 30 days), each day written in the player's language. A valid change is passed on at once; a
 * reversed, too long or out-of-range period shows why and is not passed on.
 */
import { DATE_PICKER_RANGE } from '@khela/contract/constants';
import { formatDay } from '@khela/contract/format';
import { addDays, recordToday, spanDays } from '@khela/contract/records';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n';
import { DateShown, openPicker } from './date-shown';
import styles from './date-range-picker.module.css';

export interface DayRange {
  from: string;
  to: string;
}

export interface DateRangePickerProps {
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** Longest period allowed, in days (both ends included). */
  maxDays?: number;
  /** Today as YYYY-MM-DD (the records' time zone by default). */
  today?: string;
}

const MIN_DAY = `${DATE_PICKER_RANGE.fromYear}-01-01`;
const MAX_DAY = `${DATE_PICKER_RANGE.toYear}-12-31`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Problem = 'reversed' | 'tooLong' | 'outOfRange';

function problemOf(range: DayRange, maxDays: number | undefined): Problem | undefined {
  const inBounds = (day: string) => DAY.test(day) && day >= MIN_DAY && day <= MAX_DAY;
  if (!inBounds(range.from) || !inBounds(range.to)) return 'outOfRange';
  if (range.from > range.to) return 'reversed';
  if (maxDays !== undefined && spanDays(range.from, range.to) > maxDays) return 'tooLong';
  return undefined;
}

export function DateRangePicker({
  value,
  onChange,
  maxDays,
  today = recordToday(),
}: DateRangePickerProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [draft, setDraft] = useState<DayRange>(value);
  const [shown, setShown] = useState<DayRange>(value);
  // A new value from the parent (a reset) replaces what is being typed.
  if (value.from !== shown.from || value.to !== shown.to) {
    setShown(value);
    setDraft(value);
  }
  const problem = problemOf(draft, maxDays);

  const change = (next: DayRange) => {
    setDraft(next);
    if (!problemOf(next, maxDays)) onChange(next);
  };

  const presets: { key: 'today' | 'yesterday' | 'last7' | 'last30'; range: DayRange }[] = [
    { key: 'today', range: { from: today, to: today } },
    { key: 'yesterday', range: { from: addDays(today, -1), to: addDays(today, -1) } },
    { key: 'last7', range: { from: addDays(today, -6), to: today } },
    { key: 'last30', range: { from: addDays(today, -29), to: today } },
  ];

  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>{t('dateRange.label')}</legend>
      <div className={styles.presets}>
        {presets.map(({ key, range }) => (
          <button
            key={key}
            type="button"
            className={styles.preset}
            aria-pressed={draft.from === range.from && draft.to === range.to}
            onClick={() => change(range)}
          >
            {t(`dateRange.${key}`)}
          </button>
        ))}
      </div>
      <div className={styles.fields}>
        {(['from', 'to'] as const).map((end) => (
          <div key={end} className={styles.field}>
            <label className={styles.label} htmlFor={`${id}-${end}`}>
              {t(`dateRange.${end}`)}
            </label>
            <DateShown value={draft[end]}>
              <input
                id={`${id}-${end}`}
                type="date"
                className={styles.input}
                min={MIN_DAY}
                max={MAX_DAY}
                value={draft[end]}
                required
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onClick={openPicker}
                onChange={(event) => change({ ...draft, [end]: event.target.value })}
              />
            </DateShown>
          </div>
        ))}
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className={styles.problem}>
          {t(`dateRange.${problem}`, {
            days: maxDays,
            from: formatDay(MIN_DAY, language),
            to: formatDay(MAX_DAY, language),
          })}
        </p>
      )}
    </fieldset>
  );
}
