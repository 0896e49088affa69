/**
 * Strings of screens the home page never shows (the in-house games and their verifier, the
 * lottery, the security centre, the inbox and feedback): left out of bn.ts/en.ts, so out of the
 * first download, and added by each feature's `strings.ts` when its code loads (lib/i18n
 * `addStrings`). Their keys are typed like every other string's.
 */
import type { inboxEn } from './slices/inbox';
import type { lotteryEn } from './slices/lottery';
import type { originalsEn } from './slices/originals';
import type { securityEn } from './slices/security';

export type LateStrings = typeof originalsEn &
  typeof lotteryEn &
  typeof securityEn &
  typeof inboxEn;
