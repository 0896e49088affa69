/**
 * The upline transfer screen (AGETRANSFERUP3): the upline agent's name, the balance, an amount
 * within the operator's limits and the payment password when set; one Idempotency-Key per submit,
 * kept only while its answer is lost. Says why when the member may not transfer.
 */
import { QueryState } from '../../../components/load-state';
import { formatAmount } from '@khela/contract/amount';
import { formatMoney } from '@khela/contract/format';
import type { UplineTransferBody, UplineTransferInfo } from '@khela/contract/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/notify';
import { rewardsQueryKey, transferToUpline, uplineTransferQueryOptions } from '../api/rewards';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';
import { checkAmount } from '../../../lib/amount-check';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/i18n';

interface Props {
  token: string;
  onMoneyMoved: () => unknown;
}

export function UplineTransferScreen({ token, onMoneyMoved }: Props) {
  const info = useQuery(uplineTransferQueryOptions(token));
  if (info.isPending || info.isError) return <QueryState query={info} />;
  return <UplineTransferForm data={info.data} onMoneyMoved={onMoneyMoved} />;
}

type FieldErrors = Partial<Record<'amount' | 'paymentPassword', string>>;

function UplineTransferForm({
  data,
  onMoneyMoved,
}: {
  data: UplineTransferInfo;
  onMoneyMoved: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const keys = useIdempotencyKeys();
  const submit = useMutation({
    meta: { silent: true },
    mutationFn: ({ body, key }: { body: UplineTransferBody; key: string }) =>
      transferToUpline(body, key),
  });

  const validate = (): number | null => {
    const next: FieldErrors = {};
    const { minor, problem } = checkAmount(amount, data);
    if (problem)
      next.amount = t(`upline.${problem}`, {
        min: formatAmount(data.minMinor, { language }),
        max: formatAmount(data.maxMinor, { language }),
      });
    if (data.paymentPasswordSet && paymentPassword === '')
      next.paymentPassword = t('upline.passwordRequired');
    setErrors(next);
    const first = next.amount ? 'amount' : next.paymentPassword ? 'paymentPassword' : null;
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first ? null : minor;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const amountMinor = validate();
    if (amountMinor === null) return;
    const request = String(amountMinor);
    const key = keys.keyFor(request);
    try {
      const answer = await submit.mutateAsync({
        body: { amountMinor, ...(data.paymentPasswordSet ? { paymentPassword } : {}) },
        key,
      });
      keys.settle(request);
      setAmount('');
      setPaymentPassword('');
      showToast(
        t('upline.done', {
          amount: formatAmount(answer.amountMinor, { language }),
          upline: answer.upline,
        }),
        'success',
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
        onMoneyMoved(),
      ]);
    } catch (error) {
      keys.settle(request, error);
      if (!(error instanceof ApiError)) throw error;
      if (error.errorCode === 'wallet.paymentPasswordWrong') {
        setPaymentPassword('');
        setErrors({ paymentPassword: error.message });
        document.getElementById(`${id}-paymentPassword`)?.focus();
      } else if (
        error.errorCode === 'wallet.insufficientFunds' ||
        error.errorCode === 'wallet.amountOutOfRange'
      ) {
        setErrors({ amount: error.message });
      } else {
        showToast(error.message, 'error');
      }
    }
  };

  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-balance`}>
        <div className={formStyles.between}>
          <span id={`${id}-balance`} className={formStyles.muted}>
            {t('upline.balance')}
          </span>
          <span className={styles.big}>{formatMoney(data.balanceMinor, language)}</span>
        </div>
        {data.upline && (
          <div className={formStyles.between}>
            <span className={formStyles.muted}>{t('upline.upline')}</span>
            <span className={formStyles.amount}>{data.upline}</span>
          </div>
        )}
      </section>
      {data.reason !== null ? (
        <p className={formStyles.card} role="status">
          {t(`upline.reason_${data.reason}`)}
        </p>
      ) : (
        <form className={formStyles.card} noValidate onSubmit={(e) => void onSubmit(e)}>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-amount`} className={formStyles.label}>
              {t('upline.amount')}
            </label>
            <input
              id={`${id}-amount`}
              className={formStyles.input}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={`${id}-amount-hint`}
              onChange={(e) => setAmount(e.target.value)}
            />
            <p id={`${id}-amount-hint`} className={formStyles.muted}>
              {errors.amount ? (
                <span className={formStyles.error}>{errors.amount}</span>
              ) : (
                t('upline.amountHint', {
                  min: formatAmount(data.minMinor, { language }),
                  max: formatAmount(data.maxMinor, { language }),
                })
              )}
            </p>
          </div>
          {data.paymentPasswordSet && (
            <div className={formStyles.field}>
              <label htmlFor={`${id}-paymentPassword`} className={formStyles.label}>
                {t('upline.paymentPassword')}
              </label>
              <input
                id={`${id}-paymentPassword`}
                className={formStyles.input}
                type="password"
                inputMode="numeric"
                autoComplete="off"
                value={paymentPassword}
                aria-invalid={errors.paymentPassword ? true : undefined}
                onChange={(e) => setPaymentPassword(e.target.value)}
              />
              {errors.paymentPassword && (
                <p className={formStyles.error}>{errors.paymentPassword}</p>
              )}
            </div>
          )}
          <button type="submit" className={formStyles.primary} disabled={submit.isPending}>
            {submit.isPending ? t('upline.submitting') : t('upline.submit')}
          </button>
        </form>
      )}
    </div>
  );
}
