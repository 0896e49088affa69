/**
 * The deposit screen (/m/voucherCenter): pick a payment channel, an amount (preset buttons or
 * typed, within the channel's min and max), and continue to the provider's pay page in the same
 * tab. Each submit carries an Idempotency-Key made for it; only a retry after a lost answer reuses
 * it, so a double tap or a flaky network never opens two payments. When the provider sends the
 * player back (?deposit=<id>), the deposit's state shows at the top and, once paid, the header
 * balance refreshes.
 */
import { QueryState } from '../../../components/load-state';
import { amountInputValue, formatAmount } from '@khela/contract/amount';
import type { Channel, CreateDepositBody } from '@khela/contract/cashier';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { AmountInput } from '../../../components/amount-input';
import { showToast } from '../../../lib/notify';
import {
  cashierQueryKey,
  channelsQueryOptions,
  depositQueryOptions,
  startDeposit,
} from '../api/cashier';
import { withSymbol } from '../utils/money';
import formStyles from '../../../components/form.module.css';
import styles from './cashier.module.css';
import { DepositItem } from './deposit-item';
import { checkAmount } from '../../../lib/amount-check';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { PromoCodeSchema } from '@khela/contract/bonus';

export interface DepositScreenProps {
  token: string;
  /** The deposit the provider sent the player back for (`?deposit=<id>`), if any. */
  returnedId: string | null;
  /** Called once a deposit shows as paid: the header's balance refreshes. */
  onMoneyMoved: () => unknown;
  /** Opens the provider's pay page (the route does `location.assign`). */
  openPayPage: (url: string) => void;
  /** The deposit records screen, or null while its flag (DEPRECM3) is off. */
  recordsPath: string | null;
  /** The bonus choice made before paying (the bonus feature's, composed by the route). */
  bonusChoice?: (props: BonusSlotProps) => ReactNode;
}

/** The bonus the player opted into: an offer's campaign (null: none) and a promo code. */
export interface BonusSelection {
  campaignId: string | null;
  promoCode: string;
}

export interface BonusSlotProps {
  value: BonusSelection;
  onChange: (value: BonusSelection) => void;
  /** Why the bonus was refused, or why the code is not right: shown beside the choice. */
  error: string | null;
}

const NO_BONUS: BonusSelection = { campaignId: null, promoCode: '' };

export function DepositScreen(props: DepositScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const channels = useQuery(channelsQueryOptions(language));
  return (
    <div className={formStyles.screen}>
      {props.returnedId && (
        <ReturnedDeposit token={props.token} id={props.returnedId} onPaid={props.onMoneyMoved} />
      )}
      {channels.isPending || channels.isError ? (
        <QueryState query={channels} />
      ) : (
        <DepositForm
          bonusChoice={props.bonusChoice}
          channels={channels.data.list.filter((c) => c.deposit.enabled)}
          openPayPage={props.openPayPage}
        />
      )}
      {props.recordsPath && (
        <Link className={formStyles.secondary} to={props.recordsPath}>
          {t('deposit.records')}
        </Link>
      )}
    </div>
  );
}

