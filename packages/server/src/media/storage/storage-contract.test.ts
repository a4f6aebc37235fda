// The storage contract: the same cases against both drivers, LocalStorage on a temp folder and
// S3Storage on a real S3-compatible server (s3rver on 127.0.0.1). Whatever the app does with media
// (uploads, deletes, the journal's reconciliation, backups) only uses what is checked here.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3.js';
import { S3Storage } from './s3-storage.js';
import { LocalStorage, type MediaStorage, mediaRoot, newMediaKey } from './storage.js';

const folders: string[] = [];
let s3: TestS3;

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

interface Driver {
  /** A fresh, empty storage; list() pages of 2 keys on S3, so listing crosses pages. */
  open(): Promise<MediaStorage>;
  /** A storage whose backing is gone: the folder removed, or a bucket that does not exist. */
  broken(): Promise<MediaStorage>;
}

function localFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fogata-storage-'));
  folders.push(dir);
  return dir;
}

const drivers: [string, Driver][] = [
  [
    'LocalStorage',
    {
      open: async () => new LocalStorage(mediaRoot(localFolder())),
      broken: async () => {
        const storage = new LocalStorage(mediaRoot(localFolder()));
        rmSync(storage.localRoot, { recursive: true, force: true });
        return storage;
      },
    },
  ],
  [
    'S3Storage',
    {
      open: async () => {
        const { driver: _driver, ...options } = s3.config(await s3.bucket());
        return S3Storage.open(options, { listPageSize: 2 });
      },
      broken: async () => {
        const { driver: _driver, ...options } = s3.config('no-existe-este-bucket');
        return S3Storage.open(options);
      },
    },
  ],
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listed(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

describe.each(drivers)('%s', (_name, { open, broken }) => {
  let storage: MediaStorage;
  beforeAll(async () => {
    storage = await open();
  });
  afterAll(() => storage?.close?.());

  it('reads back what it saved: the bytes, their size and the type from the extension', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    for (const key of [newMediaKey('news', 'webp'), newMediaKey('private/photos', 'webp')]) {
      await storage.save(key, data, 'image/webp');
      const file = await storage.read(key);
      expect(file).not.toBeNull();
      expect(file?.size).toBe(data.length);
      expect(file?.contentType).toBe('image/webp');
      expect((await bytesOf(file!.stream)).equals(data)).toBe(true);
    }
  });

  it('keeps the type of a file saved as octet-stream (a restore) by its extension', async () => {
    const key = newMediaKey('avatars', 'webp');
    await storage.save(key, Buffer.from('RIFF'), 'application/octet-stream');
    const file = await storage.read(key);
    expect(file?.contentType).toBe('image/webp');
    file?.stream.destroy();
  });

  it('answers null for a key it does not hold, public or private', async () => {
    expect(await storage.read(newMediaKey('news', 'webp'))).toBeNull();
    expect(await storage.read(newMediaKey('private/photos', 'webp'))).toBeNull();
  });

  it('deletes a file; deleting a missing one, or twice, is no error', async () => {
    const key = newMediaKey('private/albums', 'webp');
    await storage.save(key, Buffer.from('portada'), 'image/webp');
    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(newMediaKey('news', 'webp'))).resolves.toBeUndefined();
  });

  it('replaces a file saved again under the same key', async () => {
    const key = newMediaKey('monitors', 'webp');
    await storage.save(key, Buffer.from('primera versión'), 'image/webp');
    await storage.save(key, Buffer.from('segunda'), 'image/webp');
    const file = await storage.read(key);
    expect((await bytesOf(file!.stream)).toString()).toBe('segunda');
  });

  it('lists every key once, public and private, across pages', async () => {
    const fresh = await open();
    try {
      expect(await listed(fresh)).toEqual([]);
      const keys = [
        newMediaKey('news', 'webp'),
        newMediaKey('experiences', 'webp'),
        newMediaKey('avatars', 'webp'),
        newMediaKey('private/photos', 'webp'),
        newMediaKey('private/photos', 'webp'),
        newMediaKey('private/albums', 'webp'),
        newMediaKey('private/albums', 'webp'),
      ];
      for (const key of keys) await fresh.save(key, Buffer.from(key), 'image/webp');
      expect(await listed(fresh)).toEqual([...keys].sort());
      await fresh.delete(keys[3]!);
      expect(await listed(fresh)).toEqual(keys.filter((_, i) => i !== 3).sort());
    } finally {
      fresh.close?.();
    }
  });

  it('goes on listing when a key it has not reached yet is deleted meanwhile', async () => {
    const fresh = await open();
    try {
      const keys = [
        newMediaKey('private/photos', 'webp'),
        newMediaKey('private/photos', 'webp'),
        newMediaKey('private/photos', 'webp'),
      ].sort();
      for (const key of keys) await fresh.save(key, Buffer.from(key), 'image/webp');
      const seen: string[] = [];
      for await (const key of fresh.list()) {
        // The copy worker replaces and sweeps files while a listing walks the folder.
        if (seen.length === 0) await fresh.delete(keys[2]!);
        seen.push(key);
      }
      expect(seen).toEqual(keys.slice(0, 2));
    } finally {
      fresh.close?.();
    }
  });

  it('is ready while it can be written, and says so when it cannot', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const gone = await broken();
    try {
      await expect(gone.check()).rejects.toThrow();
    } finally {
      gone.close?.();
    }
  });
});

