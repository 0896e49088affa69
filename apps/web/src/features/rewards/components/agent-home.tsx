/**
 * Agent home (/m/agent/home): the invitation code and link with Copy, the team's numbers for a
 * period of Dhaka days (members, new members, active members, deposits, turnover), the team list
 * with masked usernames, and the contract screens. The contract-request check (accounts spec §6)
 * lists the payments ready to request, except for member types 4, 40, 41 and 42, which skip it.
 * A non-agent is told the page is for agents.
 */
import { QueryState } from '../../../components/load-state';
import { formatDate } from '@khela/contract/date';
import { formatAmount } from '@khela/contract/amount';
import { formatMoney } from '@khela/contract/format';
import { skipsContractCheck } from '@khela/contract/members';
import type { AgentContractKind } from '@khela/contract/rewards';
import { ROUTES, type RoutePath } from '@khela/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyField } from '../../../components/copy-field';
import { DateShown, openPicker } from '../../../components/date-shown';
import { useLanguage } from '../../../lib/i18n';
import { referralQueryOptions } from '../../../lib/referral-query';
import { useSessionStore } from '../../../lib/session-store';
import { agentContractCheckQueryOptions, agentHomeQueryOptions } from '../api/rewards';
import { periodLabel } from './agent-contract';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';

const CONTRACTS: { path: RoutePath; key: AgentContractKind }[] = [
  { path: '/m/member/agent/getSalaryContract', key: 'salary' },
  { path: '/m/member/agent/getDevidendContract', key: 'dividend' },
  { path: '/m/member/agent/getHourContract', key: 'hourly' },
];

/** The contract-request check: what the agent may ask for now, each linking to its contract. */
function ContractsDue({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const check = useQuery(agentContractCheckQueryOptions(token));
  const due = check.data?.due ?? [];
  if (due.length === 0) return null;
  return (
    <section className={formStyles.card} aria-labelledby={`${id}-due`}>
      <h2 id={`${id}-due`} className={formStyles.title}>
        {t('agent.due')}
      </h2>
      <ul className={formStyles.list}>
        {due.map((d) => {
          const path = CONTRACTS.find((c) => c.key === d.kind)!.path;
          const query = new URLSearchParams({ periodStart: d.periodStart });
          if (d.periodHour !== null) query.set('periodHour', String(d.periodHour));
          return (
            <li key={d.kind}>
              <Link to={`${path}?${query.toString()}`}>
                {t(`agent.due_${d.kind}`, {
                  period: periodLabel(d.kind, d, language),
                  amount: formatAmount(d.amountMinor, { language }),
                })}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function AgentHome({ token }: { token: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [period, setPeriod] = useState<{ from?: string; to?: string }>({});
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const home = useQuery(agentHomeQueryOptions(token, period.from, period.to));
  const referral = useQuery(referralQueryOptions(token));
  const type = useSessionStore((state) => state.session?.type);

  if (home.isPending || home.isError) return <QueryState query={home} showError />;
  const data = home.data;
  const range = draft ?? { from: data.from, to: data.to };
  const onShow = (event: FormEvent) => {
    event.preventDefault();
    setPeriod(range);
    setDraft(null);
  };
  const joined = (iso: string) => formatDate(iso, 'date', language);

  return (
    <div className={formStyles.screen}>
      <div className={formStyles.card}>
        <CopyField
          label={t('agent.inviteCode')}
          value={data.inviteCode}
          copyLabel={t('agent.copyCode')}
          copyText={t('agent.copy')}
          copiedText={t('agent.copied')}
        />
        {referral.data && (
          <CopyField
            label={t('agent.inviteLink')}
            value={`${window.location.origin}${referral.data.invitePath}`}
            copyLabel={t('agent.copyLink')}
            copyText={t('agent.copy')}
            copiedText={t('agent.copied')}
          />
        )}
      </div>

      {type !== undefined && !skipsContractCheck(type) && <ContractsDue token={token} />}

      <form className={formStyles.card} onSubmit={onShow}>
        <div className={styles.period}>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-from`} className={formStyles.label}>
              {t('agent.from')}
            </label>
            <DateShown value={range.from}>
              <input
                id={`${id}-from`}
                type="date"
                className={formStyles.input}
                value={range.from}
                max={range.to}
                onClick={openPicker}
                onChange={(e) => setDraft({ ...range, from: e.target.value })}
              />
            </DateShown>
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-to`} className={formStyles.label}>
              {t('agent.to')}
            </label>
            <DateShown value={range.to}>
              <input
                id={`${id}-to`}
                type="date"
                className={formStyles.input}
                value={range.to}
                min={range.from}
                onClick={openPicker}
                onChange={(e) => setDraft({ ...range, to: e.target.value })}
              />
            </DateShown>
          </div>
        </div>
        <button type="submit" className={formStyles.secondary}>
          {t('agent.apply')}
        </button>
        <dl className={styles.stats}>
          <div>
            <dt className={formStyles.muted}>{t('agent.teamCount')}</dt>
            <dd>{data.teamCount}</dd>
          </div>
          <div>
            <dt className={formStyles.muted}>{t('agent.newMembers')}</dt>
            <dd>{data.newMembers}</dd>
          </div>
          <div>
            <dt className={formStyles.muted}>{t('agent.activeMembers')}</dt>
            <dd>{data.activeMembers}</dd>
          </div>
          <div>
            <dt className={formStyles.muted}>{t('agent.deposits')}</dt>
            <dd>{formatMoney(data.depositsMinor, language)}</dd>
          </div>
          <div>
            <dt className={formStyles.muted}>{t('agent.turnover')}</dt>
            <dd>{formatMoney(data.turnoverMinor, language)}</dd>
          </div>
        </dl>
      </form>

      <section className={formStyles.card} aria-labelledby={`${id}-contracts`}>
        <h2 id={`${id}-contracts`} className={formStyles.title}>
          {t('agent.contracts')}
        </h2>
        {CONTRACTS.map((c) => (
          <Link key={c.key} className={formStyles.secondary} to={c.path}>
            {ROUTES.find((r) => r.path === c.path)?.title[language]}
          </Link>
        ))}
      </section>

      <section className={formStyles.card} aria-labelledby={`${id}-members`}>
        <h2 id={`${id}-members`} className={formStyles.title}>
          {t('agent.members')}
        </h2>
        {data.members.length === 0 ? (
          <p className={formStyles.muted}>{t('agent.noMembers')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.members.map((m, i) => (
              <li key={`${m.username}-${m.joinedAt}-${i}`} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span className={formStyles.amount}>{m.username}</span>
                  <span className={formStyles.muted}>
                    {t('agent.joined', { date: joined(m.joinedAt) })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
