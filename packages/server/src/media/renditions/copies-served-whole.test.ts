import { Agent, request } from 'node:http';
import { PassThrough } from 'node:stream';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import { ASTRONAUT, groupPhoto } from '../../test/blur-pixels.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { addFace, recordConsent } from '../../test/consent-factories.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createChild } from '../../test/family-factories.js';
import { createAlbum, uploadPhoto } from '../../test/gallery-factories.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { waitUntil } from '../../test/wait.js';
import { renditionKeys, rowBoxes } from '../copies/copy-names.js';
import { faceScanIdle } from '../face-search.js';
import { MediaJournalRepository } from '../journal.repository.js';
import { COPY_WAIT_MS, ImageRenditions } from './blurred-copies.js';
import { childrenChanged } from './face-changes.js';

/*
 * A blurred copy is dropped and made again under its same key while a child's consent flips, and
 * all the while viewers fetch it over real sockets: every answer is the whole copy (its bytes,
 * exactly as many as its Content-Length says), or the Spanish 404 of a copy not given now, or the
 * Spanish 503 of one still being made — never a body cut short or running long, an English
 * error, or no answer. On local storage and on an S3-compatible server; SQLite, and PostgreSQL
 * with DATABASE_URL.
 */

/** Viewers fetching at the same time. */
const VIEWERS = 8;
/** Consent flips (given, then withdrawn) per storage. */
const FLIPS = 6;
/** Times the copy is made again over its own file. */
const REMAKES = 15;
/** An answer slower than this is a hang. */
const ANSWER_CEILING_MS = COPY_WAIT_MS + 10_000;

interface Answer {
  status: number;
  declared: number | null;
  body: Buffer;
  /** How the exchange broke off, when it did: a socket error, or no answer in time. */
  failure: string | null;
}

/** GET over a fresh connection (or `agent`'s); whatever happens is recorded, nothing thrown. */
function fetchRaw(base: string, path: string, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let declared: number | null = null;
    let settled = false;
    const done = (failure: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, declared, body: Buffer.concat(chunks), failure });
    };
    const req = request(`${base}${path}`, { agent }, (res) => {
      status = res.statusCode ?? 0;
      const length = res.headers['content-length'];
      declared = length === undefined ? null : Number(length);
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(res.complete ? null : 'cortada'));
      res.on('aborted', () => done('cortada'));
      res.on('error', (err) => done(`error: ${err.message}`));
    });
    const timer = setTimeout(() => {
      req.destroy();
      done('sin respuesta');
    }, ANSWER_CEILING_MS);
    req.on('error', (err) => done(`error: ${err.message}`));
    req.end();
  });
}

/** What is wrong with an answer, or null when it is one of the three allowed. */
function wrongWith(answer: Answer, whole: Buffer): string | null {
  if (answer.failure) return `${answer.status} ${answer.failure} tras ${answer.body.length} bytes`;
  if (answer.declared !== answer.body.length) {
    return `${answer.status}: Content-Length ${answer.declared}, cuerpo de ${answer.body.length}`;
  }
  if (answer.status === 200) return answer.body.equals(whole) ? null : '200 con otros bytes';
  const expected: Record<number, string> = {
    404: SERVER_ERRORS.mediaNotFound,
    503: SERVER_ERRORS.mediaCopyPending,
  };
  const message = expected[answer.status];
  if (!message) return `${answer.status}: ${answer.body.toString().slice(0, 200)}`;
  try {
    const body = JSON.parse(answer.body.toString()) as { message?: string };
    return body.message === message ? null : `${answer.status}: ${body.message}`;
  } catch {
    return `${answer.status} sin JSON: ${answer.body.toString().slice(0, 200)}`;
  }
}

