/** Help centre items in the player's language (GET /wps/system/helpCenter, device MOBILE). */
import type { Language } from '@khela/contract/language';
import { HelpListSchema } from '@khela/contract/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';

export const getHelpItems = (language: Language, signal?: AbortSignal) =>
  api.get('/wps/system/helpCenter', {
    query: { lang: language, device: 'MOBILE' },
    parse: HelpListSchema,
    signal,
  });

export const helpItemsQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['help', language],
    queryFn: ({ signal }) => getHelpItems(language, signal),
    staleTime: 5 * 60_000,
    // The page shows its own retry; no toast on top of it.
    meta: { silent: true },
  });

export function useHelpItems() {
  return useQuery(helpItemsQueryOptions(useLanguage()));
}
