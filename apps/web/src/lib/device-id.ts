/**
 * This browser's device id, sent as `X-Device-Id` on every call so the back office can tell which
 * accounts log in from the same browser (the server records it with each login and registration).
 * It is a random UUID made once and kept in localStorage; where storage is unavailable (private
 * browsing, disabled storage) it lives in memory for this page's life. It is never derived from
 * anything about the person or the machine (no fingerprinting): clearing site data makes a new one.
 */
import { readStorage, writeStorage } from './storage';

export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEVICE_ID_KEY = 'khela.deviceId';
/** What the server accepts (login-device.ts): 8 to 64 letters, digits, `-` or `_`. */
const WELL_FORMED = /^[A-Za-z0-9_-]{8,64}$/;

let inMemory: string | undefined;

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; fall back to the same 122 random bits, hex-encoded.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The id, made on first use and the same on every later call (and page load, with storage). */
export function deviceId(): string {
  const stored = readStorage('local', DEVICE_ID_KEY);
  if (stored !== null && WELL_FORMED.test(stored)) {
    inMemory = stored;
    return stored;
  }
  // Storage lost or refused the value: keep the one this page already sent.
  inMemory ??= randomId();
  writeStorage('local', DEVICE_ID_KEY, inMemory);
  return inMemory;
}

/** Tests only: forget the in-memory id. */
export function resetDeviceIdForTests(): void {
  inMemory = undefined;
}
