/** One deposit in a list: amount, channel, time, reference and status. */
import { formatDate } from '@khela/contract/date';
import type { Deposit } from '@khela/contract/cashier';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { withSymbol } from '../utils/money';
import styles from './cashier.module.css';

export function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={styles.item}>
      <div className={styles.itemMain}>
        <span className={styles.amount}>{withSymbol(deposit.amountMinor, deposit.currency)}</span>
        <span className={styles.muted}>{deposit.channelName}</span>
        <time className={styles.muted} dateTime={deposit.createdAt}>
          {formatDate(deposit.createdAt, 'dateTime', language)}
        </time>
        <span className={styles.muted}>{t('deposit.reference', { ref: deposit.providerRef })}</span>
      </div>
      <span className={styles.status} data-status={deposit.status}>
        {t(`deposit.status_${deposit.status}`)}
      </span>
    </li>
  );
}
