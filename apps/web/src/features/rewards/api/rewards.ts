/**
 * The reward calls: the reward centre, the manual rebate page and its claim, the upline transfer,
 * and the agent pages (the referral info is lib/referral-query.ts, shared with the shell). Query
 * keys carry the session token, so another member's numbers are never shown.
 */
import {
  AgentContractCheckSchema,
  AgentContractQuoteSchema,
  AgentContractRequestAnswerSchema,
  AgentContractSchema,
  AgentHomeSchema,
  ClaimRebateAnswerSchema,
  RebateOverviewSchema,
  RewardCentreSchema,
  UplineTransferAnswerSchema,
  UplineTransferInfoSchema,
  type AgentContractKind,
  type AgentContractPeriod,
  type UplineTransferBody,
} from '@khela/contract/rewards';
import { IDEMPOTENCY_HEADER } from '@khela/contract/withdrawals';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';

export const rewardsQueryKey = ['rewards'] as const;

export const rewardCentreQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['centre'],
    path: '/wps/rewards',
    parse: RewardCentreSchema,
    staleTime: 0,
  });

export const rebateQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['rebate'],
    path: '/wps/rewards/rebate',
    parse: RebateOverviewSchema,
    staleTime: 0,
  });

export const claimRebate = (periodStart: string, key: string) =>
  api.post('/wps/rewards/rebate/claim', {
    body: { periodStart },
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: ClaimRebateAnswerSchema,
  });

export const uplineTransferQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['upline'],
    path: '/wps/member/transfer-upline',
    parse: UplineTransferInfoSchema,
    staleTime: 0,
  });

export const transferToUpline = (body: UplineTransferBody, key: string) =>
  api.post('/wps/member/transfer-upline', {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: UplineTransferAnswerSchema,
  });

export const agentHomeQueryOptions = (token: string | undefined, from?: string, to?: string) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['agent', from, to],
    path: '/wps/agent/home',
    query: { from, to },
    parse: AgentHomeSchema,
    staleTime: 0,
  });

export const agentContractQueryOptions = (token: string | undefined, kind: AgentContractKind) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['contract', kind],
    path: `/wps/agent/contracts/${kind}`,
    parse: AgentContractSchema,
  });

/** What a contract pays for a period (the server computes it from the team's figures). */
export const agentContractQuoteQueryOptions = (
  token: string | undefined,
  kind: AgentContractKind,
  period: AgentContractPeriod,
) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['contract', kind, 'quote', period.periodStart, period.periodHour],
    path: `/wps/agent/contracts/${kind}/quote`,
    query: { periodStart: period.periodStart, periodHour: period.periodHour },
    parse: AgentContractQuoteSchema,
    staleTime: 0,
  });

/** Asks for a period's payment: only the period is sent, never an amount. */
export const requestContractPayment = (kind: AgentContractKind, period: AgentContractPeriod) =>
  api.post(`/wps/agent/contracts/${kind}/requests`, {
    body: period,
    parse: AgentContractRequestAnswerSchema,
  });

/** The contract-request check (payments the agent may ask for now); see skipsContractCheck. */
export const agentContractCheckQueryOptions = (token: string | undefined) =>
  sessionQueryOptions({
    scope: rewardsQueryKey,
    token,
    key: ['contract-check'],
    path: '/wps/agent/contract-check',
    parse: AgentContractCheckSchema,
    staleTime: 0,
  });
