/**
 * Country dialing code (Bangladesh +880 first, from the server's list) beside the mobile number
 * (digits only, at most 20).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { countriesQueryOptions } from '../api/registration';
import type { BoundField } from '../hooks/use-form';
import { BANGLADESH_DIALING_CODE, digitsOnly, LIMITS } from '../utils/rules';
import formStyles from '../../../components/form.module.css';
import styles from './form.module.css';
import { TextField } from './text-field';

export function MobileField({
  mobile,
  dialingCode,
  onDialingCodeChange,
  label,
}: {
  mobile: BoundField;
  dialingCode: string;
  onDialingCodeChange: (code: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const countries = useQuery(countriesQueryOptions(useLanguage()));
  const selectId = `${mobile.id}-country`;
  const options = countries.data?.length
    ? countries.data
    : [{ countryCode: 'BD', name: 'Bangladesh', dialingCode: BANGLADESH_DIALING_CODE }];

  return (
    <div className={styles.row}>
      <div className={styles.field}>
        <label htmlFor={selectId} className={formStyles.label}>
          {t('auth.countryCode')}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={dialingCode}
          onChange={(event) => onDialingCodeChange(event.target.value)}
        >
          {options.map((country) => (
            <option key={country.countryCode} value={country.dialingCode}>
              {`${country.dialingCode} ${country.name}`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        {...mobile}
        label={label ?? t('auth.mobileNum')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={LIMITS.mobile}
        clean={(value) => digitsOnly(value, LIMITS.mobile)}
      />
    </div>
  );
}
