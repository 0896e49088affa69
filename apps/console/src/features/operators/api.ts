/** Operators management: list, add, change role, lock or unlock, reset. */
import {
  OperatorCredentialsSchema,
  OperatorListSchema,
  type CreateOperatorBody,
  type UpdateOperatorBody,
} from '@khela/contract/backoffice/operators';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const operatorsQueryOptions = () =>
  queryOptions({
    queryKey: ['operators'],
    queryFn: () => api.get('/ops/api/operators', { parse: OperatorListSchema }),
  });

export const createOperator = (body: CreateOperatorBody) =>
  api.post('/ops/api/operators', body, { parse: OperatorCredentialsSchema });

export const updateOperator = (id: string, body: UpdateOperatorBody) =>
  api.patch(`/ops/api/operators/${id}`, body);

export const resetOperator = (id: string) =>
  api.post(`/ops/api/operators/${id}/reset`, {}, { parse: OperatorCredentialsSchema });
