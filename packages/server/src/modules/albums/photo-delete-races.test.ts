import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_SUCCESS } from '@fogata/shared';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ImageRenditionsRepository } from '../../media/copies/copies.repository.js';
import type { FaceDetector } from '../../media/face-search.js';
import { faceScanIdle } from '../../media/face-search.js';
import { ImageRenditions } from '../../media/renditions/blurred-copies.js';
import { renditionsIdle } from '../../media/renditions/rendition-worker.js';
import type { LocalStorage } from '../../media/storage/storage.js';
import { buildTestApp, ErrorLog, type TestApp } from '../../test/build-app.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createAlbum, uploadPhoto } from '../../test/gallery-factories.js';
import { pngImage } from '../../test/images.js';
import { waitUntil } from '../../test/wait.js';

/*
 * A photo deleted while what its upload set going is still at work on it: the scan looking for
 * its faces, the worker dropping the whole-photo blur the upload stored or making the copy its
 * faces call for (decisions 198, 200). Each interleaving is forced, not hoped for: the work is
 * held at the point in question while the delete runs, or the delete is held inside its
 * transaction while the work runs into it. The delete wins, whole: a 200, and neither a row nor
 * a file of the photo left, in the tables and in the store. On SQLite, and on PostgreSQL with
 * DATABASE_URL.
 */

let t: TestApp;
let scouter: TestUser;
const errors = new ErrorLog();
/** What the test holds, let go after each test whatever happened. */
let holds: { release(): void }[] = [];
let undo: (() => void)[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, undefined, errors);
  scouter = await createUser(t.app, { role: 'scouter' });
});
afterEach(() => {
  for (const hold of holds) hold.release();
  for (const step of undo) step();
  holds = [];
  undo = [];
  t.app.ctx.faceDetector = async () => [];
});
afterAll(() => t.close());

const db = () => t.app.ctx.db.kysely;

/** A point some work stops at until `release`; `reached` resolves when the work gets there. */
function hold() {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stop = () => {
    reach();
    return released;
  };
  const point = { reached, release, stop };
  holds.push(point);
  return point;
}

/** The scan's detector stops at `point`, then finds `faces`. */
function detectorHeldAt(point: ReturnType<typeof hold>, faces: Awaited<ReturnType<FaceDetector>>) {
  t.app.ctx.faceDetector = async () => {
    await point.stop();
    return faces;
  };
}

/** Every file in the members-only store. */
function privateFiles(): string[] {
  const root = (t.app.ctx.storage as LocalStorage).privateRoot;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** How many rows name photo `id`, by table. */
async function rowsOf(id: number): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    select cast((select count(*) from photos where id = ${id}) as integer) as photos,
      cast((select count(*) from faces where photo_id = ${id}) as integer) as faces,
      cast((select count(*) from face_scan_queue where photo_id = ${id}) as integer)
        as face_scan_queue,
      cast((select count(*) from image_renditions where kind = 'photo' and image_id = ${id})
        as integer) as image_renditions`.execute(db());
  return rows[0] ?? {};
}

/** A face as the detector gives it. */
const FACE = { x: 0.3, y: 0.3, width: 0.2, height: 0.3, score: 0.9 };

const NOTHING = { photos: 0, faces: 0, face_scan_queue: 0, image_renditions: 0 };

/**
 * On PostgreSQL, resolves once some transaction of this database has waited on a row lock for
 * longer than `deadlock_timeout`: PostgreSQL has then looked for a cycle through it, once, and
 * will not look again from its side; the next transaction to close a cycle is the one it stops.
 * (SQLite runs one write transaction at a time: nothing can wait inside another.)
 */
async function someTransactionWaitsOnALock(): Promise<void> {
  if (t.app.ctx.db.dialect !== 'postgres') return;
  await waitUntil('una transacción que espera un bloqueo', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()
        and l.waitstart < now() - current_setting('deadlock_timeout')::interval`.execute(db());
    return (rows[0]?.n ?? 0) > 0;
  });
}

/**
 * The transaction that deletes photo `id` stops where it journals the photo's files (its copies'
 * rows deleted by then), until the point returned is released.
 */
async function holdTheDeleteAtItsJournal(id: number) {
  const journaling = hold();
  const journal = t.app.ctx.mediaJournal;
  const record = journal.record.bind(journal);
  const photo = await db()
    .selectFrom('photos')
    .select('image_key')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  journal.record = async (keys, executor) => {
    if (executor && keys.includes(photo.image_key)) await journaling.stop();
    return record(keys, executor);
  };
  undo.push(() => {
    journal.record = record;
  });
  return journaling;
}

