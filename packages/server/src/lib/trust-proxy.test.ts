import { describe, expect, it } from 'vitest';
import { isLocalAddress, trustProxyOption } from './trust-proxy.js';

describe('trustProxyOption', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '::ffff:192.168.1.10',
    'fd12:3456::1',
    'fe80::1',
  ])('takes %s as a local or private address a proxy may connect from', (address) => {
    expect(isLocalAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '198.51.100.20', '::ffff:8.8.8.8', '2001:db8::1', 'basura'])(
    'takes %s as a public address (or none)',
    (address) => {
      expect(isLocalAddress(address)).toBe(false);
    },
  );

  it('trusts n hops, the nearest only from a local address; a list or false as they are', () => {
    const trust = trustProxyOption(2);
    if (typeof trust !== 'function') throw new Error('a function was expected');
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.20', 0)).toBe(false);
    expect(trust('198.51.100.20', 1)).toBe(true);
    expect(trust('198.51.100.21', 2)).toBe(false);
    expect(trustProxyOption(['10.0.0.5'])).toEqual(['10.0.0.5']);
    expect(trustProxyOption(false)).toBe(false);
  });
});
