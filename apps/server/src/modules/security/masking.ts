/**
 * What the security centre shows of stored personal data: a mobile number, an e-mail address and
 * an IP address partly hidden, and a User-Agent reduced to a browser and a system. Enough for a
 * player to recognise their own devices, not enough to be useful to whoever reads the screen.
 */
import type { Device } from '@khela/contract/security';

/** +880 17••••5678: the first two and last four digits (one and two of a short number). */
export function maskMobile(countryDialingCode: string | null, mobileNum: string | null) {
  if (!mobileNum) return null;
  const [head, tail] = mobileNum.length >= 8 ? [2, 4] : [1, 2];
  const masked = `${mobileNum.slice(0, head)}••••${mobileNum.slice(-tail)}`;
  return countryDialingCode ? `${countryDialingCode} ${masked}` : masked;
}

/** r•••@example.com: the first character of the local part and the whole domain. */
export function maskEmail(email: string | null) {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** 203.0.113.• (the /24) or 2001:db8:85a3:• (the first three groups of an IPv6 address). */
export function maskIp(ip: string | null) {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.•`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean);
    return `${groups.slice(0, 3).join(':')}:•`;
  }
  return '•';
}

/** In the order they are tried: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome" on "Android" from a User-Agent; null for what is not recognised. */
export function deviceOf(userAgent: string | null): Device {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
    os: SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null,
  };
}
