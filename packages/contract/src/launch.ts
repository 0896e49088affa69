/**
 * Game launch (spec games-and-content §2 "Game launch", §7 GET /wps/game/launchGame): where a game
 * opens and the game session it plays in. Lottery vendors open our lottery page, in-house games
 * (BGS) their page under /m/originals, every other game the vendor's own page, which the site shows
 * full-screen in a frame. Closing the game ends its session (POST /wps/game/closeGame).
 */
import { z } from 'zod';
import { LanguageSchema } from './language';

/** lottery: our lottery page; vendor: an RNG game's vendor page; generic: any other game. */
export const LAUNCH_MODES = ['lottery', 'vendor', 'generic'] as const;
export const LaunchModeSchema = z.enum(LAUNCH_MODES);
export type LaunchMode = z.infer<typeof LaunchModeSchema>;

/** Spec §2: these vendors use the lottery launch. */
export const LOTTERY_LAUNCH_VENDORS: readonly string[] = [
  'TCG_LOTTO_VN',
  'TCG_SEA',
  'LOTT',
  'ELOTT',
];

/** Pages of this app start here; the web navigates to them instead of framing them. */
export const APP_PATH_PREFIX = '/m/';

export const LaunchQuerySchema = z
  .object({
    nodeId: z.string().regex(/^\d{1,18}$/),
    language: LanguageSchema.optional(),
  })
  .strict();
export type LaunchQuery = z.infer<typeof LaunchQuerySchema>;

export const LaunchAnswerSchema = z.object({
  /** A page of this app (`/m/…`) or the vendor's game page. */
  url: z.string(),
  mode: LaunchModeSchema,
  /** The game session's token: the vendor's key to the wallet, and what closeGame ends. */
  token: z.string(),
  /** true: the session plays with play money (trial account or free play). */
  playMoney: z.boolean(),
});
export type LaunchAnswer = z.infer<typeof LaunchAnswerSchema>;

export const CloseGameBodySchema = z.object({ token: z.string().min(16).max(128) }).strict();
export type CloseGameBody = z.infer<typeof CloseGameBodySchema>;

export const CloseGameAnswerSchema = z.object({
  /** false when the session had ended already (or was not the player's): nothing changed. */
  ended: z.boolean(),
});
export type CloseGameAnswer = z.infer<typeof CloseGameAnswerSchema>;

/** True for a launch url the web opens by navigating (a page of this app), not in a frame. */
export const opensInApp = (answer: Pick<LaunchAnswer, 'url' | 'mode'>) =>
  answer.mode === 'lottery' || answer.url.startsWith(APP_PATH_PREFIX);
