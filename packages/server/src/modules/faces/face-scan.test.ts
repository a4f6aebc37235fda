import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { nowIso } from '../../lib/tokens.js';
import type { FaceDetector } from '../../media/face-search.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../../test/build-app.js';
import { createExperience, createNews } from '../../test/content-factories.js';
import { createAlbum, createPhoto } from '../../test/gallery-factories.js';
import { DEFAULT_FACE_SCAN, FaceScanner, SCAN_MAX_ATTEMPTS } from './face-scan.js';

/*
 * The background scan of the images stored before detection existed (decision 139): one image
 * at a time from the queue, its state in the database (a restart goes on), a
 * claim by compare-and-set with a lease (two instances never scan one image twice; a killed one's
 * image is free again when its lease ends), three tries and out with a log line.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db.kysely;

beforeEach(async () => {
  await db().deleteFrom('face_scan_queue').execute();
  t.app.ctx.faceDetector = undefined;
});

/** A detector finding one face per image, counting the images it saw. */
function oneFace(seen: { n: number }, delayMs = 0): FaceDetector {
  return async () => {
    seen.n += 1;
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return [{ x: 0.2, y: 0.2, width: 0.3, height: 0.3, score: 0.8 }];
  };
}

/** Photos with real files, queued as migration 014 queues what was stored before it. */
async function queuedPhotos(n: number): Promise<number[]> {
  const album = await createAlbum(t.app);
  const ids: number[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await createPhoto(t.app, album.id, { withFiles: true })).id);
  await db()
    .insertInto('face_scan_queue')
    .values(ids.map((photo_id) => ({ photo_id, created_at: nowIso() })))
    .execute();
  return ids;
}

async function facesOfPhotos(ids: number[]) {
  return db()
    .selectFrom('faces')
    .select(['photo_id', 'source'])
    .where('photo_id', 'in', ids)
    .execute();
}

async function queueSize(): Promise<number> {
  return (await db().selectFrom('face_scan_queue').select('id').execute()).length;
}

describe('the scan', () => {
  it('scans one image per run, oldest first, and goes on where it was after a restart', async () => {
    const ids = await queuedPhotos(3);
    const seen = { n: 0 };
    t.app.ctx.faceDetector = oneFace(seen);
    expect(await new FaceScanner(t.app.ctx).runOnce()).toBe('scanned');
    expect((await facesOfPhotos(ids)).map((f) => f.photo_id)).toEqual([ids[0]]);
    expect(await queueSize()).toBe(2);
    // Another scanner (a restarted process) reads its state from the table.
    const restarted = new FaceScanner(t.app.ctx);
    expect(await restarted.runOnce()).toBe('scanned');
    expect(await restarted.runOnce()).toBe('scanned');
    expect(await restarted.runOnce()).toBe('empty');
    expect(seen.n).toBe(3);
    const faces = await facesOfPhotos(ids);
    expect(faces.map((f) => f.photo_id).sort()).toEqual([...ids].sort());
    expect(faces.every((f) => f.source === 'detector')).toBe(true);
  });

  it('scans covers, news and experience images from their display copies', async () => {
    const album = await createAlbum(t.app, { withFiles: true });
    const news = await createNews(t.app, { withFiles: true });
    const experience = await createExperience(t.app, { withFiles: true });
    await db()
      .insertInto('face_scan_queue')
      .values([
        { album_id: album.id, created_at: nowIso() },
        { news_id: news.id, created_at: nowIso() },
        { experience_id: experience.id, created_at: nowIso() },
      ])
      .execute();
    const inputs: number[] = [];
    t.app.ctx.faceDetector = async (input) => {
      inputs.push(Buffer.isBuffer(input) ? input.length : -1);
      return [{ x: 0.1, y: 0.1, width: 0.5, height: 0.5, score: 0.7 }];
    };
    const scanner = new FaceScanner(t.app.ctx);
    for (let i = 0; i < 3; i++) expect(await scanner.runOnce()).toBe('scanned');
    expect(inputs.every((size) => size > 0)).toBe(true);
    const faces = await db()
      .selectFrom('faces')
      .select(['album_id', 'news_id', 'experience_id'])
      .where((eb) =>
        eb.or([
          eb('album_id', '=', album.id),
          eb('news_id', '=', news.id),
          eb('experience_id', '=', experience.id),
        ]),
      )
      .execute();
    expect(faces).toHaveLength(3);
  });

  it('leaves an image claimed by an instance that died until its lease ends', async () => {
    const [id] = await queuedPhotos(1);
    const seen = { n: 0 };
    t.app.ctx.faceDetector = oneFace(seen);
    const start = new Date('2030-01-01T10:00:00Z');
    // An instance claims it, then dies before finishing.
    const dead = await db()
      .updateTable('face_scan_queue')
      .set({
        claimed_until: new Date(start.getTime() + DEFAULT_FACE_SCAN.leaseMs).toISOString(),
        attempts: 1,
      })
      .where('photo_id', '=', id ?? 0)
      .executeTakeFirst();
    expect(Number(dead.numUpdatedRows)).toBe(1);
    const scanner = new FaceScanner(t.app.ctx);
    expect(await scanner.runOnce(new Date(start.getTime() + 60_000))).toBe('empty');
    expect(seen.n).toBe(0);
    const later = new Date(start.getTime() + DEFAULT_FACE_SCAN.leaseMs + 1);
    expect(await scanner.runOnce(later)).toBe('scanned');
    expect(seen.n).toBe(1);
    expect(await queueSize()).toBe(0);
  });

  it('tries a failing image three times, then drops it with a log line; the others go on', async () => {
    const [bad, good] = await queuedPhotos(2);
    let calls = 0;
    t.app.ctx.faceDetector = async () => {
      calls += 1;
      throw new Error('modelo roto');
    };
    const errors = vi.spyOn(t.app.ctx.log, 'error');
    const scanner = new FaceScanner(t.app.ctx);
    let now = new Date('2031-01-01T10:00:00Z');
    const step = () => {
      now = new Date(now.getTime() + DEFAULT_FACE_SCAN.retryMs + 1);
      return now;
    };
    // First try of each photo fails and is left for later (the oldest first).
    expect(await scanner.runOnce(now)).toBe('failed');
    const attempts = async () =>
      (
        await db()
          .selectFrom('face_scan_queue')
          .select(['photo_id', 'attempts'])
          .orderBy('id')
          .execute()
      ).map((r) => [r.photo_id, r.attempts]);
    expect(await attempts()).toEqual([
      [bad, 1],
      [good, 0],
    ]);
    // The second photo is tried while the first waits for its retry.
    t.app.ctx.faceDetector = async () => [];
    expect(await scanner.runOnce(now)).toBe('scanned');
    expect(await attempts()).toEqual([[bad, 1]]);
    t.app.ctx.faceDetector = async () => {
      calls += 1;
      throw new Error('modelo roto');
    };
    expect(await scanner.runOnce(step())).toBe('failed');
    expect(errors).not.toHaveBeenCalled();
    expect(await scanner.runOnce(step())).toBe('dropped');
    expect(calls).toBe(SCAN_MAX_ATTEMPTS);
    // Given up on, not forgotten: it stays in the queue as unsearched, never tried again.
    const kept = await db()
      .selectFrom('face_scan_queue')
      .select(['photo_id', 'gave_up_at', 'claimed_until'])
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ photo_id: bad, claimed_until: null });
    expect(kept.gave_up_at).toEqual(expect.any(String));
    expect(await scanner.runOnce(step())).toBe('empty');
    expect(calls).toBe(SCAN_MAX_ATTEMPTS);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(errors.mock.calls[0]?.[0]).toMatchObject({ image: `photo ${bad}`, attempts: 3 });
    errors.mockRestore();
  });

  it('counts a photo whose file is missing as a failed try', async () => {
    const album = await createAlbum(t.app);
    const photo = await createPhoto(t.app, album.id); // no files
    await db()
      .insertInto('face_scan_queue')
      .values({ photo_id: photo.id, created_at: nowIso() })
      .execute();
    expect(await new FaceScanner(t.app.ctx).runOnce()).toBe('failed');
    const row = await db()
      .selectFrom('face_scan_queue')
      .select('attempts')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
  });
});

