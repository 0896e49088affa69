/**
 * /m/member/benefits: the member's level, the way to the next one (each condition with its own
 * bar) and every level with its conditions and benefits. Amounts arrive in minor units.
 */
import { QueryState } from '../../../components/load-state';
import { formatMoney, formatPercent } from '@khela/contract/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { vipSummaryQueryOptions } from '../api/vip';
import styles from './member.module.css';
import { VipBar } from './vip-bar';

export function VipBenefits({ token, currencySymbol }: { token: string; currencySymbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useQuery(vipSummaryQueryOptions(token, language));
  const money = (minor: number) => formatMoney(minor, language, { symbol: currencySymbol });

  if (query.isPending || query.isError) return <QueryState query={query} />;
  const vip = query.data;
  const levelName = (id: number | null) => vip.levels.find((level) => level.id === id)?.name;
  const current = levelName(vip.currentLevelId);
  const next = levelName(vip.nextLevelId);
  const overall = next ? t('vip.progressTo', { level: next }) : t('vip.progressTop');

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="vip-current">
        <p className={styles.muted}>{t('vip.yourLevel')}</p>
        <h2 id="vip-current" className={styles.balanceValue}>
          {current ?? t('vip.noLevel')}
        </h2>
        <div className={styles.vipTop}>
          <span className={styles.vipLabel}>{overall}</span>
          <span className={styles.vipPercent}>
            {formatPercent(vip.progress.percentage, language)}
          </span>
        </div>
        <VipBar percentage={vip.progress.percentage} label={overall} />
        {vip.progress.conditions.map((condition) => {
          const name = t(condition.kind === 'deposits' ? 'vip.deposits' : 'vip.turnover');
          return (
            <div key={condition.kind} className={styles.condition}>
              <span className={styles.conditionHead}>
                <span>{name}</span>
                <span>
                  {t('vip.conditionValue', {
                    achieved: money(condition.achievedMinor),
                    required: money(condition.requiredMinor),
                  })}
                </span>
              </span>
              <VipBar percentage={Math.floor(condition.fraction * 100)} label={name} />
            </div>
          );
        })}
      </section>
      <p className={styles.muted}>{t('vip.howItWorks')}</p>
      <section aria-labelledby="vip-levels">
        <h2 id="vip-levels" className={styles.heading}>
          {t('vip.levels')}
        </h2>
        <ul className={styles.levels}>
          {vip.levels.map((level) => {
            const mine = level.id === vip.currentLevelId;
            const conditions = [
              level.depositsMinor > 0 &&
                t('vip.depositsAtLeast', { amount: money(level.depositsMinor) }),
              level.turnoverMinor > 0 &&
                t('vip.turnoverAtLeast', { amount: money(level.turnoverMinor) }),
            ].filter(Boolean);
            return (
              <li
                key={level.id}
                className={styles.level}
                aria-current={mine ? 'true' : undefined}
                aria-labelledby={`vip-level-${level.id}`}
              >
                <div className={styles.levelHead}>
                  <h3 id={`vip-level-${level.id}`} className={styles.levelName}>
                    {level.name}
                  </h3>
                  {mine && <span className={styles.rankBadge}>{t('vip.current')}</span>}
                </div>
                <p className={styles.muted}>
                  {t('vip.requires')}:{' '}
                  {conditions.length ? conditions.join(' · ') : t('vip.noConditions')}
                </p>
                <p>
                  {t('vip.benefits')}: {level.benefits}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
