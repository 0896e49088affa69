/** The money desk: withdrawals waiting, deposits, adjustments waiting for a second approval. */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DepositList } from './deposit-list';
import { WaitingAdjustments } from './waiting-adjustments';
import { WithdrawalQueue } from './withdrawal-queue';

const VIEWS = ['withdrawals', 'deposits', 'adjustments'] as const;
type View = (typeof VIEWS)[number];

export function MoneyDesk() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('view');
  const view: View = VIEWS.find((candidate) => candidate === asked) ?? 'withdrawals';
  return (
    <section>
      <h1>{t('nav.money')}</h1>
      <nav aria-label={t('money.views')} className="tabs">
        {VIEWS.map((name) => (
          <Link key={name} to={`?view=${name}`} aria-current={name === view ? 'page' : undefined}>
            {t(`money.view.${name}`)}
          </Link>
        ))}
      </nav>
      {view === 'withdrawals' ? (
        <WithdrawalQueue />
      ) : view === 'deposits' ? (
        <DepositList />
      ) : (
        <WaitingAdjustments />
      )}
    </section>
  );
}
