/**
 * The live hosts (spec §7, Chat: "focus list GET; live model list GET (params active,
 * streaming)"): the live model list, open to visitors, and the member's focus list with follow
 * and unfollow. Chat calls raise no alerts of their own (the screen shows what failed).
 */
import {
  CHAT_MODULE_ID,
  FocusAnswerSchema,
  FocusListSchema,
  LIVE_MODEL_PATHS,
  LiveModelListSchema,
  type LiveModel,
} from '@khela/contract/chat';
import type { Language } from '@khela/contract/language';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey, sessionQueryOptions } from '../../../lib/session-query';

const scope = ['chat', 'liveHosts'] as const;

/** `streamingOnly`: the list asks for `active=1&streaming=1`; otherwise every host. */
export const liveModelsQueryOptions = (language: Language, streamingOnly: boolean) =>
  queryOptions({
    queryKey: [...scope, 'list', language, streamingOnly],
    queryFn: ({ signal }) =>
      api.get(LIVE_MODEL_PATHS.list, {
        query: {
          moduleId: CHAT_MODULE_ID,
          ...(streamingOnly ? { active: 1, streaming: 1 } : {}),
        },
        parse: (value) => LiveModelListSchema.parse(value).list,
        signal,
      }),
    // The list says who is streaming now; never older than half a minute.
    staleTime: 30_000,
    refetchInterval: 60_000,
    meta: { silent: true },
  });

const focusScope = [...scope, 'focus'] as const;

/** Every focus list query of this member, to refresh after a follow or unfollow. */
export const focusListQueryKey = (token: string) => sessionQueryKey(focusScope, token);

export const focusListQueryOptions = (token: string, language: Language) =>
  sessionQueryOptions({
    scope: focusScope,
    token,
    key: [language],
    path: LIVE_MODEL_PATHS.focusList,
    query: { moduleId: CHAT_MODULE_ID },
    parse: (value): LiveModel[] => FocusListSchema.parse(value).list,
    meta: { silent: true },
  });

/** Follow (`on`) or unfollow a host; answers the focus list's ids. */
export const setFocus = (modelId: string, on: boolean) =>
  (on ? api.put : api.delete)(`${LIVE_MODEL_PATHS.focus}/${encodeURIComponent(modelId)}`, {
    parse: (value) => FocusAnswerSchema.parse(value).modelIds,
  });
