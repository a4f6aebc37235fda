import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMediaKey } from '../../media/storage/storage.js';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum } from '../../test/gallery-factories.js';
import { zipEntryCount } from '../../test/zip.js';

const PHOTOS = 2000;
const MB = 1024 * 1024;

let t: TestApp;
let member: TestUser;
let albumId: number;
let fileSize: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  member = await createUser(t.app);
  // One real display copy of noise (~300 kB, it does not compress), which 2,000 rows point at.
  const image = await sharp({
    create: {
      width: 800,
      height: 600,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .webp({ quality: 95 })
    .toBuffer();
  fileSize = image.length;
  const key = newMediaKey('private/photos', 'webp');
  await t.app.ctx.storage.save(key, image, 'image/webp');
  albumId = (await createAlbum(t.app, { title: 'Campamento grande' })).id;
  const now = Date.now();
  for (let start = 0; start < PHOTOS; start += 200) {
    const rows = Array.from({ length: Math.min(200, PHOTOS - start) }, (_, i) => ({
      album_id: albumId,
      image_key: key,
      thumb_key: key,
      placeholder: 'data:image/webp;base64,UklGRg==',
      width: 800,
      height: 600,
      description: null,
      uploaded_by: null,
      created_at: new Date(now - (start + i) * 1000).toISOString(),
    }));
    await t.app.ctx.db.kysely.insertInto('photos').values(rows).execute();
  }
}, 300_000);
afterAll(() => t.close());

describe('a 2,000-photo album', () => {
  it('streams through a real server without the memory growing with the archive', async () => {
    const { port } = t.app.server.address() as AddressInfo;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const { bytes, tail, status, firstByteMs } = await new Promise<{
      bytes: number;
      tail: Buffer;
      status: number;
      firstByteMs: number;
    }>((resolve, reject) => {
      const started = Date.now();
      const req = get(
        {
          port,
          host: '127.0.0.1',
          path: `/api/albums/${albumId}/download`,
          headers: member.headers,
        },
        (res) => {
          let total = 0;
          let firstByte = -1;
          // Only the last 512 kB are kept: enough for the central directory of 2,000 entries.
          // The chunks are kept as they come, not copied into one buffer per chunk: the client
          // runs in this process, and on Node 24 that garbage alone outgrew the server's share
          // before the collector caught up.
          const last: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (firstByte < 0) firstByte = Date.now() - started;
            total += chunk.length;
            last.push(chunk);
            kept += chunk.length;
            while (kept - last[0]!.length >= 512 * 1024) kept -= last.shift()!.length;
          });
          res.on('end', () =>
            resolve({
              bytes: total,
              tail: Buffer.concat(last),
              status: res.statusCode ?? 0,
              firstByteMs: firstByte,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    });
    clearInterval(sampler);
    const growth = (peak - baseline) / MB;
    console.info(
      `ZIP de ${PHOTOS} fotos: ${(bytes / MB).toFixed(0)} MB, primer byte ${firstByteMs} ms, RSS +${growth.toFixed(0)} MB`,
    );
    expect(status).toBe(200);
    expect(bytes).toBeGreaterThan(PHOTOS * fileSize);
    expect(zipEntryCount(tail)).toBe(PHOTOS);
    // The archive is ~600 MB; held in memory it would show. Generous: a loaded machine and the
    // garbage collector's own pace.
    expect(growth).toBeLessThan(150);
    // Streamed: the first bytes leave long before the archive is done.
    expect(firstByteMs).toBeLessThan(5000);
  }, 300_000);
});
