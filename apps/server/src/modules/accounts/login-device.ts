/**
 * The device a login came from, as the back office sees it. The client may send a stable id of
 * its own in `X-Device-Id` (8 to 64 letters, digits, `-` or `_`): the web client sends a random
 * UUID it keeps in localStorage (apps/web/src/lib/device-id.ts). Without one the device is `ua:`
 * and a hash of the user agent: honest, but many phones of one model share it, so it is a hint,
 * never proof that two accounts share a phone.
 */
import { createHash } from 'node:crypto';

export const DEVICE_ID_HEADER = 'x-device-id';
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** The device id to record: the client's own when well formed, else the user agent's hash. */
export function loginDevice(sentId: unknown, userAgent: string | undefined): string | null {
  if (typeof sentId === 'string' && DEVICE_ID.test(sentId)) return sentId;
  if (!userAgent) return null;
  return `ua:${createHash('sha256').update(userAgent.slice(0, 256)).digest('hex').slice(0, 32)}`;
}

/** The device id the client sent, when well formed; null otherwise (no user-agent fallback). */
export function sentDeviceId(sentId: unknown): string | null {
  return typeof sentId === 'string' && DEVICE_ID.test(sentId) ? sentId : null;
}
