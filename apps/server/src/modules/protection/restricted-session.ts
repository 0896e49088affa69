/**
 * What a restricted session may do: the session an excluded player gets when they log in with
 * `restricted: true` during a time-out or self-exclusion. They may read (balance, records, inbox,
 * protection settings), withdraw and manage where withdrawals are paid, change their protection
 * settings (a break can only grow) and log out. Every other write, and launching a game, answers
 * 403 `wallet.excluded`. Deposits are refused by the deposit guard as well.
 */

/** Writes a restricted session may make, by route prefix. */
const WRITES_ALLOWED = [
  '/wps/wallet/withdrawals',
  '/wps/wallet/payees',
  '/wps/protection',
  // The identity check a withdrawal may wait for.
  '/wps/member/kyc',
  '/wps/inbox',
  '/wps/member/inbox',
  '/wps/announcement/read',
  '/wps/session/logout',
  // Ending sessions only takes access away.
  '/wps/member/sessions',
];

/** Reads that start play. */
const READS_REFUSED = ['/wps/game/launchGame', '/lgw'];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const under = (url: string, prefix: string) =>
  url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`);

/** `routeUrl` is the route's pattern (`request.routeOptions.url`), not the raw address. */
export function restrictedSessionMay(method: string, routeUrl: string): boolean {
  if (READ_METHODS.has(method)) return !READS_REFUSED.some((prefix) => under(routeUrl, prefix));
  return WRITES_ALLOWED.some((prefix) => under(routeUrl, prefix));
}
