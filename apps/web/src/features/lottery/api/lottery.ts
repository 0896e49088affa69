/**
 * The lottery calls. The menu and the game list (without their draws) are kept in localStorage
 * and fetched only when absent (spec §4), under a version key: the app's entry script, whose
 * hashed name changes with every deploy, so a new deploy fetches them again. Draws, results and
 * tickets are always fetched.
 */
import { IDEMPOTENCY_HEADER } from '@khela/contract/idempotency';
import type { Language } from '@khela/contract/language';
import {
  LotteryBetAnswerSchema,
  LotteryListSchema,
  LotteryMenuSchema,
  LotteryNumeroSchema,
  LotteryRecentSchema,
  LotteryTicketsSchema,
  lotteryUrls,
  type LotteryBetBody,
  type LotteryGame,
  type LotteryMenu,
} from '@khela/contract/lottery';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session-query';
import { readStorage, writeStorage } from '../../../lib/storage';

export const lotteryQueryKey = ['lottery'] as const;
const STORAGE_KEY = 'khela.lottery';

/** The deploy this page came with: the entry script's hashed name. */
function deployVersion(): string {
  if (typeof document === 'undefined') return 'dev';
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'dev';
}

const StoredSchema = z.object({
  version: z.string(),
  language: z.string(),
  menu: LotteryMenuSchema,
  games: z.array(LotteryListSchema.shape.games.element.omit({ current: true })),
});
export type LotteryCatalogue = {
  menu: LotteryMenu;
  games: Omit<LotteryGame, 'current'>[];
};

function readStored(language: Language): LotteryCatalogue | null {
  const raw = readStorage('local', STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = StoredSchema.parse(JSON.parse(raw));
    if (stored.version !== deployVersion() || stored.language !== language) return null;
    return { menu: stored.menu, games: stored.games };
  } catch {
    return null;
  }
}

/** The menu and game list: from storage when there, else fetched and stored. */
export async function getLotteryCatalogue(language: Language): Promise<LotteryCatalogue> {
  const stored = readStored(language);
  if (stored) return stored;
  const [menu, list] = await Promise.all([
    api.get(lotteryUrls.menu, { query: { language }, parse: LotteryMenuSchema }),
    api.get(lotteryUrls.list, { query: { language }, parse: LotteryListSchema }),
  ]);
  const games = list.games.map(({ current: _current, ...game }) => game);
  writeStorage(
    'local',
    STORAGE_KEY,
    JSON.stringify({ version: deployVersion(), language, menu, games }),
  );
  return { menu, games };
}

export const lotteryCatalogueQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: [...lotteryQueryKey, 'catalogue', language],
    queryFn: () => getLotteryCatalogue(language),
    staleTime: Infinity,
  });

export const numeroQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: [...lotteryQueryKey, 'numero', nodeId],
    queryFn: ({ signal }) =>
      api.get(lotteryUrls.numero, { query: { nodeId }, parse: LotteryNumeroSchema, signal }),
    refetchInterval: 30_000,
  });

export const recentQueryOptions = (nodeId: string) =>
  queryOptions({
    queryKey: [...lotteryQueryKey, 'recent', nodeId],
    queryFn: ({ signal }) =>
      api.get(lotteryUrls.recent, { query: { nodeId }, parse: LotteryRecentSchema, signal }),
  });

export const ticketsQueryOptions = (token: string | undefined, nodeId: string) =>
  sessionQueryOptions({
    scope: [...lotteryQueryKey, 'tickets'],
    token,
    key: [nodeId],
    path: lotteryUrls.tickets,
    query: { nodeId },
    parse: LotteryTicketsSchema,
    staleTime: 0,
  });

export const placeBet = (body: LotteryBetBody, key: string) =>
  api.post(lotteryUrls.bet, {
    body,
    headers: { [IDEMPOTENCY_HEADER]: key },
    parse: LotteryBetAnswerSchema,
  });