describe('two instances on one database', () => {
  it('never scan the same image twice', async () => {
    const ids = await queuedPhotos(12);
    const second = await buildTestAppOnSameDatabase(t);
    try {
      const seen = { n: 0 };
      // Slow enough for the two to overlap on every image.
      t.app.ctx.faceDetector = oneFace(seen, 5);
      second.app.ctx.faceDetector = oneFace(seen, 5);
      const a = new FaceScanner(t.app.ctx);
      const b = new FaceScanner(second.app.ctx);
      const drain = async (scanner: FaceScanner) => {
        const outcomes: string[] = [];
        for (;;) {
          const outcome = await scanner.runOnce();
          if (outcome === 'empty') return outcomes;
          outcomes.push(outcome);
        }
      };
      const [fromA, fromB] = await Promise.all([drain(a), drain(b)]);
      expect(seen.n).toBe(12);
      expect(
        fromA.filter((o) => o === 'scanned').length + fromB.filter((o) => o === 'scanned').length,
      ).toBe(12);
      const faces = await facesOfPhotos(ids);
      expect(faces.map((f) => f.photo_id).sort()).toEqual([...ids].sort());
      expect(await queueSize()).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('as a background job', () => {
  it('starts when the app is ready, drains the queue with pauses, and stops on close', async () => {
    const seen = { n: 0 };
    // The queue filled before the app is ready, as migration 014 leaves it.
    const app = await buildTestApp(
      { faceScan: { startMs: 10, pauseMs: 10, idleMs: 60_000 } },
      async (ready) => {
        ready.ctx.faceDetector = oneFace(seen);
        const album = await createAlbum(ready);
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          ids.push((await createPhoto(ready, album.id, { withFiles: true })).id);
        }
        await ready.ctx.db.kysely
          .insertInto('face_scan_queue')
          .values(ids.map((photo_id) => ({ photo_id, created_at: nowIso() })))
          .execute();
      },
    );
    try {
      await vi.waitFor(
        async () => {
          const left = await app.app.ctx.db.kysely
            .selectFrom('face_scan_queue')
            .select('id')
            .execute();
          expect(left).toHaveLength(0);
        },
        { timeout: 5000, interval: 20 },
      );
      expect(seen.n).toBe(3);
    } finally {
      await app.close();
    }
  });
});
