/**
 * Strings left out of bn.ts/en.ts, so out of the home page's first download, and added when their
 * code loads (lib/i18n `addStrings`): those of screens the home page never shows (the in-house
 * games and their verifier, the lottery, the security centre, the inbox and feedback) and of parts
 * of home that load after its first screen (the chat's service widget and contact panel, with the
 * chat screen), each by its feature's `strings.ts`, and those of the other screens outside home
 * (screens.ts), with any screen but home. Their keys are typed like every other string's.
 */
import type { authEn } from './slices/auth';
import type { bonusEn } from './slices/bonus';
import type { cashierEn } from './slices/cashier';
import type { chatEn } from './slices/chat';
import type { contentEn } from './slices/content';
import type { gamesEn } from './slices/games';
import type { inboxEn } from './slices/inbox';
import type { lotteryEn } from './slices/lottery';
import type { memberEn } from './slices/member';
import type { originalsEn } from './slices/originals';
import type { protectionEn } from './slices/protection';
import type { recordsEn } from './slices/records';
import type { rewardsEn } from './slices/rewards';
import type { securityEn } from './slices/security';
import type { withdrawEn } from './slices/withdraw';

export type LateStrings = typeof originalsEn &
  typeof lotteryEn &
  typeof securityEn &
  typeof inboxEn &
  typeof memberEn &
  typeof recordsEn &
  typeof rewardsEn &
  typeof protectionEn &
  typeof withdrawEn &
  typeof cashierEn &
  typeof chatEn &
  typeof authEn &
  typeof gamesEn &
  typeof contentEn &
  typeof bonusEn;
