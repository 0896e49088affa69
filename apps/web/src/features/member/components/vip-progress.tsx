/**
 * The member centre's VIP bar: the level held, the level being worked toward and the spec's
 * percentage (floor of completed / expected conditions; full when there is no next label).
 * Opens /m/member/benefits. Draws nothing until the call answers (or when it fails).
 */
import { formatPercent } from '@khela/contract/format';
import { rankProgress } from '@khela/contract/vip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import { useLanguage } from '../../../lib/i18n';
import { rankProgressQueryOptions } from '../api/vip';
import styles from './member.module.css';
import { VipBar } from './vip-bar';

export function VipProgress({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(rankProgressQueryOptions(token));
  if (!query.data) return null;
  const { currentProgress, playerRankProgress } = query.data;
  const { percentage } = rankProgress(query.data);
  const next = playerRankProgress.labelName;
  const label = next ? t('vip.progressTo', { level: next }) : t('vip.progressTop');
  return (
    <Link to="/m/member/benefits" className={styles.vip}>
      <span className={styles.vipTop}>
        <span className={styles.rankBadge}>
          <span className="visually-hidden">{t('mine.rank')}: </span>
          {playerRankProgress.currentLabelName ?? t('vip.noLevel')}
        </span>
        <span className={styles.vipLabel}>{label}</span>
        <span className={styles.vipPercent}>{formatPercent(percentage, language)}</span>
      </span>
      <VipBar percentage={percentage} label={label} />
      <span className={styles.vipFoot}>
        {next && (
          <span>
            {t('vip.conditionsMet', {
              completed: currentProgress.completedConditions,
              expected: currentProgress.totalExpectedConditions,
            })}
          </span>
        )}
        <span className={styles.vipMore}>
          {t('vip.benefitsLink')}
          <Icon name="chevronDown" size={16} />
        </span>
      </span>
    </Link>
  );
}
