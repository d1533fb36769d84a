import { describe, expect, it } from 'vitest';
import { clientKey, networkKey } from './client-address';

describe('client and network keys', () => {
  it('keys IPv4 clients by address and networks by /24', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkKey('203.0.113.200')).toBe(networkKey('203.0.113.7'));
  });

  it('reads IPv4 mapped into IPv6 as IPv4', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkKey('::FFFF:203.0.113.7')).toBe('203.0.113.0/24');
  });

  it('keys IPv6 by its /64, whatever way the address is written', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(networkKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
  });
});
