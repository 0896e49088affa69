/** One deposit in a list: amount, channel, time, reference and status. */
import { formatDate } from '@khela/contract/date';
import type { Deposit } from '@khela/contract/cashier';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { withSymbol } from '../utils/money';
import formStyles from '../../../components/form.module.css';
import styles from './cashier.module.css';

export function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={formStyles.item}>
      <div className={formStyles.itemMain}>
        <span className={formStyles.amount}>
          {withSymbol(deposit.amountMinor, deposit.currency, language)}
        </span>
        <span className={formStyles.muted}>{deposit.channelName}</span>
        <time className={formStyles.muted} dateTime={deposit.createdAt}>
          {formatDate(deposit.createdAt, 'dateTime', language)}
        </time>
        <span className={formStyles.muted}>
          {t('deposit.reference', { ref: deposit.providerRef })}
        </span>
      </div>
      <span className={styles.status} data-status={deposit.status}>
        {t(`deposit.status_${deposit.status}`)}
      </span>
    </li>
  );
}
