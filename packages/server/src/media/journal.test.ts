// The media journal (decision 011): a stored file is journaled until a committed row points to
// it, or until it is deleted; reconciliation finishes what a crash cut off, deleting through the
// storage interface every journaled file no row points to — only once its writer is gone or its
// lease is over.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PhotosRepository } from '../modules/albums/photos.repository.js';
import { buildTestApp, buildTestAppOnSameDatabase, type TestApp } from '../test/build-app.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createAlbum } from '../test/gallery-factories.js';
import { pngImage, sendPhotos } from '../test/images.js';
import { faceScanIdle } from './face-search.js';
import { MediaJournal } from './journal.js';
import { MEDIA_KEY_COLUMNS } from './journal.repository.js';
import { keepMedia, saveMedia } from './media-files.js';
import { ownerIsGone, ownerOfTag, ownerTag, PROCESS_OWNER } from './process-owner.js';
import { insertWithImage } from './renditions/public-image-upload.js';
import { renditionsIdle } from './renditions/rendition-worker.js';
import { newMediaKey } from './storage/storage.js';
import { removeLeftUploads } from './temp-uploads.js';
import type { UploadedFile } from './upload.js';

let t: TestApp;
let scouter: TestUser;
let upload: UploadedFile;

beforeAll(async () => {
  t = await buildTestApp();
  scouter = await createUser(t.app, { role: 'scouter' });
  const path = join(t.config.dataDir, 'upload.png');
  writeFileSync(path, await pngImage());
  upload = { field: 'image', filename: 'upload.png', path, size: 1, tooLarge: false };
});
afterAll(() => t.close());
afterEach(async () => {
  vi.restoreAllMocks();
  await t.app.ctx.db.kysely.deleteFrom('media_journal').execute();
});

const [, ourPid, ourRandom] = PROCESS_OWNER.split(':').slice(-3);

/** A pid no process has any more: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid;
}

/** A process's run state and start tick, as /proc tells them. */
function procStat(pid: number): { state: string; started: string } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] as string, started: fields[19] as string };
}

/**
 * A killed process nobody reaps, as in a container whose first process does not: a shell starts
 * a child and then becomes `sleep`, which never waits for it. The child outlives the shell's own
 * turn by half a second: one that exited at once could be reaped by the shell before its `exec`
 * on a busy machine, leaving no zombie. `parent` is the live sleep; `end()` kills it, and the
 * zombie is reaped with it.
 */
