/**
 * Operator popups wait for a browser's second entry to home (issue 18, docs/decisions.md): on the
 * first, a new visitor sees the games and the way to register, not a dialog over them.
 */
import { readStorage, writeStorage } from '../../../lib/storage';

/** Set in localStorage once a browser has entered home. */
export const HOME_ENTERED_KEY = 'homeEntered';

/** Whether this browser has entered home before (read only: the entry itself is marked apart). */
export function enteredHomeBefore(): boolean {
  return readStorage('local', HOME_ENTERED_KEY) === '1';
}

/** Marks this browser as having entered home, so popups open from the next entry on. */
export function markHomeEntered(): void {
  writeStorage('local', HOME_ENTERED_KEY, '1');
}
