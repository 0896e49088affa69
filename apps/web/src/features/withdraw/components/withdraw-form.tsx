/**
 * The withdraw screen: balance, the bound payee account to pay (or a link to bind one in the
 * security centre), the amount within the channel's min and max (an "All" button), the payment
 * password when the member has one, and the pending requests with Cancel. While a bonus is active
 * the server asks (409 bonus.forfeitRequired) and a dialog says what is forfeited: confirming
 * sends the request again with `forfeitBonus: true`; cancelling changes nothing. Each submit carries an
 * Idempotency-Key made for it; a retry after a lost answer reuses it, so nothing is held twice.
 */
import { QueryState } from '../../../components/load-state';
import { amountInputValue, formatAmount } from '@khela/contract/amount';
import { formatMoney } from '@khela/contract/format';
import type { RoutePath } from '@khela/contract/routes';
import type { CreateWithdrawalBody, WithdrawOptions } from '@khela/contract/withdrawals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { Dialog } from '../../../components/dialog';
import { showToast } from '../../../lib/notify';
import {
  requestWithdrawal,
  withdrawOptionsQueryOptions,
  withdrawQueryKey,
} from '../api/withdrawals';
import { useCancelWithdrawal } from './use-cancel-withdrawal';
import formStyles from '../../../components/form.module.css';
import styles from './withdraw.module.css';
import { WithdrawalItem } from './withdrawal-item';
import { checkAmount } from '../../../lib/amount-check';
import { AmountInput } from '../../../components/amount-input';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useLanguage } from '../../../lib/i18n';

const SECURITY_CENTER: RoutePath = '/m/securityCenter';
const RECORDS: RoutePath = '/m/withdrawReport';

interface Props {
  token: string;
  /** Called after money moved (a request or a cancel): the header's balance refreshes. */
  onMoneyMoved: () => unknown;
}

export function WithdrawScreen({ token, onMoneyMoved }: Props) {
  const options = useQuery(withdrawOptionsQueryOptions(token));
  if (options.isPending || options.isError) return <QueryState query={options} />;
  return <WithdrawForm data={options.data} onMoneyMoved={onMoneyMoved} />;
}

type FieldErrors = Partial<Record<'amount' | 'paymentPassword', string>>;