async function zombie(): Promise<{ pid: number; parent: number; end(): void }> {
  const child = spawn('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 30'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((res) =>
    child.stdout.once('data', (chunk: Buffer) => res(Number(chunk.toString().trim()))),
  );
  for (let i = 0; i < 250 && procStat(pid).state !== 'Z'; i += 1)
    await new Promise((r) => setTimeout(r, 20));
  expect(procStat(pid).state).toBe('Z');
  return { pid, parent: child.pid as number, end: () => child.kill('SIGKILL') };
}

const stored = async (key: string) => (await t.app.ctx.storage.read(key)) !== null;

async function entries() {
  return t.app.ctx.db.kysely
    .selectFrom('media_journal')
    .select(['key', 'owner'])
    .orderBy('key')
    .execute();
}

/** A journal posing as `owner`, as a process that stored files and then died would have left. */
function journalOf(owner: string) {
  return new MediaJournal(t.app.ctx.db, t.app.log, { owner });
}

/** Saves a file under a fresh key in `folder`, journaled by `owner` and never settled. */
async function leftBy(owner: string, folder = 'private/photos'): Promise<string> {
  const key = newMediaKey(folder, 'webp');
  await journalOf(owner).record([key]);
  await t.app.ctx.storage.save(key, await pngImage(4, 4), 'image/webp');
  return key;
}

/** A new album with its cover's files stored; its row's cover keys. */
async function albumWithCover() {
  const album = await createAlbum(t.app, { withFiles: true });
  return t.app.ctx.db.kysely
    .selectFrom('albums')
    .select(['cover_key', 'cover_thumb_key'])
    .where('id', '=', album.id)
    .executeTakeFirstOrThrow();
}

describe('the owner of an entry', () => {
  it('is gone when its pid has no process on this host, or is ours from an earlier start', () => {
    expect(ownerIsGone(`${hostname()}:${deadPid()}:abc123`)).toBe(true);
    expect(ownerIsGone(`${hostname()}:${ourPid}:0000ff`)).toBe(true);
  });

  it('is gone when its process is a zombie, or its pid now names a process started later', async () => {
    const dead = await zombie();
    try {
      // A zombie answers kill(pid, 0) as if it were alive.
      expect(() => process.kill(dead.pid, 0)).not.toThrow();
      expect(ownerIsGone(`${hostname()}:${dead.pid}:abc123`)).toBe(true);
      const { started } = procStat(dead.parent);
      expect(ownerIsGone(`${hostname()}:${dead.parent}-${started}:abc123`)).toBe(false);
      expect(ownerIsGone(`${hostname()}:${dead.parent}-${Number(started) - 1}:abc123`)).toBe(true);
    } finally {
      dead.end();
    }
  });

  it('records this process’s start beside its pid', () => {
    expect(ourPid).toBe(`${process.pid}-${procStat(process.pid).started}`);
  });

  it('is not known to be gone when it is us, a live process, or another host', () => {
    expect(ownerIsGone(PROCESS_OWNER)).toBe(false);
    expect(ownerIsGone(`${hostname()}:${process.ppid}:abc123`)).toBe(false);
    expect(ownerIsGone(`otra-maquina:${deadPid()}:abc123`)).toBe(false);
    expect(ownerIsGone('no es un dueño')).toBe(false);
  });

  it('names a temp folder it can be read back from', () => {
    expect(ownerOfTag(ownerTag())).toBe(PROCESS_OWNER);
    expect(ownerOfTag(ownerTag('mi_host.local:42:beef'))).toBe('mi_host.local:42:beef');
    expect(ownerOfTag(ownerTag('mi_host.local:42-1234:beef'))).toBe('mi_host.local:42-1234:beef');
    expect(ownerOfTag('9f86d081884c7d659a2feaa0')).toBeNull();
    expect(ourRandom).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('storing and deleting through the journal', () => {
  it('journals the files before the row goes in and settles them once it is in', async () => {
    let during: { key: string }[] = [];
    const columns = await insertWithImage(t.app.ctx, 'monitors', upload, async (image) => {
      during = await entries();
      expect(await stored(image.image_key)).toBe(true);
      const now = new Date().toISOString();
      await t.app.ctx.db.kysely
        .insertInto('monitors')
        .values({
          name: 'Ana',
          role_description: 'Kraal',
          description: null,
          ...image,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return image;
    });
    expect(during.map((e) => e.key).sort()).toEqual(
      [columns.image_key, columns.image_thumb_key].sort(),
    );
    expect(await entries()).toEqual([]);
    expect(await stored(columns.image_key)).toBe(true);
  });

  it('an upload whose row insert fails leaves no file and no entry', async () => {
    const album = await createAlbum(t.app);
    const photosDir = join(t.config.dataDir, 'media-private', 'photos');
    const before = existsSync(photosDir) ? readdirSync(photosDir).length : 0;
    vi.spyOn(PhotosRepository.prototype, 'insertMany').mockRejectedValueOnce(
      new Error('la inserción falló'),
    );
    const res = await sendPhotos(t.app, scouter.headers, album.id, [
      await pngImage(),
      await pngImage(200, 100),
    ]);
    expect(res.statusCode).toBe(500);
    expect(existsSync(photosDir) ? readdirSync(photosDir).length : 0).toBe(before);
    expect(await entries()).toEqual([]);
  });

  it('journals a photo’s files in the delete’s transaction and settles them once deleted', async () => {
    const album = await createAlbum(t.app);
    const res = await sendPhotos(t.app, scouter.headers, album.id, [await pngImage()]);
    expect(res.statusCode).toBe(201);
    // The copy the upload stored blurred whole, gone once the scan has looked for faces.
    await faceScanIdle(t.app.ctx);
    await renditionsIdle(t.app.ctx);
    expect(await entries()).toEqual([]);
    const photo = await t.app.ctx.db.kysely
      .selectFrom('photos')
      .select(['id', 'image_key', 'thumb_key'])
      .where('id', '=', res.json().uploaded[0].id)
      .executeTakeFirstOrThrow();
    // The file delete fails: the row is gone, the entries stay for reconciliation.
    const remove = vi
      .spyOn(t.app.ctx.storage, 'delete')
      .mockRejectedValue(new Error('almacén caído'));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/photos/${photo.id}`,
      headers: scouter.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await entries()).map((e) => e.key).sort()).toEqual(
      [photo.image_key, photo.thumb_key].sort(),
    );
    remove.mockRestore();
    // Once its lease is over, reconciliation finishes the delete.
    const later = new MediaJournal(t.app.ctx.db, t.app.log, { leaseMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await later.reconcile(t.app.ctx.storage)).toEqual({ deleted: 2, kept: 0 });
    expect(await stored(photo.image_key)).toBe(false);
    expect(await entries()).toEqual([]);
  });
});

describe('keeping stored files', () => {
  it('settles a file a committed row points to', async () => {
    const row = await albumWithCover();
    await t.app.ctx.mediaJournal.record([row.cover_key, row.cover_thumb_key]);
    await keepMedia(t.app.ctx, [row.cover_key, row.cover_thumb_key]);
    expect(await entries()).toEqual([]);
    await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage);
    expect(await stored(row.cover_key as string)).toBe(true);
  });

  it('leaves to the next sweep, not the lease, a file whose row was gone before it was kept', async () => {
    // Stored for a row that a change which never knew of this file deleted before the keep.
    const key = newMediaKey('private/photos', 'webp');
    await saveMedia(t.app.ctx, [{ key, data: await pngImage(4, 4), contentType: 'image/webp' }]);
    await keepMedia(t.app.ctx, [key]);
    expect((await entries()).map((entry) => entry.key)).toEqual([key]);
    // The same live process, well within the lease: the sweep deletes it all the same.
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 1,
      kept: 0,
    });
    expect(await stored(key)).toBe(false);
    expect(await entries()).toEqual([]);
  });
});

describe('reconcile', () => {
  it('deletes a dead owner’s file that no row points to, and drops its entry', async () => {
    const deadPidKey = await leftBy(`${hostname()}:${deadPid()}:abc123`);
    const restartedKey = await leftBy(`${hostname()}:${ourPid}:0000ff`, 'avatars');
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 2,
      kept: 0,
    });
    expect(await stored(deadPidKey)).toBe(false);
    expect(await stored(restartedKey)).toBe(false);
    expect(await entries()).toEqual([]);
  });

  it('keeps a journaled file a row points to, and drops its entry', async () => {
    const row = await albumWithCover();
    // Stored, row committed, then a crash before the entries were settled.
    await journalOf(`${hostname()}:${deadPid()}:abc123`).record([
      row.cover_key,
      row.cover_thumb_key,
    ]);
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 0,
      kept: 2,
    });
    expect(await stored(row.cover_key as string)).toBe(true);
    expect(await stored(row.cover_thumb_key as string)).toBe(true);
    expect(await entries()).toEqual([]);
  });

  it('leaves a young entry of a live process or another host alone, until its lease is over', async () => {
    const ours = await leftBy(PROCESS_OWNER);
    const liveOwner = `${hostname()}:${process.ppid}:abc123`;
    const live = await leftBy(liveOwner);
    const otherHost = await leftBy(`otra-maquina:${deadPid()}:abc123`);
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 0,
      kept: 0,
    });
    for (const key of [ours, live, otherHost]) expect(await stored(key)).toBe(true);
    expect(await entries()).toHaveLength(3);

    // Two hours later: whoever wrote them, they are reconciled.
    await t.app.ctx.db.kysely
      .updateTable('media_journal')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000).toISOString() })
      .where('key', '=', otherHost)
      .execute();
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 1,
      kept: 0,
    });
    expect(await stored(otherHost)).toBe(false);
    expect((await entries()).map((e) => e.key).sort()).toEqual([ours, live].sort());
  });

  it('keeps an entry whose file cannot be deleted, for the next round', async () => {
    const key = await leftBy(`${hostname()}:${deadPid()}:abc123`);
    vi.spyOn(t.app.ctx.storage, 'delete').mockRejectedValueOnce(new Error('almacén caído'));
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 0,
      kept: 0,
    });
    expect(await entries()).toHaveLength(1);
    expect(await t.app.ctx.mediaJournal.reconcile(t.app.ctx.storage)).toEqual({
      deleted: 1,
      kept: 0,
    });
    expect(await stored(key)).toBe(false);
  });

  it('looks at many entries in batches, one reference query per table and batch', async () => {
    const owner = `${hostname()}:${deadPid()}:abc123`;
    const keys = Array.from({ length: 450 }, () => newMediaKey('private/photos', 'webp'));
    await journalOf(owner).record(keys);
    const album = await createAlbum(t.app, { withFiles: true });
    const row = await t.app.ctx.db.kysely
      .selectFrom('albums')
      .select(['cover_key'])
      .where('id', '=', album.id)
      .executeTakeFirstOrThrow();
    await journalOf(owner).record([row.cover_key]);
    const selects: string[] = [];
    const journal = new MediaJournal(
      {
        ...t.app.ctx.db,
        kysely: t.app.ctx.db.kysely.withPlugin({
          transformQuery: (args) => {
            if (args.node.kind === 'SelectQueryNode') selects.push(args.queryId.queryId);
            return args.node;
          },
          transformResult: async (args) => args.result,
        }),
      },
      t.app.log,
    );
    expect(await journal.reconcile(t.app.ctx.storage)).toEqual({ deleted: 450, kept: 1 });
    expect(await stored(row.cover_key as string)).toBe(true);
    expect(await entries()).toEqual([]);
    // owners + 3 batches × (entries + one per table with keys) + the empty round's entries: not
    // one per key.
    const tables = Object.keys(MEDIA_KEY_COLUMNS).length;
    expect(selects.length).toBeLessThanOrEqual(1 + 3 * (1 + tables) + 1);
  });

  /** An app started on the same database deletes `key`'s file and empties the journal. */
  async function expectSweptAtNextStart(key: string) {
    const second = await buildTestAppOnSameDatabase(t);
    try {
      expect(await stored(key)).toBe(false);
      expect(await entries()).toEqual([]);
    } finally {
      await second.close();
    }
  }

  it('deletes at the next start the files of a process killed and left a zombie', async () => {
    const dead = await zombie();
    try {
      const key = await leftBy(`${hostname()}:${dead.pid}:abc123`);
      await expectSweptAtNextStart(key);
    } finally {
      dead.end();
    }
  });

  it('runs when an app starts', async () => {
    const key = await leftBy(`${hostname()}:${ourPid}:0000ff`);
    await expectSweptAtNextStart(key);
  });
});

describe('temp uploads left behind', () => {
  it('removes a gone owner’s folder and anything older than an hour, and nothing else', () => {
    const root = join(t.config.dataDir, 'tmp', 'uploads-test');
    const folder = (name: string, age = 0) => {
      const path = join(root, name, 'subida');
      mkdirSync(path, { recursive: true });
      writeFileSync(join(path, '0'), 'x');
      const when = new Date(Date.now() - age);
      for (const p of [join(path, '0'), path, join(root, name)]) utimesSync(p, when, when);
      return join(root, name);
    };
    const hour = 3600_000;
    const gone = folder(ownerTag(`${hostname()}:${deadPid()}:abc123`));
    const restarted = folder(ownerTag(`${hostname()}:${ourPid}:0000ff`));
    const ours = folder(ownerTag());
    const live = folder(ownerTag(`${hostname()}:${process.ppid}:abc123`), 2 * hour);
    const otherHost = folder(ownerTag(`otra-maquina:${deadPid()}:abc123`));
    const legacyOld = folder('9f86d081884c7d659a2feaa0', 2 * hour);
    const legacyYoung = folder('0f86d081884c7d659a2feaa0');
    return removeLeftUploads(root).then(() => {
      expect(existsSync(gone)).toBe(false);
      expect(existsSync(restarted)).toBe(false);
      expect(existsSync(join(ours, 'subida'))).toBe(true);
      // A live process's folder stays, but not its uploads from two hours ago.
      expect(existsSync(live)).toBe(true);
      expect(existsSync(join(live, 'subida'))).toBe(false);
      expect(existsSync(join(otherHost, 'subida'))).toBe(true);
      expect(existsSync(legacyOld)).toBe(false);
      expect(existsSync(legacyYoung)).toBe(true);
    });
  });
});

describe('MEDIA_KEY_COLUMNS', () => {
  it('names every column of the schema that holds a media key', async () => {
    const tables = await t.app.ctx.db.kysely.introspection.getTables();
    const keyColumns = tables.flatMap((table) =>
      table.columns
        .filter((column) => column.name.endsWith('_key'))
        .map((column) => `${table.name}.${column.name}`),
    );
    const listed = Object.entries(MEDIA_KEY_COLUMNS).flatMap(([table, columns]) =>
      columns.map((column) => `${table}.${column}`),
    );
    expect(keyColumns.sort()).toEqual(listed.sort());
  });
});
