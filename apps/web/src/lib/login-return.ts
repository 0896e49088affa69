/**
 * Where a player sent to login goes back to, carried in the login entry's history state: the
 * screen they were on (`from`), whether that screen is the history entry just below login
 * (`below`: Back returns to it) and a game they tapped as a visitor (opened once logged in).
 */
import { isSessionEndReason, type SessionEndReason } from '@khela/contract/session-end';
import { isRecord } from './storage';

export interface LoginReturn {
  /** Path and query of the screen the player was sent from (always under /m/). */
  from?: string;
  /** The login entry was pushed on top of `from`: going back one entry returns there. */
  below?: boolean;
  game?: { nodeId: string; gameName: string };
}

/** Screens that are no place to return to after logging in. */
const NOT_AFTER_LOGIN = ['/m/login', '/m/register', '/m/register.html', '/m/forget'];

function safeFrom(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/m/') || value.startsWith('/m//')) {
    return undefined;
  }
  const path = value.split(/[?#]/, 1)[0]!;
  return NOT_AFTER_LOGIN.includes(path) ? undefined : value;
}

/** The return of a login entry's `location.state`; anything malformed is left out. */
export function readLoginReturn(state: unknown): LoginReturn {
  if (!isRecord(state)) return {};
  const out: LoginReturn = {};
  const from = safeFrom(state.from);
  if (from) {
    out.from = from;
    if (state.below === true) out.below = true;
  }
  const game = state.game;
  if (isRecord(game) && typeof game.nodeId === 'string' && typeof game.gameName === 'string') {
    out.game = { nodeId: game.nodeId, gameName: game.gameName };
  }
  return out;
}

/**
 * The return to hand on when the player goes from login to register or back: the screen and
 * the game stay, but the entry below is no longer the one they came from, so Back is not used.
 */
export function carryLoginReturn(state: unknown): LoginReturn {
  const { below: _below, ...carried } = readLoginReturn(state);
  return carried;
}

/** `data.reason` of a session-ended answer, or `unknown`. */
export function sessionEndReasonOf(
  data: Record<string, unknown> | undefined,
): SessionEndReason | 'unknown' {
  return isSessionEndReason(data?.reason) ? data.reason : 'unknown';
}
