/**
 * Remember me: the username (or mobile number and dialing code) and, for a username, the device
 * token the server gave back. Never the password: the device token stands in for it on this
 * device and the server can revoke it (a password change revokes them all).
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import { isRecord, readJson, removeStorage, writeStorage } from '../../../lib/storage';

export const REMEMBERED_LOGIN_KEY = 'rememberedLogin';

export type RememberedLogin =
  | { method: 'username'; username: string; deviceToken?: string }
  | { method: 'sms'; mobileNum: string; countryDialingCode: string };

export function readRememberedLogin(): RememberedLogin | null {
  const value = readJson('local', REMEMBERED_LOGIN_KEY);
  if (!isRecord(value)) return null;
  if (value.method === 'username' && typeof value.username === 'string' && value.username) {
    return {
      method: 'username',
      username: value.username,
      ...(typeof value.deviceToken === 'string' && value.deviceToken
        ? { deviceToken: value.deviceToken }
        : {}),
    };
  }
  if (
    value.method === 'sms' &&
    typeof value.mobileNum === 'string' &&
    typeof value.countryDialingCode === 'string'
  ) {
    return {
      method: 'sms',
      mobileNum: value.mobileNum,
      countryDialingCode: value.countryDialingCode,
    };
  }
  return null;
}

export function rememberLogin(login: RememberedLogin): void {
  writeStorage('local', REMEMBERED_LOGIN_KEY, JSON.stringify(login));
  writeStorage('local', STORAGE_KEYS.autoLogin, '1');
}

export function forgetLogin(): void {
  removeStorage('local', REMEMBERED_LOGIN_KEY);
}

/** The device token was revoked or replaced: keep the username, drop or swap the token. */
export function replaceDeviceToken(userName: string, deviceToken: string | null): void {
  const saved = readRememberedLogin();
  if (saved?.method !== 'username' || saved.username.toLowerCase() !== userName.toLowerCase()) {
    return;
  }
  const { deviceToken: _old, ...rest } = saved;
  writeStorage(
    'local',
    REMEMBERED_LOGIN_KEY,
    JSON.stringify(deviceToken ? { ...rest, deviceToken } : rest),
  );
}

/** The member's username changed: a remembered login under the old name follows it. */
export function renameRememberedLogin(oldName: string, newName: string): void {
  const saved = readRememberedLogin();
  if (saved?.method !== 'username' || saved.username.toLowerCase() !== oldName.toLowerCase()) {
    return;
  }
  writeStorage('local', REMEMBERED_LOGIN_KEY, JSON.stringify({ ...saved, username: newName }));
}