describe('S3Storage against a bucket it cannot use', () => {
  it('throws on read rather than answering "no file", so nothing looks deleted', async () => {
    const { driver: _driver, ...options } = s3.config('no-existe-este-bucket');
    const storage = await S3Storage.open(options);
    try {
      await expect(storage.read(newMediaKey('private/photos', 'webp'))).rejects.toThrow();
      await expect(
        storage.save(newMediaKey('news', 'webp'), Buffer.from('x'), 'image/webp'),
      ).rejects.toThrow();
    } finally {
      storage.close();
    }
  });

  it('refuses an unknown access key', async () => {
    const bucket = await s3.bucket();
    const { driver: _driver, ...options } = s3.config(bucket);
    const storage = await S3Storage.open({
      ...options,
      credentials: { accessKeyId: 'NADIE', secretAccessKey: 'nada' },
    });
    try {
      await expect(storage.check()).rejects.toThrow();
      await expect(storage.read(newMediaKey('news', 'webp'))).rejects.toThrow();
    } finally {
      storage.close();
    }
  });
});

describe('LocalStorage replacing a file while it is read', () => {
  it('gives each reader the whole old file or the whole new one, never one being written', async () => {
    const storage = new LocalStorage(mediaRoot(localFolder()));
    const key = newMediaKey('private/renditions/photo-1', 'webp');
    const versions = [randomBytes(300_000), randomBytes(200_000)];
    await storage.save(key, versions[0] as Buffer);
    const wrong: string[] = [];
    for (let round = 0; round < 30; round += 1) {
      const reads = Array.from({ length: 8 }, async () => {
        const file = await storage.read(key);
        if (!file) return wrong.push('sin archivo');
        const bytes = await bytesOf(file.stream);
        if (bytes.length !== file.size) wrong.push(`${bytes.length} de ${file.size} bytes`);
        else if (!versions.some((version) => version.equals(bytes))) wrong.push('otros bytes');
        return 0;
      });
      await Promise.all([...reads, storage.save(key, versions[(round + 1) % 2] as Buffer)]);
    }
    expect(wrong).toEqual([]);
    // Nothing but the file itself is left beside it.
    expect(await listed(storage)).toEqual([key]);
  });

  it('removes, on request, what a write cut off by a crash left beside the file', async () => {
    const storage = new LocalStorage(mediaRoot(localFolder()));
    const key = newMediaKey('private/photos', 'webp');
    const other = newMediaKey('private/photos', 'webp');
    await storage.save(other, Buffer.from('otra'));
    const path = storage.path(key);
    const partial = join(dirname(path), `.${basename(path)}.abc123.partial`);
    writeFileSync(partial, 'a medias');
    // Not a stored file: never listed (backups walk the list).
    expect(await listed(storage)).toEqual([other]);
    await storage.delete(key);
    expect(existsSync(partial)).toBe(true);
    await storage.delete(key, { leftovers: true });
    expect(existsSync(partial)).toBe(false);
    expect(await listed(storage)).toEqual([other]);
  });
});
