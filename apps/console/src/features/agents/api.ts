/** Agents' contract payment requests: the list by status (newest first, by cursor), and decisions. */
import {
  OpsAgentContractDecisionSchema,
  OpsAgentContractListSchema,
} from '@khela/contract/rewards';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

const BASE = '/ops/api/agents/contract-requests';

export const agentContractsQueryOptions = (status: string, before: string | undefined) =>
  queryOptions({
    queryKey: ['agent-contracts', status, before],
    queryFn: () =>
      api.get(BASE, {
        query: { status: status === 'all' ? undefined : status, before },
        parse: OpsAgentContractListSchema,
      }),
  });

export const approveAgentContract = (id: string) =>
  api.post(`${BASE}/${id}/approve`, {}, { parse: OpsAgentContractDecisionSchema });

export const rejectAgentContract = (id: string, reason: string) =>
  api.post(`${BASE}/${id}/reject`, { reason }, { parse: OpsAgentContractDecisionSchema });
