/**
 * The demo vendor: the demo catalogue's games are served by it as an outside provider would serve
 * them. GET /demo-vendor/play is its game page; its server part (POST /demo-vendor/api/play, GET
 * /demo-vendor/api/balance) decides outcomes and talks to the product's wallet only over HTTP
 * with its signature (wallet-client.ts), so every launch exercises the seamless-wallet contract
 * end to end, between two processes.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { pickLanguage, type Language } from '@khela/contract/language';
import type { VendorTransaction } from '@khela/contract/vendor-wallet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JournalDb } from '../journal-db';
import type { PageFont } from '../page-font';
import { DEMO_GAME_KINDS, DEMO_VENDOR_PREFIX, demoKindFor } from './demo-urls';
import {
  DEMO_STAKES,
  FISH,
  playFish,
  playSlot,
  playTable,
  winFor,
  type DemoOutcome,
  type FishId,
} from './paytable';
import { playPage, playPageCsp } from './play-page';
import { DemoRoundJournal, RECOVER_AFTER_MS, recoverRounds } from './round-journal';
import { WalletClient, WalletRefusal, WalletUnreachable } from '../wallet-client';

export interface DemoVendorOptions {
  /** Where the product's wallet API is (PRODUCT_URL, or PRODUCT_WALLET_URL). */
  walletBaseUrl: string;
  /** The product's site origin: the only one that may frame the game page. */
  productOrigin: string;
  /** The code the product's registry knows this vendor by. */
  code: string;
  /** The secret the product's operator shared (read at each call, so a new one takes at once). */
  secret: () => string;
  /** The vendor's own database, for its round journal. */
  db: JournalDb;
  /** Tries of a win the wallet did not answer (same txId each time). */
  winAttempts?: number;
  /** Tests put a flaky network here. */
  fetch?: typeof fetch;
  /**
   * Finishing rounds interrupted by a crash (round-journal.ts): first pass `startDelayMs` after
   * the server listens, then every `everyMs`, for rounds untouched for `olderThanMs`. false:
   * never (tests run it by hand).
   */
  recovery?: { startDelayMs?: number; everyMs?: number; olderThanMs?: number } | false;
  /** The Bengali font of the game page, for phones that have none. */
  font?: PageFont;
}

const TokenSchema = z.string().min(16).max(128);
const LangSchema = z.string().max(8).optional();

const PageQuerySchema = z.object({
  token: TokenSchema,
  game: z.string().min(1).max(64),
  /** The product's catalogue category and classification of the game: they pick the page. */
  category: z.string().max(16).default('RNG'),
  classification: z.string().max(16).optional(),
  lang: LangSchema,
});

const PlayBodySchema = z.object({
  token: TokenSchema,
  kind: z.enum(DEMO_GAME_KINDS),
  stake: z
    .number()
    .int()
    .refine((stake) => (DEMO_STAKES as readonly number[]).includes(stake), {
      message: `One of ${DEMO_STAKES.join(', ')}`,
    }),
  currency: z.string().length(3),
  /** The fish (fish) or the side (table); the slot takes none. */
  pick: z.string().max(16).optional(),
});

const FISH_IDS = new Set<string>(FISH.map((fish) => fish.id));

/** What the page shows after a round. */
interface PlayAnswer {
  roundId: string;
  stake: number;
  win: number;
  balance: number;
  currency: string;
  outcome: DemoOutcome;
}

const MESSAGES = {
  unreachable: {
    EN: 'The game could not reach the wallet, please try again',
    BN: 'গেমটি ওয়ালেটে পৌঁছাতে পারেনি, আবার চেষ্টা করুন',
  },
  badPick: { EN: 'Choose what to play on', BN: 'কিসে খেলবেন বেছে নিন' },
  settling: {
    EN: 'Your round is being settled; your balance will show it shortly',
    BN: 'আপনার রাউন্ড নিষ্পত্তি হচ্ছে; শীঘ্রই ব্যালেন্সে দেখা যাবে',
  },
} as const;

/** Calls per client address and minute to the demo vendor (pages, balance and plays). */
const PLAYS_PER_MINUTE = 240;

