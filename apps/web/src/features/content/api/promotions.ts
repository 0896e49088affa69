/** The promotions screen: categories and promotions, one promotion, applying and my applications. */
import {
  MyApplicationsAnswerSchema,
  PromotionApplicationSchema,
  PromotionListAnswerSchema,
  PromotionSchema,
} from '@khela/contract/content';
import type { Language } from '@khela/contract/language';
import { isGuest } from '@khela/contract/members';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { useSessionStore } from '../../../lib/session-store';

export const promotionListQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['content', 'promotions', language],
    queryFn: ({ signal }) =>
      api.get('/wps/promotion/list', { parse: PromotionListAnswerSchema, signal }),
    staleTime: 60_000,
    meta: { silent: true },
  });

export const usePromotionList = () => useQuery(promotionListQueryOptions(useLanguage()));

export const promotionQueryOptions = (language: Language, id: number) =>
  queryOptions({
    queryKey: ['content', 'promotion', language, id],
    queryFn: ({ signal }) =>
      api.get('/wps/promotion/detail', { query: { id }, parse: PromotionSchema, signal }),
    staleTime: 60_000,
    retry: false,
    meta: { silent: true },
  });

export const usePromotion = (id: number) => useQuery(promotionQueryOptions(useLanguage(), id));

const myApplicationsKey = (userName: string) => ['content', 'applications', userName] as const;

/** The member's own applications; not asked for visitors and trial accounts. */
export function useMyApplications() {
  const session = useSessionStore((state) => state.session);
  const member = session && !isGuest(session.type) ? session.userName : null;
  return useQuery({
    queryKey: myApplicationsKey(member ?? ''),
    queryFn: ({ signal }) =>
      api.get('/wps/promotion/applications', { parse: MyApplicationsAnswerSchema, signal }),
    enabled: member !== null,
    meta: { silent: true },
  });
}

export function useApplyForPromotion() {
  const queryClient = useQueryClient();
  const session = useSessionStore((state) => state.session);
  return useMutation({
    mutationFn: (input: { promotionId: number; remark: string }) =>
      api.post('/wps/promotion/apply', { body: input, parse: PromotionApplicationSchema }),
    // The form shows the error itself.
    meta: { silent: true },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: myApplicationsKey(session?.userName ?? '') }),
  });
}

/** The `id` query parameter as a positive integer, or null. */
export function parseId(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
