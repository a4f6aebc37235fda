import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';

let t: TestApp;
let webDist: string;

/** A Content-Security-Policy header as directive → sources. */
function cspDirectives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'fogata-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><!--fogata:meta--><title>Fogata</title><!--/fogata:meta-->',
  );
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp(
    { webDist, group: { name: 'Grupo Scout Prueba 7', address: 'Calle Mayor 1', mapUrl: null } },
    (app) => {
      // A route that fails the way a bug would: with internals in the error.
      app.get('/api/test/boom', async () => {
        throw new Error('SELECT secret FROM internals at /srv/fogata/db.ts:42');
      });
    },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('system', () => {
  it('GET /api/health', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config gives the group, and no external sign-in without OIDC_CLIENT_ID', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toEqual({
      groupName: 'Grupo Scout Prueba 7',
      groupAddress: 'Calle Mayor 1',
      groupMapUrl: null,
      albumsPublishByDefault: true,
      oidc: null,
    });
  });

  it('runs on the database DATABASE_URL asks for', () => {
    expect(t.app.ctx.db.dialect).toBe(
      process.env.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite',
    );
  });

  it('serves the OpenAPI docs built from the schemas', async () => {
    const ui = await t.app.inject({ url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(ui.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const spec = await t.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/invitations',
        '/api/admin/users/{id}/role',
        '/api/profile/me',
      ]),
    );
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual([
      'email',
      'password',
    ]);
  });

  it('answers unknown API routes with a Spanish 404', async () => {
    for (const url of ['/api/nada', '/api', '/api/nada?x=1']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SERVER_ERRORS.routeNotFound });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nada', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app and falls back to index.html for pages', async () => {
    // The landing page is the directory itself: it must be index.html, not a 403.
    const home = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(home.statusCode).toBe(200);
    // A public page has its own title (decision 116); any other keeps the shell's.
    expect(home.body).toContain('<title>Grupo Scout Prueba 7</title>');
    expect(home.headers['cache-control']).toBe('no-cache');
    const page = await t.app.inject({
      url: '/admin/invitations',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Fogata</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    const asset = await t.app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missingAsset = await t.app.inject({ url: '/assets/nada.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const missingMedia = await t.app.inject({
      url: '/media/avatars/nada.webp',
      headers: { accept: 'text/html' },
    });
    expect(missingMedia.statusCode).toBe(404);
  });

  it('gives API answers and built files the headers that protect them, and pages the full set', async () => {
    const page = await t.app.inject({ url: '/news', headers: { accept: 'text/html' } });
    // A built script runs under the page's policy: the page-only headers would be bytes for
    // nothing on each file of the first load (decision 196).
    for (const url of ['/api/health', '/api/news', '/api/nada', '/assets/app-1234.js']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBe(
        page.headers['strict-transport-security'],
      );
      // Headers that only mean something for a page (decision 027).
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]) {
        expect(res.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
        expect(page.headers[pageOnly], `page ${pageOnly}`).toBeDefined();
      }
    }
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The API's documentation is a page of its own, with swagger-ui's policy.
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('lets the page embed frames from its own origin only, without GROUP_MAP_URL', async () => {
    const home = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(cspDirectives(home.headers['content-security-policy'])['frame-src']).toBe("'self'");
  });

  it('with GROUP_MAP_URL, lets the page embed that map and nothing else', async () => {
    const mapUrl = 'https://www.openstreetmap.org/export/embed.html?bbox=-4.13,40.94,-4.11,40.95';
    const withMap = await buildTestApp({
      webDist,
      group: { name: 'Grupo Scout Prueba 7', address: 'Calle Mayor 1', mapUrl },
    });
    try {
      const home = await withMap.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(cspDirectives(home.headers['content-security-policy'])['frame-src']).toBe(
        "'self' https://www.openstreetmap.org",
      );
      const config = await withMap.app.inject({ url: '/api/config' });
      expect(config.json().groupMapUrl).toBe(mapUrl);
    } finally {
      await withMap.close();
    }
  });

  it('hides internals in a 500', async () => {
    const res = await t.app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.internal });
    expect(res.body).not.toContain('secret');
  });

  it('answers a malformed path with a Spanish 400', async () => {
    const res = await t.app.inject({ url: '/api/invitations/verify/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.badUrl });
  });

  it('refuses a JSON body over 1 MB with a Spanish 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.es', password: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: SERVER_ERRORS.bodyTooLarge });
  });
});

describe('GET /api/health/ready', () => {
  it('is 200 when the database and the storage answer, 503 with the reason when one does not', async () => {
    const ok = await t.app.inject({ url: '/api/health/ready' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', disk: 'ok' });

    const { storage } = t.app.ctx;
    const check = storage.check;
    storage.check = async () => {
      throw Object.assign(new Error('EROFS'), { code: 'EROFS' });
    };
    try {
      const down = await t.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        status: 'error',
        database: 'ok',
        storage: 'error',
        disk: 'ok',
        message: SERVER_ERRORS.notReady,
      });
    } finally {
      storage.check = check;
    }
    const live = await t.app.inject({ url: '/api/health' });
    expect(live.json()).toEqual({ status: 'ok' });
  });
});
