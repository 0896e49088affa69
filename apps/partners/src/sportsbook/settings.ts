/**
 * The sportsbook's settings from the partners' configuration: the schedule (a fixture every 20
 * minutes from 2026-01-01, for ever), the pace of a match (a ball 20 s, a football minute 40 s, a
 * raid 30 s, an e-sports round 40 s, a cockfight round 20 s, all divided by SPORTSBOOK_SPEED), the margin, the limits.
 */
import type { SportsbookConfig } from '../config';
import type { SportsbookSettings } from './bet-service';
import { DEFAULT_PRICING } from './domain/markets';

export const SCHEDULE_ORIGIN = Date.UTC(2026, 0, 1);
export const REAL_STEP_MS = {
  cricket: 20_000,
  football: 40_000,
  kabaddi: 30_000,
  esports: 40_000,
  cockfight: 20_000,
} as const;
export const REAL_SPACING_MS = 20 * 60_000;

export function sportsbookSettings(config: SportsbookConfig): SportsbookSettings {
  const pace = (ms: number) => Math.max(1, Math.round(ms / config.speed));
  return {
    schedule: { seed: config.seed, origin: SCHEDULE_ORIGIN, spacingMs: pace(REAL_SPACING_MS) },
    stepMs: {
      cricket: pace(REAL_STEP_MS.cricket),
      football: pace(REAL_STEP_MS.football),
      kabaddi: pace(REAL_STEP_MS.kabaddi),
      esports: pace(REAL_STEP_MS.esports),
      cockfight: pace(REAL_STEP_MS.cockfight),
    },
    pricing: { ...DEFAULT_PRICING, marginBp: config.marginBp },
    limits: {
      minStakeMinor: config.minStakeMinor,
      maxStakeMinor: config.maxStakeMinor,
      maxPayoutMinor: config.maxPayoutMinor,
      maxLegs: 8,
    },
    cashOutFeeBp: config.cashOutFeeBp,
    settleConcurrency: 16,
    // 1,000 bets of a match in four calls, all at once: the wallet posts each call's wins
    // together, so smaller calls only add round trips, and larger ones wait longer to start.
    settleBatchSize: 250,
  };
}
