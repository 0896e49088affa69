/**
 * Deposit or loss limits per 24 hours, 7 days and 30 days: the limit in force, what is deposited
 * (or the net loss) and what is left, a raise or removal waiting out its 24 hours ("your new
 * limit applies from …"). An empty field means no limit. Both kinds follow the same rules.
 */
import { formatDate } from '@khela/contract/date';
import { amountInputValue } from '@khela/contract/amount';
import {
  DEPOSIT_LIMIT_PERIODS,
  type DepositLimitPeriod,
  type DepositLimit,
  type DepositLimitsBody,
  type LossLimit,
} from '@khela/contract/protection';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { formatMinor, parseLimit } from '../utils/format';
import formStyles from '../../../components/form.module.css';
import styles from './protection.module.css';

const toField = (minor: number | null) => (minor === null ? '' : amountInputValue(minor));

/** The strings of each kind of limit; the rules and fields are the same. */
const TEXT = {
  deposit: {
    heading: 'protection.limitsHeading',
    intro: 'protection.limitsIntro',
    label: 'protection.limitLabel',
    used: 'protection.used',
    save: 'protection.saveLimits',
  },
  loss: {
    heading: 'protection.lossLimitsHeading',
    intro: 'protection.lossLimitsIntro',
    label: 'protection.lossLimitLabel',
    used: 'protection.lossUsed',
    save: 'protection.saveLossLimits',
  },
} as const;

export type LimitKind = keyof typeof TEXT;

/** What a limit field starts with: the pending value when one waits, else the one in force. */
function initialValues(limits: (DepositLimit | LossLimit)[]): Record<DepositLimitPeriod, string> {
  const values = { day: '', week: '', month: '' };
  for (const limit of limits) {
    values[limit.period] = toField(limit.pending ? limit.pending.amountMinor : limit.amountMinor);
  }
  return values;
}

export function LimitsForm({
  kind,
  limits,
  onSave,
}: {
  kind: LimitKind;
  limits: (DepositLimit | LossLimit)[];
  onSave: (body: DepositLimitsBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const text = TEXT[kind];
  const [values, setValues] = useState(() => initialValues(limits));
  const [invalid, setInvalid] = useState<DepositLimitPeriod[]>([]);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: DepositLimitsBody = {};
    const bad: DepositLimitPeriod[] = [];
    for (const period of DEPOSIT_LIMIT_PERIODS) {
      const parsed = parseLimit(values[period]);
      if (parsed === 'invalid') bad.push(period);
      else body[period] = parsed;
    }
    setInvalid(bad);
    if (bad.length > 0) return;
    setPending(true);
    try {
      await onSave(body);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className={formStyles.card}
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-heading`} className={formStyles.title}>
        {t(text.heading)}
      </h3>
      <p className={formStyles.muted}>{t(text.intro)}</p>
      {limits.map((limit) => {
        const fieldId = `${id}-${limit.period}`;
        const errorId = `${fieldId}-error`;
        const infoId = `${fieldId}-info`;
        const isInvalid = invalid.includes(limit.period);
        return (
          <div key={limit.period} className={formStyles.field}>
            <label htmlFor={fieldId} className={formStyles.label}>
              {t(text.label, { period: t(`protection.period_${limit.period}`) })}
            </label>
            <input
              id={fieldId}
              className={formStyles.input}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('protection.noLimit')}
              value={values[limit.period]}
              aria-invalid={isInvalid}
              aria-describedby={isInvalid ? errorId : infoId}
              onChange={(event) =>
                setValues((current) => ({ ...current, [limit.period]: event.target.value }))
              }
            />
            {isInvalid && (
              <p id={errorId} className={formStyles.error}>
                {t('protection.limitInvalid')}
              </p>
            )}
            <div id={infoId}>
              {limit.amountMinor !== null && (
                <p className={formStyles.muted}>
                  {t(text.used, {
                    used: formatMinor(limit.usedMinor, language),
                    limit: formatMinor(limit.amountMinor, language),
                    left: formatMinor(limit.remainingMinor ?? 0, language),
                  })}
                </p>
              )}
              {limit.pending && (
                <p className={styles.notice}>
                  {limit.pending.amountMinor === null
                    ? t('protection.pendingRemoval', {
                        time: formatDate(limit.pending.from, 'dateTime', language),
                      })
                    : t('protection.pendingRaise', {
                        amount: formatMinor(limit.pending.amountMinor, language),
                        time: formatDate(limit.pending.from, 'dateTime', language),
                      })}
                </p>
              )}
            </div>
          </div>
        );
      })}
      <button type="submit" className={formStyles.primary} disabled={pending}>
        {t(text.save)}
      </button>
    </form>
  );
}
