/** A VIP progress bar: filled to `percentage`, named by `label`, read out as a percentage. */
import { formatPercent } from '@khela/contract/format';
import { useLanguage } from '../../../lib/i18n';
import styles from './member.module.css';

export function VipBar({ percentage, label }: { percentage: number; label: string }) {
  const language = useLanguage();
  return (
    <span
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percentage}
      aria-valuetext={formatPercent(percentage, language)}
    >
      <span className={styles.barFill} style={{ width: `${percentage}%` }} />
    </span>
  );
}
