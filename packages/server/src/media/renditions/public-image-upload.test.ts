import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.js';
import { pngImage } from '../../test/images.js';
import type { UploadedFile } from '../upload.js';
import { type ImageColumns, insertWithImage, updateWithImage } from './public-image-upload.js';

// The write helpers of news, experiences and monitors: a write that fails or finds its row gone
// leaves no new file behind; a replaced image's files go only once the new one is in.
let t: TestApp;
let upload: UploadedFile;

beforeAll(async () => {
  t = await buildTestApp();
  const path = join(t.config.dataDir, 'upload.png');
  await writeFile(path, await pngImage());
  upload = { field: 'image', filename: 'upload.png', path, size: 1, tooLarge: false };
});
afterAll(() => t.close());

const stored = async (key: string | null | undefined) =>
  key ? (await t.app.ctx.storage.read(key)) !== null : false;

/** Stores an image the way a create does, and returns its columns. */
const storeOne = () => insertWithImage(t.app.ctx, 'news', upload, async (columns) => columns);

describe('insertWithImage', () => {
  it('hands the stored image to the insert and keeps it', async () => {
    const columns = await storeOne();
    expect(columns.image_key).toMatch(/^news\/.+\.webp$/);
    expect(await stored(columns.image_key)).toBe(true);
    expect(await stored(columns.image_thumb_key)).toBe(true);
  });

  it('removes the new files when the insert fails', async () => {
    let seen: ImageColumns | null = null;
    await expect(
      insertWithImage(t.app.ctx, 'news', upload, async (columns) => {
        seen = columns;
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    const columns = seen as ImageColumns | null;
    expect(columns?.image_key).toBeTruthy();
    expect(await stored(columns?.image_key)).toBe(false);
    expect(await stored(columns?.image_thumb_key)).toBe(false);
  });
});

describe('updateWithImage', () => {
  it('without a file, updates with no image columns and keeps the old files', async () => {
    const previous = await storeOne();
    let given: object | null = null;
    const updated = await updateWithImage(t.app.ctx, 'news', undefined, previous, async (c) => {
      given = c;
      return true;
    });
    expect(updated).toBe(true);
    expect(given).toEqual({});
    expect(await stored(previous.image_key)).toBe(true);
  });

  it('with a new file, deletes the old files once the row is updated', async () => {
    const previous = await storeOne();
    let next: Partial<ImageColumns> = {};
    await updateWithImage(t.app.ctx, 'news', upload, previous, async (c) => {
      next = c;
      return true;
    });
    expect(await stored(next.image_key)).toBe(true);
    expect(await stored(previous.image_key)).toBe(false);
    expect(await stored(previous.image_thumb_key)).toBe(false);
  });

  it.each([
    ['the row is gone', async () => false],
    [
      'the update fails',
      async () => {
        throw new Error('update failed');
      },
    ],
  ])('when %s, removes the new files and keeps the old ones', async (_, outcome) => {
    const previous = await storeOne();
    let next: Partial<ImageColumns> = {};
    const run = updateWithImage(t.app.ctx, 'news', upload, previous, async (c) => {
      next = c;
      return outcome();
    });
    await run.then(
      (updated) => expect(updated).toBe(false),
      (err: Error) => expect(err.message).toBe('update failed'),
    );
    expect(next.image_key).toBeTruthy();
    expect(await stored(next.image_key)).toBe(false);
    expect(await stored(next.image_thumb_key)).toBe(false);
    expect(await stored(previous.image_key)).toBe(true);
  });
});
