/**
 * What the device is: installed web app or browser tab, iOS or Android, Safari or another iOS
 * browser, and which iOS version. The download bar and the app guides depend on it.
 */
import { STORAGE_KEYS } from '@khela/contract/constants';
import { readStorage, writeStorage } from './storage';

export type Os = 'ios' | 'android' | 'other';

export interface Platform {
  os: Os;
  /** [major, minor] on iOS, otherwise null. */
  iosVersion: readonly [number, number] | null;
  /** Safari itself (not Chrome, Firefox or an in-app browser on iOS). */
  isSafari: boolean;
}

const IOS_OTHER_BROWSERS =
  /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|DuckDuckGo|GSA\/|FBAN|FBAV|Instagram|Line\/|MicroMessenger|Twitter|UCBrowser/;

export function detectPlatform(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
): Platform {
  // iPadOS 13+ reports itself as a Mac; a touch screen gives it away.
  const isIpadOs = /Macintosh/.test(userAgent) && maxTouchPoints > 1;
  if (/iPhone|iPad|iPod/.test(userAgent) || isIpadOs) {
    const os = /OS (\d+)[_.](\d+)/.exec(userAgent);
    const safariVersion = /Version\/(\d+)\.(\d+)/.exec(userAgent);
    const match = os ?? safariVersion;
    return {
      os: 'ios',
      iosVersion: match ? [Number(match[1]), Number(match[2])] : null,
      isSafari: /Safari\//.test(userAgent) && !IOS_OTHER_BROWSERS.test(userAgent),
    };
  }
  if (/Android/.test(userAgent)) return { os: 'android', iosVersion: null, isSafari: false };
  return {
    os: 'other',
    iosVersion: null,
    isSafari: /Safari\//.test(userAgent) && !/Chrome|Chromium|Edg\//.test(userAgent),
  };
}

/** iOS 11 and below, or 12.0 and 12.1 (spec: "12 below 2, or 11 and below"). */
export function isLegacyIos(platform: Platform): boolean {
  if (platform.os !== 'ios' || !platform.iosVersion) return false;
  const [major, minor] = platform.iosVersion;
  return major <= 11 || (major === 12 && minor < 2);
}

/**
 * Opened from an iOS home-screen web clip. iOS gives each clip a storage of its own, so the flag
 * kept there (spec: web-clip flag in local storage) also holds for pages the clip shows without
 * `navigator.standalone`, such as after a reload in its in-app browser.
 */
export function isIosWebClip(): boolean {
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) {
    writeStorage('local', STORAGE_KEYS.webClip, '1');
    return true;
  }
  return readStorage('local', STORAGE_KEYS.webClip) === '1';
}

/** Running as an installed web app (home-screen icon), not in a browser tab. */
export function isStandalone(): boolean {
  const fromMedia =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches;
  const fromIos = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return fromMedia || fromIos;
}

/** The browser's own install prompt (Chrome on Android), kept until the player asks for it. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredInstall: InstallPromptEvent | null = null;

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredInstall = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferredInstall = null;
  });
}

export function canPromptInstall(): boolean {
  return deferredInstall !== null;
}

export async function promptInstall(): Promise<boolean> {
  const event = deferredInstall;
  if (!event) return false;
  deferredInstall = null;
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
