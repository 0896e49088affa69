/**
 * Why a session ended: `data.reason` of a 401 `session.expired` answer (API.md). The envelope's
 * message says it in the player's language (session-end-messages.ts), and the web's login screen
 * says it again. Modules of their own, so the web's shell reads a reason without any message.
 */
export const SESSION_END_REASONS = [
  'timedOut',
  'loggedOut',
  'passwordChanged',
  'disabled',
  'endedElsewhere',
  'break',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
