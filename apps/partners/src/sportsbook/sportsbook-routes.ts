/**
 * The sportsbook partner's HTTP face: its mobile page (GET /sportsbook/play, opened by the
 * product's launch with the game session token) and the JSON API that page calls — events by
 * sport, one event's scoreboard and markets, placing a slip, my bets, cash-out. A settler runs
 * in the background: it settles bets whose results are known and finishes interrupted ones.
 */
import { pickLanguage, type Language } from '@khela/contract/language';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WalletClient } from '../wallet-client';
import { WalletRefusal } from '../wallet-client';
import type { JournalDb } from '../journal-db';
import type { PageFont } from '../page-font';
import { BetStore } from './bet-store';
import { SportsbookService, type SportsbookSettings } from './bet-service';
import { fixturesBetween } from './domain/fixtures';
import { finalIndex, offersAt, timeOfIndex } from './domain/markets';
import { localName } from './domain/names';
import type { MarketKind, Sport } from './domain/types';
import { SportsbookError } from './messages';
import { scoreboardOf } from './scoreboard';
import { sportsbookPage, sportsbookPageCsp } from './sportsbook-page';

export const SPORTSBOOK_PREFIX = '/sportsbook';

export interface SportsbookOptions {
  wallet: WalletClient;
  db: JournalDb;
  settings: SportsbookSettings;
  productOrigin: string;
  font?: PageFont;
  /** How often the settler runs; false: never (tests run it by hand). */
  settleEveryMs?: number | false;
  now?: () => number;
}

const TokenSchema = z.string().min(16).max(128);
const LangSchema = z.string().max(8).optional();
const SportSchema = z.enum(['cricket', 'football', 'kabaddi', 'esports', 'cockfight']);

const SlipSchema = z.object({
  token: TokenSchema,
  stakeMinor: z.number().int().min(1).max(100_000_000_00),
  acceptance: z.enum(['ask', 'higher', 'any']).default('ask'),
  legs: z
    .array(
      z.object({
        fixtureId: z.string().max(24),
        marketId: z.string().max(64),
        selectionId: z.string().max(16),
        odds: z.number().int().min(0).max(100_000),
      }),
    )
    .min(1)
    .max(20),
});

/** The market an event's line in the list shows. */
const MAIN_MARKETS = new Set<MarketKind>(['match_winner', '1x2', 'series_winner', 'fight_winner']);

/**
 * The sport a launch opens on: the product sends its catalogue category, and its e-sports and
 * cockfight tiles open those tabs; every other SPORTS tile opens cricket.
 */
export function launchedSport(category: string | undefined): Sport {
  if (category === 'ESPORTS') return 'esports';
  if (category === 'COCKFIGHT') return 'cockfight';
  return 'cricket';
}

/**
 * Events shown: those that started up to 18 slots ago and those starting within 72 slots (6 h and
 * a day at real pace). Counted in slots, so a fast pace (SPORTSBOOK_SPEED) lists as many fixtures
 * as the real one rather than simulating thousands of them on every refresh.
 */
const PAST_SLOTS = 18;
const AHEAD_SLOTS = 72;

export function sportsbookService(options: SportsbookOptions, app?: FastifyInstance) {
  return new SportsbookService({
    store: new BetStore(options.db),
    wallet: options.wallet,
    settings: options.settings,
    now: options.now,
    log: app?.log,
  });
}

