import { describe, expect, it } from 'vitest';
import { addressKey } from '@/lib/accounts/throttle';
import { clientAddressOf, normalizeAddress, parseTrustedProxies } from '@/lib/http/client-address';

describe('TRUSTED_PROXIES', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    const trusted = parseTrustedProxies(' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8 ');
    expect(['10.1.2.3', '192.168.1.7', '::1', 'fd12::9'].map((a) => trusted.has(a))).toStrictEqual([true, true, true, true]);
    expect(['11.0.0.1', '192.168.1.8', '::2', 'fe80::1', 'unknown', ''].map((a) => trusted.has(a))).toStrictEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('trusts nobody when unset or empty', () => {
    for (const value of [undefined, '', ' , ']) expect(parseTrustedProxies(value).has('127.0.0.1')).toBe(false);
  });

  it.each(['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '10.0.0.0/x', '1.2.3'])('refuses "%s" with a readable error', (entry) => {
    expect(() => parseTrustedProxies(`127.0.0.1,${entry}`)).toThrow(`TRUSTED_PROXIES entry "${entry}" is not an IP address or CIDR range`);
  });
});

describe('the client address', () => {
  const trusted = parseTrustedProxies('10.0.0.0/8,::1');

  it('is the socket peer when the peer is not a trusted proxy, whatever it forwards', () => {
    expect(clientAddressOf('198.51.100.7', '1.2.3.4', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf('::ffff:198.51.100.7', '1.2.3.4, 10.0.0.1', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf(undefined, '1.2.3.4', trusted)).toBe('unknown');
  });

  it('is the rightmost forwarded address that is not a trusted proxy, behind trusted proxies', () => {
    expect(clientAddressOf('10.0.0.1', '1.2.3.4', trusted)).toBe('1.2.3.4');
    // The client's own entries (left) are never believed.
    expect(clientAddressOf('10.0.0.1', '6.6.6.6, 1.2.3.4, 10.9.9.9', trusted)).toBe('1.2.3.4');
    expect(clientAddressOf('::1', '[2001:db8::5]:4711', trusted)).toBe('2001:db8::5');
    expect(clientAddressOf('10.0.0.1', '1.2.3.4:5555', trusted)).toBe('1.2.3.4');
    // Only proxies in the chain: the leftmost of them is as far as anyone can see.
    expect(clientAddressOf('10.0.0.1', '10.0.0.3, 10.0.0.2', trusted)).toBe('10.0.0.3');
    // No header: the proxy itself.
    expect(clientAddressOf('10.0.0.1', undefined, trusted)).toBe('10.0.0.1');
    // A broken entry stops the walk at the last address a trusted proxy vouched for.
    expect(clientAddressOf('10.0.0.1', '1.2.3.4, nonsense, 10.0.0.2', trusted)).toBe('10.0.0.2');
  });

  it('is written one way for each address', () => {
    expect(normalizeAddress('::FFFF:1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeAddress('not an address')).toBeNull();
  });
});

describe('throttle address keys', () => {
  it('count IPv4 addresses one by one and IPv6 addresses by their /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
