import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const dataDir = mkdtempSync(join(tmpdir(), 'fogata-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('GROUP_MAP_URL', () => {
  it('is unset by default: no map is embedded', () => {
    expect(load({}).group.mapUrl).toBeNull();
  });

  it('takes a web address', () => {
    const url = 'https://www.openstreetmap.org/export/embed.html?bbox=-4.13,40.94,-4.11,40.95';
    expect(load({ GROUP_MAP_URL: url }).group.mapUrl).toBe(url);
    expect(load({ GROUP_MAP_URL: 'http://mapas.local/local' }).group.mapUrl).toBe(
      'http://mapas.local/local',
    );
  });

  it.each(['javascript:alert(1)', 'data:text/html,<p>mapa</p>', 'www.openstreetmap.org/export'])(
    'refuses %s with a Spanish message',
    (value) => {
      expect(() => load({ GROUP_MAP_URL: value })).toThrow(
        'GROUP_MAP_URL debe ser una dirección http:// o https:// (la de un mapa para incrustar).',
      );
    },
  );
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, 0 or false', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
  });

  it('takes the proxies’ addresses and CIDRs, separated by commas', () => {
    expect(load({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(load({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,fd00::/8,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
    ]);
    expect(load({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it('refuses true, which would take the address the client writes, saying what to set', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY=true ya no se admite: .*\(TRUST_PROXY=1 con uno solo\)/,
      );
    }
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy.local', '1e3', '-1', '1000'])(
    'refuses %s with a Spanish message',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY debe ser el número de proxies inversos delante de Fogata (TRUST_PROXY=1 con uno solo) o sus direcciones o redes separadas por comas (p. ej. 10.0.0.5,172.16.0.0/12).',
      );
    },
  );
});
