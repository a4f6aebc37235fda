import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';

// The camp's service worker (/sw.js, written by the web build): always revalidated, so a new
// build's worker replaces the old one at the next visit, while the hashed assets stay cached
// for a year. A fake build stands in for packages/web/dist.

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fogata-sw-'));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};\n');
  t = await buildTestApp({ webDist: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the camp service worker file', () => {
  it('/sw.js is JavaScript the browser revalidates every time', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe("self.addEventListener('fetch', () => {});\n");
  });

  it('the hashed assets beside it keep their year of caching', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