/** The deposit the player came back for: its state, asked again while it is pending. */
function ReturnedDeposit({
  token,
  id,
  onPaid,
}: {
  token: string;
  id: string;
  onPaid: () => unknown;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deposit = useQuery(depositQueryOptions(token, id));
  const status = deposit.data?.status;
  const told = useRef(false);
  useEffect(() => {
    if (status === 'paid' && !told.current) {
      told.current = true;
      void onPaid();
    }
  }, [status, onPaid]);
  if (deposit.isPending) return <Spinner label={t('common.loading')} block />;
  if (deposit.isError) return null;
  const d = deposit.data;
  return (
    <section className={formStyles.card} aria-labelledby={`deposit-${d.id}-result`}>
      <h2 id={`deposit-${d.id}-result`} className={formStyles.title}>
        {t('deposit.resultTitle')}
      </h2>
      <p className={styles.result} data-status={d.status} role="status">
        {t(`deposit.result_${d.status}`, {
          amount: withSymbol(d.amountMinor, d.currency, language),
        })}
      </p>
      <ul className={formStyles.list}>
        <DepositItem deposit={d} />
      </ul>
    </section>
  );
}

type FieldErrors = Partial<Record<'amount', string>>;

function DepositForm({
  bonusChoice,
  channels,
  openPayPage,
}: {
  bonusChoice: DepositScreenProps['bonusChoice'];
  channels: Channel[];
  openPayPage: (url: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(channels[0]?.code ?? '');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [bonus, setBonus] = useState<BonusSelection>(NO_BONUS);
  const [bonusError, setBonusError] = useState<string | null>(null);
  const keys = useIdempotencyKeys();
  const submit = useMutation({
    meta: { silent: true },
    mutationFn: ({ body, key }: { body: CreateDepositBody; key: string }) =>
      startDeposit(body, key),
  });

  const channel = channels.find((c) => c.code === code) ?? channels[0];
  if (!channel) {
    return (
      <section className={formStyles.card}>
        <p className={formStyles.muted}>{t('deposit.noChannels')}</p>
      </section>
    );
  }
  const { minMinor, maxMinor, presetsMinor } = channel.deposit;
  const checked = checkAmount(amount, { minMinor, maxMinor });
  const typed = checked.minor;
  const range = {
    min: withSymbol(minMinor, channel.currency, language),
    max: withSymbol(maxMinor, channel.currency, language),
  };

  const validate = (): number | null => {
    const message = checked.problem ? t(`deposit.${checked.problem}`, range) : undefined;
    setErrors({ amount: message });
    if (message) document.getElementById(`${id}-amount`)?.focus();
    return checked.problem ? null : checked.minor;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    setRefusal(null);
    setBonusError(null);
    const amountMinor = validate();
    if (amountMinor === null) return;
    const typedCode = bonus.promoCode.trim();
    const code = typedCode === '' ? null : PromoCodeSchema.safeParse(typedCode);
    if (code && !code.success) {
      setBonusError(t('bonus.promoInvalid'));
      return;
    }
    // The bonus is opted into here, before paying (docs/bonuses.md).
    const body: CreateDepositBody = {
      channelCode: channel.code,
      amountMinor,
      ...(bonus.campaignId ? { bonusCampaignId: bonus.campaignId } : {}),
      ...(code?.success ? { promoCode: code.data } : {}),
    };
    const request = JSON.stringify([
      body.channelCode,
      body.amountMinor,
      body.bonusCampaignId,
      body.promoCode,
    ]);
    const key = keys.keyFor(request);
    try {
      const answer = await submit.mutateAsync({ body, key });
      keys.settle(request);
      openPayPage(answer.payUrl);
    } catch (error) {
      // Only a lost answer keeps the key: the server may have made the deposit.
      keys.settle(request, error);
      if (!(error instanceof ApiError)) throw error;
      // A refused bonus (minimum deposit, taken already, a wrong code): said beside the choice.
      if (error.errorCode.startsWith('bonus.')) {
        setBonusError(error.message);
        return;
      }
      switch (error.errorCode) {
        case 'wallet.amountOutOfRange':
          setErrors({ amount: error.message });
          void queryClient.invalidateQueries({ queryKey: [...cashierQueryKey, 'channels'] });
          return;
        case 'wallet.channelUnavailable':
          showToast(error.message, 'error');
          void queryClient.invalidateQueries({ queryKey: [...cashierQueryKey, 'channels'] });
          return;
        case 'wallet.depositLimitReached':
        case 'wallet.excluded':
          setRefusal(error.message);
          return;
        default:
          showToast(error.message, 'error');
      }
    }
  };

  const pick = (minor: number) => {
    setAmount(amountInputValue(minor, language));
    setErrors({});
  };

  return (
    <form
      className={`${formStyles.card} ${formStyles.form}`}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
    >
      <fieldset className={formStyles.field}>
        <legend className={formStyles.label}>{t('deposit.channel')}</legend>
        <div className={styles.channels}>
          {channels.map((c) => (
            <label key={c.code} className={formStyles.option}>
              <input
                type="radio"
                name="channel"
                value={c.code}
                checked={channel.code === c.code}
                onChange={() => {
                  setCode(c.code);
                  setErrors({});
                }}
              />
              <span>{c.name}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {presetsMinor.length > 0 && (
        <fieldset className={formStyles.field}>
          <legend className={formStyles.label}>{t('deposit.presets')}</legend>
          <div className={styles.presets}>
            {presetsMinor.map((preset) => (
              <button
                key={preset}
                type="button"
                className={styles.preset}
                aria-pressed={typed === preset}
                onClick={() => pick(preset)}
              >
                {formatAmount(preset, { cents: 'whole', language })}
              </button>
            ))}
          </div>
        </fieldset>
      )}

      <div className={formStyles.field}>
        <label htmlFor={`${id}-amount`} className={formStyles.label}>
          {t('deposit.amount')}
        </label>
        <AmountInput
          id={`${id}-amount`}
          className={formStyles.input}
          placeholder={t('deposit.amountPlaceholder')}
          value={amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={`${id}-amount-note`}
          onValueChange={(value) => {
            setAmount(value);
            setErrors({});
          }}
        />
        {errors.amount ? (
          <p id={`${id}-amount-note`} className={formStyles.error}>
            {errors.amount}
          </p>
        ) : (
          <p id={`${id}-amount-note`} className={formStyles.muted}>
            {t('deposit.amountHint', range)}
          </p>
        )}
      </div>

      {bonusChoice?.({
        value: bonus,
        onChange: (next) => {
          setBonus(next);
          setBonusError(null);
        },
        error: bonusError,
      })}

      {channel.playMoney && (
        <p className={styles.playMoney} role="note">
          {t('deposit.playMoney')}
        </p>
      )}
      {refusal && (
        <p className={formStyles.error} role="alert">
          {refusal}
        </p>
      )}
      <button type="submit" className={formStyles.primary} disabled={submit.isPending}>
        {submit.isPending ? t('deposit.submitting') : t('deposit.submit')}
      </button>
      <p className={formStyles.muted}>{t('deposit.redirectNote')}</p>
    </form>
  );
}