export const demoVendorRoutes: FastifyPluginAsyncZod<DemoVendorOptions> = async (app, options) => {
  const tags = ['demo vendor'];
  const wallet = new WalletClient({
    baseUrl: () => options.walletBaseUrl,
    provider: options.code,
    secret: options.secret,
    fetch: options.fetch,
  });
  const winAttempts = options.winAttempts ?? 3;
  // The vendor's own pages answer anyone (the token is checked by our wallet); a client that
  // plays faster than a person could is slowed before it writes journal rows.
  await app.register(rateLimit, { max: PLAYS_PER_MINUTE, timeWindow: 60_000 });
  const journal = new DemoRoundJournal(options.db);
  startRecovery(app, journal, wallet, options.recovery);
  const languageOf = (lang: string | undefined): Language => pickLanguage(lang, undefined);

  const refuse = (
    reply: FastifyReply,
    status: number,
    errorCode: string,
    message: string,
    balance?: unknown,
  ) =>
    reply.code(status).send({
      errorCode,
      message,
      ...(typeof balance === 'number' ? { balance } : {}),
    });

  app.get(
    `${DEMO_VENDOR_PREFIX}/play`,
    {
      schema: {
        tags,
        summary: "The demo vendor's game page (HTML): a slot, a fish pick or a dragon/tiger table",
        description:
          "Opened by the product's launch in a full-screen frame. `token` is the game session; `category` and `classification` pick the slot, the fish pick or the table.",
        querystring: PageQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', playPageCsp(options.productOrigin))
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          playPage({
            token: request.query.token,
            gameCode: request.query.game,
            kind: demoKindFor(request.query.category, request.query.classification),
            language: languageOf(request.query.lang),
            font: options.font,
          }),
        ),
  );

  app.get(
    `${DEMO_VENDOR_PREFIX}/api/balance`,
    {
      schema: {
        tags,
        summary: "The demo vendor's page asks its server for the balance (which asks the wallet)",
        querystring: z.object({ token: TokenSchema, lang: LangSchema }),
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      try {
        const balance = await wallet.balance(request.query.token, language);
        return reply.header('cache-control', 'no-store').send(balance);
      } catch (error) {
        if (error instanceof WalletRefusal) {
          return refuse(reply, error.status, error.errorCode, error.message);
        }
        request.log.warn({ err: error }, 'demo vendor: wallet balance failed');
        return refuse(reply, 502, 'vendor.walletUnreachable', MESSAGES.unreachable[language]);
      }
    },
  );

  app.post(
    `${DEMO_VENDOR_PREFIX}/api/play`,
    {
      schema: {
        tags,
        summary: "The demo vendor's server plays a round: bet, outcome, win, over the wallet API",
        description:
          'Decides the outcome with node:crypto (paytables in paytable.ts, about 96% return), then POSTs /wps/vendor/bet and /wps/vendor/win (final, possibly 0) signed with its code and secret. A win the wallet did not answer is retried with the same txId. Insufficient funds answers 409 wallet.insufficientFunds with the balance. The round is journalled (demo_vendor_rounds) before the bet, so one interrupted by a crash is completed or refunded on restart (round-journal.ts).',
        querystring: z.object({ lang: LangSchema }),
        body: PlayBodySchema,
      },
    },
    async (request, reply) => {
      const language = languageOf(request.query.lang);
      const { token, kind, stake, currency, pick } = request.body;
      const play = (): DemoOutcome | undefined => {
        if (kind === 'slot') return playSlot();
        if (kind === 'fish')
          return pick && FISH_IDS.has(pick) ? playFish(pick as FishId) : undefined;
        return pick === 'dragon' || pick === 'tiger' ? playTable(pick) : undefined;
      };
      // The outcome is drawn before the bet, as a vendor's game server does; it is only shown
      // once the bet is taken.
      const outcome = play();
      if (!outcome) return refuse(reply, 400, 'validation.invalid', MESSAGES.badPick[language]);
      const roundId = randomUUID();
      const round = { token, roundId, currency };
      const win = winFor(stake, outcome);
      const betTx = { ...round, txId: randomUUID(), amount: stake };
      const winTx = { ...round, txId: randomUUID(), amount: win, final: true };
      // Journalled before the bet leaves: a crash from here on is finished by recovery.
      await journal.decided({
        ...round,
        betTxId: betTx.txId,
        winTxId: winTx.txId,
        stakeMinor: stake,
        winMinor: win,
      });
      try {
        await wallet.bet(betTx, language);
      } catch (error) {
        if (error instanceof WalletRefusal) {
          // Refused (funds, a limit, the session): nothing moved, nothing to recover.
          await journal.mark(roundId, ['decided'], 'void');
          return refuse(
            reply,
            error.status,
            error.errorCode,
            error.message,
            error.data?.balance ?? error.data?.balanceMinor,
          );
        }
        // Maybe taken, maybe not: the journal keeps it `decided` for recovery.
        request.log.warn({ err: error, roundId }, 'demo vendor: bet not answered');
        return refuse(reply, 502, 'vendor.walletUnreachable', MESSAGES.unreachable[language]);
      }
      await journal.mark(roundId, ['decided'], 'bet_taken');
      let settled: VendorTransaction | undefined;
      for (let attempt = 1; !settled; attempt += 1) {
        try {
          settled = await wallet.win(winTx, language);
        } catch (error) {
          // A win is retried with the same txId: the wallet takes it once however often it comes.
          if (error instanceof WalletUnreachable && attempt < winAttempts) {
            await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
            continue;
          }
          // Left `bet_taken`: recovery completes or refunds it.
          request.log.error({ err: error, roundId }, 'demo vendor: win not settled');
          const status = error instanceof WalletRefusal ? error.status : 502;
          return refuse(reply, status, 'vendor.roundUnsettled', MESSAGES.settling[language]);
        }
      }
      await journal.mark(roundId, ['decided', 'bet_taken'], 'settled');
      const answer: PlayAnswer = {
        roundId,
        stake,
        win,
        balance: settled.balance,
        currency: settled.currency,
        outcome,
      };
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};

/**
 * Runs recovery once the server listens (the wallet is reached over HTTP, possibly this very
 * server), then periodically, each pass followed by the purge of old finished rounds; stopped,
 * and its pass awaited, when the app closes.
 */
function startRecovery(
  app: FastifyInstance,
  journal: DemoRoundJournal,
  wallet: WalletClient,
  options: DemoVendorOptions['recovery'],
) {
  if (options === false) return;
  const startDelayMs = options?.startDelayMs ?? 2_000;
  const everyMs = options?.everyMs ?? RECOVER_AFTER_MS;
  let first: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = recoverRounds({ journal, wallet, olderThanMs: options?.olderThanMs, log: app.log })
      .then(async (report) => {
        if (report.failed > 0) app.log.warn(report, 'demo vendor: some rounds left for later');
        const purged = await journal.purgeFinished();
        if (purged > 0) app.log.info({ purged }, 'demo vendor: old finished rounds deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'demo vendor: recovery failed'))
      .finally(() => (running = undefined));
  };
  app.addHook('onListen', async () => {
    first = setTimeout(run, startDelayMs);
    first.unref();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}
