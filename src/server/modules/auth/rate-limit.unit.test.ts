import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit.js';

describe('addressKey', () => {
  it('keeps IPv4 as it is and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64, however the address is written', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });

  it('leaves anything else (not an address) as it is', () => {
    expect(addressKey('desconhecido')).toBe('desconhecido');
  });
});