function WithdrawForm({
  data,
  onMoneyMoved,
}: {
  data: WithdrawOptions;
  onMoneyMoved: Props['onMoneyMoved'];
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [payeeId, setPayeeId] = useState(data.payees[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const keys = useIdempotencyKeys();
  const cancel = useCancelWithdrawal(onMoneyMoved);
  /** The request the server asked to confirm a bonus forfeit for, and that bonus balance. */
  const [forfeitAsk, setForfeitAsk] = useState<{
    body: CreateWithdrawalBody;
    bonusMinor: number;
  } | null>(null);

  const payee = data.payees.find((p) => p.id === payeeId) ?? data.payees[0];
  const channel = payee && data.channels.find((c) => c.code === payee.channelCode);
  const submit = useMutation({
    meta: { silent: true },
    mutationFn: ({ body, key }: { body: CreateWithdrawalBody; key: string }) =>
      requestWithdrawal(body, key),
  });

  const validate = (): { amountMinor: number } | null => {
    const next: FieldErrors = {};
    const { minor, problem } = checkAmount(amount, {
      minMinor: channel?.minMinor,
      maxMinor: channel?.maxMinor,
      balanceMinor: data.balanceMinor,
    });
    if (problem)
      next.amount = t(`withdraw.${problem}`, {
        min: channel ? formatAmount(channel.minMinor, { language }) : '',
        max: channel ? formatAmount(channel.maxMinor, { language }) : '',
      });
    if (data.paymentPasswordSet && paymentPassword === '')
      next.paymentPassword = t('withdraw.passwordRequired');
    setErrors(next);
    const first = next.amount ? 'amount' : next.paymentPassword ? 'paymentPassword' : null;
    if (first) document.getElementById(`${id}-${first}`)?.focus();
    return first || minor === null ? null : { amountMinor: minor };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!payee || submit.isPending) return;
    const valid = validate();
    if (!valid) return;
    const body: CreateWithdrawalBody = {
      payeeId: payee.id,
      amountMinor: valid.amountMinor,
      ...(data.paymentPasswordSet ? { paymentPassword } : {}),
    };
    await send(body);
  };

  const send = async (body: CreateWithdrawalBody) => {
    // Confirming the forfeit is another request than the one refused, so it has its own key.
    const request = JSON.stringify([body.payeeId, body.amountMinor, body.forfeitBonus === true]);
    const key = keys.keyFor(request);
    try {
      await submit.mutateAsync({ body, key });
      keys.settle(request);
      setAmount('');
      setPaymentPassword('');
      showToast(t('withdraw.requested'), 'success');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawQueryKey }),
        onMoneyMoved(),
      ]);
    } catch (error) {
      // Only a lost answer keeps the key: the server may have taken the request.
      keys.settle(request, error);
      if (!(error instanceof ApiError)) throw error;
      switch (error.errorCode) {
        case 'bonus.forfeitRequired': {
          const bonusMinor = Number(error.data?.bonusMinor);
          setForfeitAsk({ body, bonusMinor: Number.isFinite(bonusMinor) ? bonusMinor : 0 });
          return;
        }
        case 'wallet.paymentPasswordWrong':
          setPaymentPassword('');
          setErrors({ paymentPassword: error.message });
          document.getElementById(`${id}-paymentPassword`)?.focus();
          return;
        case 'wallet.amountOutOfRange':
        case 'wallet.insufficientFunds':
          setErrors({ amount: error.message });
          void queryClient.invalidateQueries({ queryKey: withdrawQueryKey });
          return;
        default:
          showToast(error.message, 'error');
      }
    }
  };

  const confirmForfeit = () => {
    if (!forfeitAsk || submit.isPending) return;
    const body = { ...forfeitAsk.body, forfeitBonus: true };
    setForfeitAsk(null);
    void send(body);
  };

  const fillAll = () => {
    const most = Math.min(data.balanceMinor, channel?.maxMinor ?? data.balanceMinor);
    setAmount(amountInputValue(Math.max(0, most), language));
    setErrors((current) => ({ ...current, amount: undefined }));
  };

  return (
    <div className={formStyles.screen}>
      <section className={`${formStyles.card} ${styles.balance}`} aria-labelledby={`${id}-balance`}>
        <span id={`${id}-balance`} className={formStyles.muted}>
          {t('withdraw.balance')}
        </span>
        <span className={styles.balanceValue}>{formatMoney(data.balanceMinor, language)}</span>
      </section>

      {data.payees.length === 0 ? (
        <section className={formStyles.card}>
          <p className={formStyles.muted}>{t('withdraw.noPayee')}</p>
          <Link className={formStyles.secondary} to={SECURITY_CENTER}>
            {t('withdraw.bindPayee')}
          </Link>
        </section>
      ) : (
        <form
          className={`${formStyles.card} ${formStyles.form}`}
          noValidate
          onSubmit={(e) => void onSubmit(e)}
        >
          <fieldset className={formStyles.field}>
            <legend className={formStyles.label}>{t('withdraw.payee')}</legend>
            {data.payees.map((p) => (
              <label key={p.id} className={formStyles.option}>
                <input
                  type="radio"
                  name="payee"
                  value={p.id}
                  checked={payee?.id === p.id}
                  onChange={() => setPayeeId(p.id)}
                />
                <span>
                  {p.channelName} {p.accountNumber} · {p.accountName}
                </span>
              </label>
            ))}
            <Link className={formStyles.muted} to={SECURITY_CENTER}>
              {t('withdraw.managePayees')}
            </Link>
          </fieldset>
          {channel && !channel.enabled && (
            <p className={formStyles.error} role="alert">
              {t('withdraw.channelOff', { channel: channel.name })}
            </p>
          )}
          <div className={formStyles.field}>
            <label htmlFor={`${id}-amount`} className={formStyles.label}>
              {t('withdraw.amount')}
            </label>
            <div className={formStyles.control}>
              <AmountInput
                id={`${id}-amount`}
                className={formStyles.input}
                value={amount}
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`${id}-amount-note`}
                onValueChange={(value) => {
                  setAmount(value);
                  setErrors((current) => ({ ...current, amount: undefined }));
                }}
              />
              <button type="button" className={formStyles.small} onClick={fillAll}>
                {t('withdraw.all')}
              </button>
            </div>
            {errors.amount ? (
              <p id={`${id}-amount-note`} className={formStyles.error}>
                {errors.amount}
              </p>
            ) : (
              channel && (
                <p id={`${id}-amount-note`} className={formStyles.muted}>
                  {t('withdraw.amountHint', {
                    min: formatAmount(channel.minMinor, { language }),
                    max: formatAmount(channel.maxMinor, { language }),
                  })}
                </p>
              )
            )}
          </div>
          {data.paymentPasswordSet && (
            <div className={formStyles.field}>
              <label htmlFor={`${id}-paymentPassword`} className={formStyles.label}>
                {t('withdraw.paymentPassword')}
              </label>
              <input
                id={`${id}-paymentPassword`}
                className={formStyles.input}
                type="password"
                autoComplete="off"
                value={paymentPassword}
                aria-invalid={errors.paymentPassword ? true : undefined}
                aria-describedby={errors.paymentPassword ? `${id}-pp-error` : undefined}
                onChange={(event) => {
                  setPaymentPassword(event.target.value);
                  setErrors((current) => ({ ...current, paymentPassword: undefined }));
                }}
              />
              {errors.paymentPassword && (
                <p id={`${id}-pp-error`} className={formStyles.error}>
                  {errors.paymentPassword}
                </p>
              )}
            </div>
          )}
          <button
            type="submit"
            className={formStyles.primary}
            disabled={submit.isPending || (channel ? !channel.enabled : false)}
          >
            {submit.isPending ? t('withdraw.submitting') : t('withdraw.submit')}
          </button>
        </form>
      )}

      {data.pending.length > 0 && (
        <section className={formStyles.card} aria-labelledby={`${id}-pending`}>
          <h2 id={`${id}-pending`} className={formStyles.title}>
            {t('withdraw.pendingTitle')}
          </h2>
          <ul className={formStyles.list}>
            {data.pending.map((w) => (
              <WithdrawalItem
                key={w.id}
                withdrawal={w}
                cancelling={cancel.isPending}
                onCancel={(withdrawalId) => cancel.mutate(withdrawalId)}
              />
            ))}
          </ul>
        </section>
      )}
      <Link className={formStyles.secondary} to={RECORDS}>
        {t('withdraw.records')}
      </Link>
      <Dialog
        open={forfeitAsk !== null}
        onClose={() => setForfeitAsk(null)}
        title={t('bonus.withdrawForfeitTitle')}
      >
        <p className={formStyles.muted}>
          {t('bonus.withdrawForfeitBody', {
            amount: formatMoney(forfeitAsk?.bonusMinor ?? 0, language),
          })}
        </p>
        <div className={styles.dialogActions}>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => setForfeitAsk(null)}
          >
            {t('bonus.keep')}
          </button>
          <button type="button" className={formStyles.primary} onClick={confirmForfeit}>
            {t('bonus.withdrawForfeitConfirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
