/**
 * A contract screen (daily salary, dividend, hourly): the operator's terms as tiers of team
 * turnover (and deposits), a period picker (a day, an hour of a day, a month) with what the
 * contract pays for it — computed by the server from the team's turnover, deposits and net
 * result — and a "Request payment" button, then the agent's requests with their status (and the
 * operator's reason for a rejected one). The amount is never sent: the server computes it.
 */
import { QueryState } from '../../../components/load-state';
import { formatAmount } from '@khela/contract/amount';
import {
  addDays,
  formatDay,
  formatMonth,
  languageDigits,
  siteDay,
  siteDayStart,
} from '@khela/contract/date';
import { ERRORS } from '@khela/contract/errors';
import { formatMoney } from '@khela/contract/format';
import type { Language } from '@khela/contract/language';
import type {
  AgentContractKind,
  AgentContractPeriod,
  AgentContractRequest,
} from '@khela/contract/rewards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateShown, openPicker } from '../../../components/date-shown';
import { ApiError } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { showToast } from '../../../lib/notify';
import {
  agentContractQueryOptions,
  agentContractQuoteQueryOptions,
  requestContractPayment,
  rewardsQueryKey,
} from '../api/rewards';
import { percent } from './money';
import formStyles from '../../../components/form.module.css';
import styles from './rewards.module.css';

