import { describe, expect, it } from 'vitest';
import { maskNetwork, networkOf } from './network';

describe('networkOf', () => {
  it('takes the /24 of an IPv4 address, mapped or not', () => {
    expect(networkOf('203.0.113.57')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('300.0.0.1')).toBeNull();
  });

  it('takes the /48 of an IPv6 address, written short or long', () => {
    expect(networkOf('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe('2001:db8:85a3::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('has no network for no address or a malformed one', () => {
    expect(networkOf(null)).toBeNull();
    expect(networkOf('')).toBeNull();
    expect(networkOf('not-an-ip')).toBeNull();
    expect(networkOf('1:2:3:4:5:6:7:8:9')).toBeNull();
  });
});

describe('maskNetwork', () => {
  it('hides the host part as the login history does', () => {
    expect(maskNetwork('203.0.113.0/24')).toBe('203.0.113.•');
    expect(maskNetwork('2001:db8:85a3::/48')).toBe('2001:db8:85a3:•');
    expect(maskNetwork(null)).toBeNull();
  });
});
