/**
 * Our routes that a gateway (or the player's browser, sent by it) calls, one pair per gateway:
 * the browser's return and the gateway's server-to-server notice (IPN, webhook).
 */
export const PAYMENTS_PREFIX = '/payments';
export const returnPath = (gateway: string) => `${PAYMENTS_PREFIX}/${gateway}/return`;
export const notifyPath = (gateway: string) => `${PAYMENTS_PREFIX}/${gateway}/notify`;
