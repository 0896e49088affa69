/** Loading, failure (with retry) and empty states shared by the help screens. */
import { EmptyState, QueryState } from '../../../components/load-state';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function HelpListState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T[]>;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending || query.isError) return <QueryState query={query} />;
  if (query.data.length === 0) return <EmptyState>{t('help.empty')}</EmptyState>;
  return children(query.data);
}
