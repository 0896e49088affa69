import { describe, expect, it } from 'vitest';
import { setDisplayModeStandalone, setUserAgent, USER_AGENTS } from '../../../testing/browser';
import { detectRegisterMethod } from './register-method';

describe('register method', () => {
  it('is H5 in a browser tab', () => {
    setUserAgent(USER_AGENTS.androidChrome);
    expect(detectRegisterMethod()).toBe('H5');
  });

  it('is PWA in an installed web app', () => {
    setDisplayModeStandalone(true);
    expect(detectRegisterMethod()).toBe('PWA');
  });

  it('is WEBCLIP from an iOS home-screen icon', () => {
    setDisplayModeStandalone(true);
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      expect(detectRegisterMethod()).toBe('WEBCLIP');
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
  });

  it("stays WEBCLIP in a web clip's storage once the clip has said so", () => {
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
    try {
      expect(detectRegisterMethod()).toBe('WEBCLIP');
    } finally {
      Reflect.deleteProperty(navigator, 'standalone');
    }
    expect(localStorage.getItem('webClip')).toBe('1');
    expect(detectRegisterMethod()).toBe('WEBCLIP');
    localStorage.removeItem('webClip');
    expect(detectRegisterMethod()).toBe('H5');
  });

  it('is APP inside the Khela app', () => {
    setUserAgent(`${USER_AGENTS.androidChrome} KhelaApp/1.0`);
    expect(detectRegisterMethod()).toBe('APP');
  });
});
