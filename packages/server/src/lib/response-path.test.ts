import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { userSchema } from '@fogata/shared';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { withStatementCache } from '../db/database.js';
import { buildTestApp, type TestApp } from '../test/build-app.js';
import { createExperience, createNews } from '../test/content-factories.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createAlbum, createComment, createLike, createPhoto } from '../test/gallery-factories.js';
import { createMonitor } from '../test/monitor-factories.js';
import { fastSerializerCompiler } from './response-serializer.js';

// The production answer path: responses written from the schema without re-validating them,
// compression by negotiation, statements prepared once. Tests run with the validating
// serializer (build-app), so the read endpoints are checked here with production's too.

let t: TestApp;
let production: FastifyInstance;
let member: TestUser;
let albumId: number;

beforeAll(async () => {
  t = await buildTestApp();
  // The same database and files, answered the way production answers.
  production = await buildApp(t.config, { logger: false });
  await production.ready();
  member = await createUser(t.app);
  const news = await createNews(t.app);
  await createNews(t.app, { title: 'Campamento de verano «Los Picos» — 2025' });
  await createExperience(t.app);
  await createMonitor(t.app, { description: null });
  await createMonitor(t.app, { description: 'Lleva la Tropa.\n"Siempre listos".' });
  albumId = (await createAlbum(t.app, { description: null })).id;
  const photo = await createPhoto(t.app, albumId, { description: 'Junto al fuego' });
  await createPhoto(t.app, albumId);
  await createLike(t.app, 'news', news.id, member.row.id);
  await createLike(t.app, 'photo', photo.id, member.row.id);
  await createComment(t.app, 'photo', photo.id, member.row.id);
});

afterAll(async () => {
  await production?.close();
  await t?.close();
});

describe('answers written from the schema (production)', () => {
  it('are byte for byte what the validating serializer writes, on every read list', async () => {
    const reads = [
      { url: '/api/news', session: false },
      { url: '/api/news', session: true },
      { url: '/api/news?limit=1', session: false },
      { url: '/api/experiences', session: false },
      { url: '/api/experiences', session: true },
      { url: '/api/monitors', session: false },
      { url: '/api/albums', session: true },
      { url: `/api/photos/album/${albumId}`, session: true },
      { url: '/api/profile/me', session: true },
    ];
    for (const { url, session } of reads) {
      const headers = session ? member.headers : {};
      const validated = await t.app.inject({ url, headers });
      const written = await production.inject({ url, headers });
      expect(validated.statusCode, url).toBe(200);
      expect(written.statusCode, url).toBe(200);
      expect(written.body, url).toBe(validated.body);
      expect(written.headers['content-type'], url).toBe(validated.headers['content-type']);
    }
  });

  it('leave out any field the schema does not name', () => {
    const serialize = fastSerializerCompiler({
      schema: userSchema,
      method: 'GET',
      url: '/api/profile/me',
      httpStatus: '200',
    });
    const json = serialize({
      id: 1,
      name: 'Ana',
      email: 'ana@example.org',
      role: 'usuario',
      avatar_url: null,
      created_at: '2025-01-01T00:00:00.000Z',
      password_hash: 'scrypt$secreto',
    });
    expect(JSON.parse(json)).not.toHaveProperty('password_hash');
    expect(JSON.parse(json)).toMatchObject({ name: 'Ana', avatar_url: null });
  });

  it('fall back to zod for a schema JSON Schema cannot express', () => {
    const serialize = fastSerializerCompiler({
      schema: z.object({ when: z.custom<string>((v) => typeof v === 'string') }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ when: 'mañana', extra: 1 })).toBe('{"when":"mañana"}');
    expect(() => serialize({ when: 7 })).toThrow();
  });
});

describe('compression', () => {
  it('answers JSON in brotli or gzip, as the client accepts, and says it varies', async () => {
    for (let i = 0; i < 4; i += 1) await createNews(t.app);
    const plain = await production.inject({ url: '/api/news' });
    const br = await production.inject({
      url: '/api/news',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const gz = await production.inject({
      url: '/api/news',
      headers: { 'accept-encoding': 'gzip' },
    });
    // Big enough to be worth it: six news items and their placeholders.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers as they are', async () => {
    const health = await production.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});

describe('statement cache (SQLite)', () => {
  it('prepares each SQL text once, and a fresh statement while one is being iterated', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw);
    try {
      raw.exec('create table t (n integer); insert into t values (1), (2), (3)');
      const first = db.prepare('select n from t order by n');
      expect(db.prepare('select n from t order by n')).toBe(first);
      const iterator = first.iterate([]);
      iterator.next();
      const whileBusy = db.prepare('select n from t order by n');
      expect(whileBusy).not.toBe(first);
      expect(whileBusy.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      iterator.return?.();
      expect(db.prepare('select n from t order by n')).toBe(first);
    } finally {
      db.close();
    }
  });
});
