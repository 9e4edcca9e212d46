import { describe, expect, it } from 'vitest';
import { addressKey } from './rate-limit.js';

describe('addressKey', () => {
  it.each([
    // IPv4 as it is, and IPv4-mapped IPv6 read as IPv4.
    ['203.0.113.7', ['203.0.113.7', '::ffff:203.0.113.7']],
    // IPv6 counted per /64, however the address is written.
    ['2001:db8:1:2::/64', ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002::1']],
    ['2001:db8:0:0::/64', ['2001:db8::1']],
    ['0:0:0:0::/64', ['::1']],
    // Anything else (not an address) as it is.
    ['desconhecido', ['desconhecido']],
  ])('counts as %s the addresses %j', (key, addresses) => {
    for (const address of addresses) expect(addressKey(address)).toBe(key);
  });

  it('keeps neighbouring /64 networks apart', () => {
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