describe.each([
  ['local', false],
  ['S3', true],
] as const)('a blurred copy dropped and made again while it is served (%s)', (_name, onS3) => {
  let s3: TestS3 | null = null;
  let t: TestApp;
  let base = '';
  let member: TestUser;
  let child: number;
  let photoId: number;
  let copyUrl = '';
  let copyKey = '';

  beforeAll(async () => {
    const overrides: Partial<Config> = {};
    if (onS3) {
      s3 = await startS3();
      overrides.storage = s3.config(await s3.bucket());
    }
    t = await buildTestApp(overrides);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const scouter = await createUser(t.app, { role: 'scouter' });
    member = await createUser(t.app);
    child = await createChild(t.app);
    const albumId = (await createAlbum(t.app, { withFiles: true })).id;
    photoId = await uploadPhoto(t.app, scouter.headers, albumId, await groupPhoto());
    // The scan looks for the photo's faces after the upload's answer: done before ours is drawn.
    await faceScanIdle(t.app.ctx);
    // No consent: the member is given the copy with the child's face blurred.
    await addFace(t.app, { photoId }, ASTRONAUT, { childId: child });
    const detail = await t.app.inject({ url: `/api/photos/${photoId}`, headers: member.headers });
    copyUrl = detail.json().image_url as string;
    copyKey = `private/${copyUrl.split('?')[0]?.replace(/^\/media\/p\//, '')}`;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  /** `VIEWERS` viewers fetch the copy over and over while `action` runs; every answer they got. */
  async function whileViewing(action: (answers: Answer[]) => Promise<void>): Promise<Answer[]> {
    const answers: Answer[] = [];
    let fetching = true;
    const viewer = async () => {
      while (fetching) answers.push(await fetchRaw(base, copyUrl));
    };
    const viewers = Array.from({ length: VIEWERS }, viewer);
    try {
      await action(answers);
    } finally {
      fetching = false;
      await Promise.all(viewers);
    }
    return answers;
  }

  const copyRow = () =>
    t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .select('id')
      .where('image_key', '=', copyKey)
      .executeTakeFirst();

  it('answers every fetch with the whole copy, its 404 or its 503, however consent flips', async () => {
    const first = await fetchRaw(base, copyUrl);
    expect(first.status, first.body.toString()).toBe(200);
    const whole = first.body;
    expect(wrongWith(first, whole)).toBeNull();

    const answers = await whileViewing(async () => {
      for (let flip = 0; flip < FLIPS; flip += 1) {
        // Consent given: the copy nobody is given any more is dropped, file and row.
        await recordConsent(t.app, child, 'gallery', true);
        await childrenChanged(t.app.ctx, [child]);
        await waitUntil('la copia retirada', async () => !(await copyRow()), 20_000);
        // Withdrawn: the same copy, under the same key, is made again (ahead, or on demand).
        await recordConsent(t.app, child, 'gallery', false);
        await childrenChanged(t.app.ctx, [child]);
        await waitUntil('la copia rehecha', async () => Boolean(await copyRow()), 20_000);
      }
    });
    const wrong = answers.map((answer) => wrongWith(answer, whole)).filter(Boolean);
    expect(wrong).toEqual([]);
    // The copy was really served throughout, not only refused.
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(VIEWERS);
    // And no copy made and dropped along the way is left in the store without its row.
    await waitUntil(
      'un almacén sin archivos huérfanos',
      async () => {
        const stored: string[] = [];
        for await (const key of t.app.ctx.storage.list()) stored.push(key);
        const referenced = await new MediaJournalRepository(t.app.ctx.db).referenced(stored);
        return stored.every((key) => referenced.has(key));
      },
      20_000,
    );
  }, 300_000);

  it('serves the whole copy while it is made again over its own file', async () => {
    // What a drop leaves for a moment (its row deleted, its file not yet), or another instance
    // making the same copy: the copy is made again while its file is there and being served.
    const whole = (await fetchRaw(base, copyUrl)).body;
    const row = await t.app.ctx.db.kysely
      .selectFrom('image_renditions')
      .selectAll()
      .where('image_key', '=', copyKey)
      .executeTakeFirstOrThrow();
    const spec = {
      kind: 'photo' as const,
      imageId: row.image_id,
      source: row.source,
      boxes: rowBoxes(row),
    };
    const renditions = new ImageRenditions(t.app.ctx);
    const answers = await whileViewing(async (seen) => {
      for (let round = 0; round < REMAKES; round += 1) {
        await waitUntil('una lectura más', () => seen.length > round * VIEWERS, 20_000);
        await t.app.ctx.db.kysely
          .deleteFrom('image_renditions')
          .where('image_key', '=', copyKey)
          .execute();
        await renditions.make(spec);
      }
    });
    const wrong = answers.map((answer) => wrongWith(answer, whole)).filter(Boolean);
    expect(wrong).toEqual([]);
  }, 300_000);

  it('answers a file failing before its first byte in Spanish, and cuts one that ends short', async () => {
    const storage = t.app.ctx.storage;
    const read = storage.read.bind(storage);
    let ending: 'fails' | 'short' = 'fails';
    storage.read = async (key) => {
      if (key !== copyKey) return read(key);
      const stream = new PassThrough();
      if (ending === 'fails') setImmediate(() => stream.destroy(new Error('EIO')));
      else stream.end(Buffer.alloc(10));
      return { stream, size: 100, contentType: 'image/webp' };
    };
    // A browser's kept-alive connection: a body that stops short would leave it waiting.
    const agent = new Agent({ keepAlive: true });
    try {
      const failed = await fetchRaw(base, copyUrl, agent);
      expect(failed.status).toBe(500);
      expect(failed.failure).toBeNull();
      expect(JSON.parse(failed.body.toString())).toEqual({ message: SERVER_ERRORS.internal });
      ending = 'short';
      const short = await fetchRaw(base, copyUrl, agent);
      expect(short.failure).toBe('cortada');
      expect(short.body.length).toBeLessThan(100);
    } finally {
      storage.read = read;
      agent.destroy();
    }
  }, 300_000);

  it('answers the Spanish 503, not a hang, when the copy is not made within the wait', async () => {
    const row = await t.app.ctx.db.kysely
      .selectFrom('photos')
      .select('image_key')
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    const spec = {
      kind: 'photo' as const,
      imageId: photoId,
      source: row.image_key,
      // A copy nobody made yet: one more face blurred than the usual one.
      boxes: [{ id: 999_999, x: 0.5, y: 0.5, width: 0.1, height: 0.1 }],
    };
    const { imageKey } = renditionKeys(t.app.ctx.mediaUrls, spec);
    // The source's read never answers while the wait runs out.
    const storage = t.app.ctx.storage;
    const read = storage.read.bind(storage);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    storage.read = async (key) => {
      if (key === row.image_key) await held;
      return read(key);
    };
    try {
      await expect(new ImageRenditions(t.app.ctx, 50).open(spec, imageKey)).rejects.toMatchObject({
        statusCode: 503,
        message: SERVER_ERRORS.mediaCopyPending,
      });
    } finally {
      storage.read = read;
      release();
    }
    // The copy is still made, for the next ask.
    await new ImageRenditions(t.app.ctx).make(spec);
    expect((await fetchRaw(base, copyUrl)).status).toBe(200);
  });
});
