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
