// A bucket that misbehaves under STORAGE=s3 (decision 032): one that accepts connections and never
// answers, one that cuts every connection, one that takes a photo's first file and then fails.
// Uploads and photo reads answer the Spanish 503 within seconds (every storage call has a
// deadline and a bounded retry), and an object written without its row is cleaned by the
// running app's next sweep, with no restart. The bucket is the real S3-compatible server behind
// a proxy of the test's own that can hang, cut or pass each request.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_ERRORS } from '@fogata/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { injectParts, pngImage, sendPhotos } from '../../test/images.js';
import { startS3, type TestS3 } from '../../test/s3.js';
import { S3_CALL_DEADLINE_MS } from './s3-storage.js';

type Mode = 'pass' | 'hang' | 'reset';

/** How long past the deadline an answer may take on a loaded machine (image encoding, the rest). */
const SLACK_MS = 4_000;

let s3: TestS3;
let bucket: string;
let proxy: Server;
/** What the proxy does with the next request; `firstPutThenReset` lets one write through. */
let mode: Mode | 'firstPutThenReset' = 'pass';
let t: TestApp;
let scouter: TestUser;

beforeAll(async () => {
  s3 = await startS3();
  bucket = await s3.bucket();
  const target = new URL(s3.endpoint);
  proxy = createServer((req, res) => {
    let now: Mode = mode === 'firstPutThenReset' ? 'pass' : mode;
    if (mode === 'firstPutThenReset') {
      if (req.method === 'PUT') mode = 'reset';
      else now = 'reset';
    }
    if (now === 'hang') return;
    if (now === 'reset') {
      req.socket.destroy();
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  t = await buildTestApp({
    storage: { ...s3.config(bucket), endpoint: `http://127.0.0.1:${port}` },
  });
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterAll(async () => {
  await t?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await s3?.close();
});

async function upload(albumId: number) {
  return sendPhotos(t.app, scouter.headers, albumId, [await pngImage()]);
}

async function newAlbum(): Promise<number> {
  const res = await injectParts(
    t.app,
    'POST',
    '/api/albums/newAlbum',
    [
      { name: 'title', value: 'Salida al río' },
      { field: 'cover', filename: 'portada.png', type: 'image/png', data: await pngImage() },
    ],
    scouter.headers,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().album.id;
}

async function timed<T>(task: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await task();
  return { value, ms: Date.now() - start };
}

describe('a bucket that misbehaves', () => {
  it('that never answers: an upload and a photo read get the Spanish 503 within seconds', async () => {
    mode = 'pass';
    const albumId = await newAlbum();
    const first = await upload(albumId);
    expect(first.statusCode, first.body).toBe(201);
    const photoUrl = first.json().uploaded[0].image_url as string;

    mode = 'hang';
    try {
      const [sent, read] = await Promise.all([
        timed(() => upload(albumId)),
        timed(() => t.app.inject({ url: photoUrl })),
      ]);
      for (const { value, ms } of [sent, read]) {
        expect(value.statusCode, value.body).toBe(503);
        expect(value.json()).toEqual({ message: SERVER_ERRORS.storageUnavailable });
        expect(ms).toBeLessThan(S3_CALL_DEADLINE_MS + SLACK_MS);
      }
    } finally {
      mode = 'pass';
    }
  }, 300_000);

  it('that cuts every connection: an upload gets the Spanish 503, and works again after', async () => {
    const albumId = await newAlbum();
    mode = 'reset';
    try {
      const { value, ms } = await timed(() => upload(albumId));
      expect(value.statusCode, value.body).toBe(503);
      expect(value.json()).toEqual({ message: SERVER_ERRORS.storageUnavailable });
      expect(ms).toBeLessThan(S3_CALL_DEADLINE_MS + SLACK_MS);
    } finally {
      mode = 'pass';
    }
    expect((await upload(albumId)).statusCode).toBe(201);
  }, 300_000);

  it('that takes a photo’s first file and then fails: the object is cleaned without a restart', async () => {
    const albumId = await newAlbum();
    const before = await s3.keys(bucket);
    mode = 'firstPutThenReset';
    let res: Awaited<ReturnType<typeof upload>>;
    try {
      res = await upload(albumId);
    } finally {
      mode = 'pass';
    }
    expect(res.statusCode, res.body).toBe(503);
    const left = (await s3.keys(bucket)).filter((key) => !before.includes(key));
    expect(left).toHaveLength(1);
    const journaled = await t.app.ctx.db.kysely
      .selectFrom('media_journal')
      .select('key')
      .where('key', 'in', left)
      .execute();
    expect(journaled).toHaveLength(1);

    // The bucket is back: the running app's next sweep (soon, not after the hour's lease)
    // deletes the object no row points to.
    await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage);
    expect((await s3.keys(bucket)).filter((key) => !before.includes(key))).toEqual([]);
    expect(await t.app.ctx.db.kysely.selectFrom('media_journal').selectAll().execute()).toEqual([]);
  }, 300_000);
});
