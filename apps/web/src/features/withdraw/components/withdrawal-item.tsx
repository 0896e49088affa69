/**
 * One withdrawal in a list: amount, channel and account, time, status, and Cancel while pending
 * or waiting for the identity check (which the note explains).
 */
import { formatDate } from '@khela/contract/date';
import { formatAmount } from '@khela/contract/amount';
import type { Withdrawal } from '@khela/contract/withdrawals';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import formStyles from '../../../components/form.module.css';
import styles from './withdraw.module.css';

export function WithdrawalItem({
  withdrawal,
  onCancel,
  cancelling = false,
}: {
  withdrawal: Withdrawal;
  onCancel?: (id: string) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const amount = formatAmount(withdrawal.amountMinor, { language });
  return (
    <li className={formStyles.item}>
      <div className={formStyles.itemMain}>
        <span className={formStyles.amount}>৳{amount}</span>
        <span className={formStyles.muted}>
          {t('withdraw.to', {
            channel: withdrawal.channelName,
            account: withdrawal.accountNumber,
          })}
        </span>
        <time className={formStyles.muted} dateTime={withdrawal.createdAt}>
          {formatDate(withdrawal.createdAt, 'dateTime', language)}
        </time>
        {withdrawal.status === 'waiting_kyc' && (
          <span className={formStyles.muted}>{t('withdraw.waitingKycNote')}</span>
        )}
        {withdrawal.note && (
          <span className={formStyles.muted}>
            {t('withdraw.reason', { reason: withdrawal.note })}
          </span>
        )}
      </div>
      <div className={styles.actions}>
        <span className={styles.status} data-status={withdrawal.status}>
          {t(`withdraw.status_${withdrawal.status}`)}
        </span>
        {(withdrawal.status === 'pending' || withdrawal.status === 'waiting_kyc') && onCancel && (
          <button
            type="button"
            className={formStyles.small}
            aria-label={t('withdraw.cancelLabel', { amount })}
            disabled={cancelling}
            onClick={() => onCancel(withdrawal.id)}
          >
            {t('withdraw.cancel')}
          </button>
        )}
      </div>
    </li>
  );
}