const HOUR_MS = 3_600_000;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The last period that has ended: yesterday, the last full hour, last month. */
export function lastEndedPeriod(kind: AgentContractKind, now = Date.now()): AgentContractPeriod {
  const today = siteDay(now);
  switch (kind) {
    case 'salary':
      return { periodStart: addDays(today, -1) };
    case 'dividend':
      return { periodStart: `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01` };
    case 'hourly': {
      const hourAgo = now - HOUR_MS;
      const day = siteDay(hourAgo);
      const hour = Math.floor((hourAgo - siteDayStart(day).getTime()) / HOUR_MS);
      return { periodStart: day, periodHour: hour };
    }
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** A period as the agent reads it: a day, a day and an hour, or a month. */
export function periodLabel(
  kind: AgentContractKind,
  period: { periodStart: string; periodHour?: number | null | undefined },
  language: Language,
) {
  if (kind === 'dividend') return formatMonth(period.periodStart.slice(0, 7), language);
  const day = formatDay(period.periodStart, language);
  if (kind !== 'hourly') return day;
  const hour = period.periodHour ?? 0;
  return `${day} ${languageDigits(`${two(hour)}:00–${two((hour + 1) % 24)}:00`, language)}`;
}

/** The period asked for in the address (from the agent home's "ready to request"), else the last. */
function initialPeriod(kind: AgentContractKind, params: URLSearchParams): AgentContractPeriod {
  const day = params.get('periodStart');
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return lastEndedPeriod(kind);
  const hour = Number(params.get('periodHour') ?? 0);
  return kind === 'hourly'
    ? { periodStart: day, periodHour: Number.isInteger(hour) && hour >= 0 && hour < 24 ? hour : 0 }
    : { periodStart: day };
}

function PeriodPicker({
  kind,
  period,
  onChange,
}: {
  kind: AgentContractKind;
  period: AgentContractPeriod;
  onChange: (period: AgentContractPeriod) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  if (kind === 'dividend') {
    return (
      <div className={formStyles.field}>
        <label htmlFor={`${id}-month`} className={formStyles.label}>
          {t('agent.month')}
        </label>
        {/* The month in the site's language (the browser writes "October 2026" in any). */}
        <DateShown value={period.periodStart.slice(0, 7)} format={formatMonth}>
          <input
            id={`${id}-month`}
            type="month"
            className={formStyles.input}
            value={period.periodStart.slice(0, 7)}
            max={siteDay().slice(0, 7)}
            onClick={openPicker}
            onChange={(e) => {
              if (/^\d{4}-\d{2}$/.test(e.target.value)) {
                onChange({ periodStart: `${e.target.value}-01` });
              }
            }}
          />
        </DateShown>
      </div>
    );
  }
  return (
    <div className={styles.period}>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-day`} className={formStyles.label}>
          {t('agent.day')}
        </label>
        {/* The day in the site's language, as on the agent home (the browser writes 11/26/2026). */}
        <DateShown value={period.periodStart}>
          <input
            id={`${id}-day`}
            type="date"
            className={formStyles.input}
            value={period.periodStart}
            max={siteDay()}
            onClick={openPicker}
            onChange={(e) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) {
                onChange({ ...period, periodStart: e.target.value });
              }
            }}
          />
        </DateShown>
      </div>
      {kind === 'hourly' && (
        <div className={formStyles.field}>
          <label htmlFor={`${id}-hour`} className={formStyles.label}>
            {t('agent.hour')}
          </label>
          <select
            id={`${id}-hour`}
            className={formStyles.input}
            value={period.periodHour ?? 0}
            onChange={(e) => onChange({ ...period, periodHour: Number(e.target.value) })}
          >
            {HOURS.map((hour) => (
              <option key={hour} value={hour}>
                {t('agent.hourOption', {
                  from: languageDigits(two(hour), language),
                  to: languageDigits(two((hour + 1) % 24), language),
                })}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}

function QuoteCard({
  token,
  kind,
  period,
}: {
  token: string;
  kind: AgentContractKind;
  period: AgentContractPeriod;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const quote = useQuery(agentContractQuoteQueryOptions(token, kind, period));
  const [done, setDone] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: () => requestContractPayment(kind, period),
    onSuccess: async (answer) => {
      setDone(
        t('agent.requested', { amount: formatAmount(answer.request.amountMinor, { language }) }),
      );
      await queryClient.invalidateQueries({ queryKey: rewardsQueryKey });
    },
    onError: (error) => {
      showToast(
        error instanceof ApiError && error.message
          ? error.message
          : ERRORS['system.unknown'][language],
        'error',
      );
    },
  });

  return (
    <section className={formStyles.card} aria-labelledby={`${id}-quote`}>
      <h2 id={`${id}-quote`} className={formStyles.title}>
        {t('agent.quote')}: {periodLabel(kind, period, language)}
      </h2>
      {quote.isPending || quote.isError ? (
        <QueryState query={quote} showError />
      ) : (
        <>
          <dl className={styles.stats}>
            <div>
              <dt className={formStyles.muted}>{t('agent.teamTurnover')}</dt>
              <dd>{formatMoney(quote.data.turnoverMinor, language)}</dd>
            </div>
            <div>
              <dt className={formStyles.muted}>{t('agent.teamDeposits')}</dt>
              <dd>{formatMoney(quote.data.depositsMinor, language)}</dd>
            </div>
            {kind === 'dividend' && (
              <div>
                <dt className={formStyles.muted}>{t('agent.netLoss')}</dt>
                <dd>{formatMoney(quote.data.netLossMinor, language)}</dd>
              </div>
            )}
            <div>
              <dt className={formStyles.muted}>{t('agent.pays')}</dt>
              <dd>{formatMoney(quote.data.amountMinor, language)}</dd>
            </div>
          </dl>
          <p className={formStyles.muted}>
            {quote.data.tierIndex === null
              ? t('agent.noTier')
              : t('agent.tierReached', {
                  tier: languageDigits(String(quote.data.tierIndex + 1), language),
                })}
          </p>
          {quote.data.state !== 'requestable' && (
            <p role="status" className={formStyles.muted}>
              {quote.data.state === 'requested'
                ? t('agent.state_requested', {
                    status: t(`agent.status_${quote.data.request?.status ?? 'pending'}`),
                  })
                : t(`agent.state_${quote.data.state}`)}
            </p>
          )}
          {done && <p role="status">{done}</p>}
          <button
            type="button"
            className={formStyles.primary}
            disabled={quote.data.state !== 'requestable' || request.isPending}
            onClick={() => request.mutate()}
          >
            {request.isPending ? t('agent.requesting') : t('agent.request')}
          </button>
        </>
      )}
    </section>
  );
}

function RequestItem({
  kind,
  request,
}: {
  kind: AgentContractKind;
  request: AgentContractRequest;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <li className={formStyles.stackedItem}>
      <div className={formStyles.between}>
        <span>{periodLabel(kind, request, language)}</span>
        <span className={formStyles.amount}>{formatMoney(request.amountMinor, language)}</span>
      </div>
      <span className={styles.status} data-status={request.status}>
        {t(`agent.status_${request.status}`)}
      </span>
      {request.status === 'rejected' && request.reason && (
        <span className={formStyles.muted}>{t('agent.reason', { reason: request.reason })}</span>
      )}
    </li>
  );
}

export function AgentContractScreen({ token, kind }: { token: string; kind: AgentContractKind }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [params] = useSearchParams();
  const [period, setPeriod] = useState(() => initialPeriod(kind, params));
  const contract = useQuery(agentContractQueryOptions(token, kind));
  if (contract.isPending || contract.isError) return <QueryState query={contract} showError />;
  const data = contract.data;
  return (
    <div className={formStyles.screen}>
      <section className={formStyles.card} aria-labelledby={`${id}-terms`}>
        <h2 id={`${id}-terms`} className={formStyles.title}>
          {t('agent.terms')}
        </h2>
        {data.tiers.length === 0 ? (
          <p className={formStyles.muted}>{t('agent.noTerms')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.tiers.map((tier) => (
              <li key={tier.turnoverMinor} className={formStyles.stackedItem}>
                <div className={formStyles.between}>
                  <span>
                    {t('agent.tierTurnover', {
                      amount: formatAmount(tier.turnoverMinor, { language }),
                    })}
                  </span>
                  <span className={formStyles.amount}>
                    {tier.shareBp !== undefined
                      ? t('agent.tierShare', { share: percent(tier.shareBp, language) })
                      : t('agent.tierAmount', {
                          amount: formatAmount(tier.amountMinor ?? 0, { language }),
                        })}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className={formStyles.card}>
        <PeriodPicker kind={kind} period={period} onChange={setPeriod} />
      </div>
      <QuoteCard token={token} kind={kind} period={period} />
      <section className={formStyles.card} aria-labelledby={`${id}-requests`}>
        <h2 id={`${id}-requests`} className={formStyles.title}>
          {t('agent.requests')}
        </h2>
        {data.requests.length === 0 ? (
          <p className={formStyles.muted}>{t('agent.noRequests')}</p>
        ) : (
          <ul className={formStyles.list}>
            {data.requests.map((r) => (
              <RequestItem key={r.id} kind={kind} request={r} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
