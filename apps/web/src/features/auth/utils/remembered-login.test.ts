import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetLogin,
  readRememberedLogin,
  rememberLogin,
  replaceDeviceToken,
} from './remembered-login';

describe('remembered login', () => {
  afterEach(() => localStorage.clear());

  it('keeps the username and device token and turns autoLogin on', () => {
    rememberLogin({ method: 'username', username: 'rahim', deviceToken: 'd1' });
    expect(readRememberedLogin()).toEqual({
      method: 'username',
      username: 'rahim',
      deviceToken: 'd1',
    });
    expect(localStorage.getItem('autoLogin')).toBe('1');
  });

  it('keeps a mobile number with its dialing code', () => {
    rememberLogin({ method: 'sms', mobileNum: '01712345678', countryDialingCode: '+880' });
    expect(readRememberedLogin()).toEqual({
      method: 'sms',
      mobileNum: '01712345678',
      countryDialingCode: '+880',
    });
  });

  it('replaces or drops the device token of the same member only', () => {
    rememberLogin({ method: 'username', username: 'rahim', deviceToken: 'd1' });
    replaceDeviceToken('someone', 'd2');
    expect(readRememberedLogin()).toMatchObject({ deviceToken: 'd1' });
    replaceDeviceToken('RAHIM', 'd2');
    expect(readRememberedLogin()).toMatchObject({ deviceToken: 'd2' });
    replaceDeviceToken('rahim', null);
    expect(readRememberedLogin()).toEqual({ method: 'username', username: 'rahim' });
    forgetLogin();
    expect(readRememberedLogin()).toBeNull();
  });

  it('ignores anything that is not a remembered login', () => {
    localStorage.setItem('rememberedLogin', '{"method":"username","password":"x"}');
    expect(readRememberedLogin()).toBeNull();
    localStorage.setItem('rememberedLogin', 'not json');
    expect(readRememberedLogin()).toBeNull();
  });
});