export const sportsbookRoutes: FastifyPluginAsyncZod<SportsbookOptions> = async (app, options) => {
  const tags = ['sportsbook'];
  const service = sportsbookService(options, app);
  const languageOf = (lang: string | undefined): Language => pickLanguage(lang, undefined);
  startSettler(app, service, options.settleEveryMs);

  const fail = (reply: FastifyReply, error: unknown, language: Language) => {
    if (error instanceof SportsbookError) {
      return reply
        .code(error.status)
        .send({ errorCode: error.code, message: error.messageIn(language), data: error.data });
    }
    if (error instanceof WalletRefusal) {
      return reply
        .code(error.status)
        .send({ errorCode: error.errorCode, message: error.message, data: error.data });
    }
    throw error;
  };

  const eventSummary = (fixtureId: string, language: Language) => {
    const match = service.match(fixtureId)!;
    const index = service.indexNow(match);
    const board = scoreboardOf(match, index);
    const main = offersAt(match, index, options.settings.pricing).find((o) =>
      MAIN_MARKETS.has(o.kind),
    );
    const names = {
      home: localName(match.fixture.home),
      away: localName(match.fixture.away),
      competition: localName(match.fixture.competition),
    };
    return {
      id: match.fixture.id,
      sport: match.fixture.sport,
      format: match.fixture.format,
      competition: names.competition[language],
      home: names.home[language],
      away: names.away[language],
      startAt: new Date(match.fixture.startAt).toISOString(),
      endsAt: new Date(
        timeOfIndex(match, finalIndex(match), options.settings.stepMs[match.fixture.sport]),
      ).toISOString(),
      status: board.status,
      score: board.score[language],
      latest: board.latest?.[language] ?? null,
      main: main && {
        ...main,
        name: main.name[language],
        selections: main.selections.map((s) => ({ ...s, name: s.name[language] })),
      },
    };
  };

  app.get(
    `${SPORTSBOOK_PREFIX}/play`,
    {
      schema: {
        tags,
        summary:
          "The sportsbook's mobile page (HTML): events by sport, scoreboard, markets, slip, my bets",
        querystring: z.object({
          token: TokenSchema,
          lang: LangSchema,
          game: z.string().max(64).optional(),
          category: z.string().max(16).optional(),
        }),
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', sportsbookPageCsp(options.productOrigin))
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          sportsbookPage({
            token: request.query.token,
            language: languageOf(request.query.lang),
            font: options.font,
            sport: launchedSport(request.query.category),
          }),
        ),
  );

  app.get(
    `${SPORTSBOOK_PREFIX}/api/events`,
    {
      schema: {
        tags,
        summary: 'Events of a sport: live first, then by start time, with the main market',
        querystring: z.object({ sport: SportSchema.default('cricket'), lang: LangSchema }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const now = service.now();
      const { spacingMs } = options.settings.schedule;
      const list = fixturesBetween(
        options.settings.schedule,
        now - PAST_SLOTS * spacingMs,
        now + AHEAD_SLOTS * spacingMs,
      )
        .filter((f) => f.sport === request.query.sport)
        .map((f) => eventSummary(f.id, language))
        .filter(
          (e) =>
            e.status === 'live' ||
            e.status === 'scheduled' ||
            Date.parse(e.endsAt) > now - (PAST_SLOTS * spacingMs) / 12,
        );
      const rank = { live: 0, scheduled: 1, finished: 2, abandoned: 2 } as const;
      list.sort((a, b) => rank[a.status] - rank[b.status] || a.startAt.localeCompare(b.startAt));
      return reply
        .header('cache-control', 'no-store')
        .send({ now: new Date(now).toISOString(), events: list.slice(0, 30) });
    },
  );

  app.get(
    `${SPORTSBOOK_PREFIX}/api/events/:id`,
    {
      schema: {
        tags,
        summary:
          "One event: its scoreboard and the markets open (or suspended) now, with the operator's odds",
        params: z.object({ id: z.string().max(24) }),
        querystring: z.object({ lang: LangSchema }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const match = service.match(request.params.id);
      if (!match) return fail(reply, new SportsbookError('sportsbook.marketUnknown'), language);
      const index = service.indexNow(match);
      const markets = offersAt(match, index, options.settings.pricing).map((o) => ({
        ...o,
        name: o.name[language],
        selections: o.selections.map((s) => ({ ...s, name: s.name[language] })),
      }));
      return reply
        .header('cache-control', 'no-store')
        .send({ event: eventSummary(match.fixture.id, language), markets });
    },
  );

  app.post(
    `${SPORTSBOOK_PREFIX}/api/bets`,
    {
      schema: {
        tags,
        summary: 'Places a single or an accumulator: the stake is debited through the wallet',
        description:
          'Refusals: 409 sportsbook.marketSuspended / marketClosed, 409 sportsbook.oddsChanged (`data.legs` with the odds now) unless `acceptance` takes them (`higher`: better odds only; `any`), 400 stakeTooLow / stakeTooHigh / payoutTooHigh (`data.maxStakeMinor`) / badSlip, and the wallet’s own (wallet.insufficientFunds, wallet.lossLimitReached, vendor.sessionEnded…).',
        querystring: z.object({ lang: LangSchema }),
        body: SlipSchema,
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      try {
        const bet = await service.place({ ...request.body, language });
        return await reply
          .header('cache-control', 'no-store')
          .send(await withBalance(bet, request.body.token, language));
      } catch (error) {
        return fail(reply, error, language);
      }
    },
  );

  const withBalance = async <T extends object>(value: T, token: string, language: Language) => {
    const mine = await service.myBets(token, language, 'open');
    return { ...value, balance: mine.balance, currency: mine.currency };
  };

  app.get(
    `${SPORTSBOOK_PREFIX}/api/bets`,
    {
      schema: {
        tags,
        summary:
          "The player's bets, open or settled, with the balance and each open bet's cash-out price",
        querystring: z.object({
          token: TokenSchema,
          which: z.enum(['open', 'settled']).default('open'),
          lang: LangSchema,
        }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      try {
        const mine = await service.myBets(request.query.token, language, request.query.which);
        return await reply.header('cache-control', 'no-store').send({
          ...mine,
          bets: mine.bets.map((b) => ({
            ...b,
            legs: b.legs.map((l) => ({
              ...l,
              event: l.event[language],
              market: l.market[language],
              selection: l.selection[language],
            })),
          })),
        });
      } catch (error) {
        return fail(reply, error, language);
      }
    },
  );

  app.post(
    `${SPORTSBOOK_PREFIX}/api/bets/:betId/cash-out`,
    {
      schema: {
        tags,
        summary:
          'Cashes a bet out at the price now, if it is at least the one shown (`quotedMinor`)',
        params: z.object({ betId: z.string().max(64) }),
        querystring: z.object({ lang: LangSchema }),
        body: z.object({ token: TokenSchema, quotedMinor: z.number().int().min(0) }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      try {
        const bet = await service.cashOut({
          ...request.body,
          language,
          betId: request.params.betId,
        });
        return await reply
          .header('cache-control', 'no-store')
          .send(await withBalance(bet, request.body.token, language));
      } catch (error) {
        return fail(reply, error, language);
      }
    },
  );
};

/** Settles due bets and finishes interrupted ones every `everyMs` once the server listens. */
function startSettler(
  app: FastifyInstance,
  service: SportsbookService,
  everyMs: number | false | undefined,
) {
  if (everyMs === false) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = service
      .settleDue()
      .then(() => service.recover())
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'sportsbook: settlement pass failed'),
      )
      .finally(() => (running = undefined));
  };
  app.addHook('onListen', async () => {
    timer = setInterval(run, everyMs ?? 5_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
