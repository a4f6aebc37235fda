// Over-long paths on the app as it runs in production, with the built web app served beside the
// API: whatever their characters and length, on every route and on /media, they
// answer the 404 of a route that does not exist, in the app's shape, never a 403 or a 500.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';

let t: TestApp;
let dist: string;
let admin: TestUser;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fogata-web-dist-'));
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Fogata</title><div id="root"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'export {};\n');
  t = await buildTestApp({ webDist: dist });
  admin = await createUser(t.app, { role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** What a long path may be made of: digits, letters, escapes, dots, dashes, any script. */
const FILLERS = ['1', 'a', '%41', '.', '-', 'ñ', '%E2%9C%93', '_'];
const LENGTHS = [1_100, 2_000, 4_000, 10_000];
const PREFIXES = [
  '/api/albums/',
  '/api/news/',
  '/api/invitations/verify/',
  '/api/photos/',
  '/api/',
  '/media/',
  '/media/p/',
  '/media/news/',
  '/assets/',
  '/news/',
  '/',
];

function longPath(prefix: string, filler: string, length: number): string {
  return prefix + filler.repeat(Math.ceil(length / filler.length));
}

describe('an over-long path', () => {
  for (const prefix of PREFIXES) {
    it(`is a 404 in the app's shape under ${prefix}, whatever its characters and length`, async () => {
      const address = t.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const wrong: string[] = [];
      for (const filler of FILLERS) {
        for (const length of LENGTHS) {
          const headerSets: Record<string, string>[] = [{}, admin.headers, { accept: 'text/html' }];
          for (const headers of headerSets) {
            const url = longPath(prefix, filler, length);
            const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
            const body = await res.text();
            // Past Node's limit for the request line, the parser refuses it before any route.
            const expected =
              res.status === 414 ? SERVER_ERRORS.urlTooLong : SERVER_ERRORS.routeNotFound;
            if (![404, 414].includes(res.status) || body !== JSON.stringify({ message: expected }))
              wrong.push(
                `${filler} × ${length} (${Object.keys(headers).join()}): ${res.status} ${body.slice(0, 80)}`,
              );
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('is a 404 for a write too, before its body is read', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: longPath('/api/albums/', '7', 10_000),
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.routeNotFound });
    }
  });
});
