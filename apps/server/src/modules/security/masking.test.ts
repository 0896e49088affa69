import { describe, expect, it } from 'vitest';
import { deviceOf, maskEmail, maskIp, maskMobile } from './masking';

describe('masking', () => {
  it('hides the middle of a mobile number', () => {
    expect(maskMobile('+880', '1712345678')).toBe('+880 17••••5678');
    expect(maskMobile('+91', '987654')).toBe('+91 9••••54');
    expect(maskMobile(null, null)).toBeNull();
  });

  it('keeps the first letter and the domain of an e-mail address', () => {
    expect(maskEmail('rahim@example.com')).toBe('r•••@example.com');
    expect(maskEmail(null)).toBeNull();
    expect(maskEmail('broken')).toBe('•••');
  });

  it('hides the last part of an address', () => {
    expect(maskIp('203.0.113.45')).toBe('203.0.113.•');
    expect(maskIp('::ffff:198.51.100.7')).toBe('198.51.100.•');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:•');
    expect(maskIp(null)).toBeNull();
  });

  it('names the browser and system of common phones and computers', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Samsung Internet', os: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(deviceOf('lightMyRequest')).toEqual({ browser: null, os: null });
    expect(deviceOf(null)).toEqual({ browser: null, os: null });
  });
});