function deletePhoto(id: number) {
  return t.app.inject({ method: 'DELETE', url: `/api/photos/${id}`, headers: scouter.headers });
}

async function expectDeleted(res: Awaited<ReturnType<typeof deletePhoto>>, id: number) {
  expect(res.statusCode, `${res.body}\n${errors.text()}`).toBe(200);
  expect(res.json()).toEqual({ message: SERVER_SUCCESS.photoDeleted });
  // Whatever was held has ended its work.
  for (const point of holds) point.release();
  await faceScanIdle(t.app.ctx);
  await renditionsIdle(t.app.ctx);
  expect(await rowsOf(id)).toEqual(NOTHING);
  expect(privateFiles()).toEqual([]);
  const journal = await db().selectFrom('media_journal').select('key').execute();
  expect(journal).toEqual([]);
}

describe('DELETE /api/photos/:id while its upload is still being worked on', () => {
  it.each([
    { found: 'no face', faces: [] },
    { found: 'a face', faces: [FACE] },
  ])(
    'wins over the scan finding $found and the worker dropping the whole-photo blur, the delete held inside its transaction',
    async ({ faces }) => {
      const album = await createAlbum(t.app);
      const detecting = hold();
      // The scan, woken by the upload, stops in the detector.
      detectorHeldAt(detecting, faces);
      const id = await uploadPhoto(t.app, scouter.headers, album.id, await pngImage());
      expect((await rowsOf(id)).image_renditions).toBe(1);
      await detecting.reached;

      // The delete stops where it journals the photo's files, inside its transaction.
      const journaling = await holdTheDeleteAtItsJournal(id);
      const deleted = deletePhoto(id);
      await journaling.reached;

      // The scan ends its look (saving the faces it found), and the worker drops the copy nobody
      // is given any more (or makes the one a face calls for): each runs into the delete's
      // transaction and waits for it.
      detecting.release();
      await someTransactionWaitsOnALock();
      journaling.release();

      await expectDeleted(await deleted, id);
    },
  );

  it('wins over a copy being made for its faces, the copy held before it is stored', async () => {
    const album = await createAlbum(t.app);
    const detecting = hold();
    // A face is found: a member then gets a copy with it blurred, which the worker makes.
    detectorHeldAt(detecting, [FACE]);
    const id = await uploadPhoto(t.app, scouter.headers, album.id, await pngImage());

    // The worker stops as it writes the files of that copy.
    const storing = hold();
    const storage = t.app.ctx.storage;
    const save = storage.save.bind(storage);
    const [wholeBlur] = await new ImageRenditionsRepository(db()).ofImages('photo', [id]);
    storage.save = async (key, data, contentType) => {
      const copy = key.startsWith(`private/renditions/photo-${id}/`);
      if (copy && key !== wholeBlur?.image_key && key !== wholeBlur?.thumb_key) {
        await storing.stop();
      }
      return save(key, data, contentType);
    };
    undo.push(() => {
      storage.save = save;
    });
    detecting.release();
    await storing.reached;

    // The photo is deleted meanwhile, then the copy's files are written.
    const deleted = await deletePhoto(id);
    await expectDeleted(deleted, id);
  });

  it('wins over the worker dropping its copies, the delete held inside its transaction', async () => {
    const album = await createAlbum(t.app);
    // The scan stays away: only the worker and the delete meet here.
    detectorHeldAt(hold(), []);
    const id = await uploadPhoto(t.app, scouter.headers, album.id, await pngImage());
    // The photo's copies as the worker reads them, before the delete begins.
    const copies = await new ImageRenditionsRepository(db()).ofImages('photo', [id]);
    expect(copies).toHaveLength(1);
    const journaling = await holdTheDeleteAtItsJournal(id);
    const deleted = deletePhoto(id);
    await journaling.reached;

    // The worker's step for a copy nobody is given any more (the scan had looked, a consent
    // changed): it runs into the delete's transaction and waits for it.
    const dropping = new ImageRenditions(t.app.ctx).drop(copies);
    await someTransactionWaitsOnALock();
    journaling.release();

    const res = await deleted;
    await dropping;
    await expectDeleted(res, id);
  });
});
