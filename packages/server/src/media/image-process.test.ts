// The image work runs in a process of its own (decision 197): every thread of it at IMAGE_NICE
// after real work, the server's threads untouched; a process killed mid-job fails that job with
// a Spanish 503 and the next job starts another; it ends with the last app that used it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { SERVER_ERRORS, SERVER_SUCCESS } from '@fogata/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { buildTestApp } from '../test/build-app.js';
import { createUser } from '../test/factories.js';
import { createAlbum } from '../test/gallery-factories.js';
import {
  injectParts,
  noisyJpeg,
  pngClaimingHugeSize,
  pngImage,
  truncatedJpeg,
} from '../test/images.js';
import { waitUntil } from '../test/wait.js';
import { toBlurredVariants } from './copies/face-blur.js';
import { imageProcessNow, setImageNice } from './image-child.js';
import { toAvatar, toImageVariants } from './image-pipeline.js';

/** The nice value of each thread of process `pid`, read from the kernel. */
function threadNiceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((task) => {
    // Field 19 of stat is the nice value; the name (field 2) may hold spaces, so split after it.
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** Whether process `pid` is gone, reaped (a zombie still has its /proc entry). */
const gone = (pid: number) => !existsSync(`/proc/${pid}`);

/** Kills the image process with SIGKILL once it holds a job, stopped first so the job stays held. */
async function killMidJob(): Promise<number> {
  await waitUntil('la imagen en el proceso de imágenes', () => imageProcessNow()?.busy === true);
  const { pid } = imageProcessNow() ?? { pid: 0 };
  process.kill(pid, 'SIGSTOP');
  await waitUntil('el proceso detenido', () =>
    /^\S+ \(.*\) T/.test(readFileSync(`/proc/${pid}/stat`, 'latin1')),
  );
  // Stopped while holding the job: it cannot have answered.
  expect(imageProcessNow()).toEqual({ pid, busy: true });
  process.kill(pid, 'SIGKILL');
  return pid;
}

describe('the image process', () => {
  afterAll(() => setImageNice(0));

  it('runs every thread at the nice value set, after real image work; this process untouched', async () => {
    setImageNice(10);
    const photo = await noisyJpeg(1600, 1200);
    const variants = await toImageVariants(photo);
    await toBlurredVariants(variants.display.data, [{ x: 0.4, y: 0.4, width: 0.2, height: 0.2 }]);
    await toAvatar(await pngImage(1200, 1600));
    const now = imageProcessNow();
    expect(now).toBeDefined();
    const values = threadNiceValues(now?.pid ?? 0);
    // Node's own threads, libuv's and libvips' (started by the work above).
    expect(values.length).toBeGreaterThan(4);
    expect(values).toEqual(values.map(() => 10));
    expect(threadNiceValues(process.pid).every((nice) => nice === 0)).toBe(true);
    expect(getPriority()).toBe(0);
  });

  it('answers a truncated photo and a pixel bomb with the same Spanish 400 as before', async () => {
    for (const make of [toImageVariants, (input: Buffer) => toAvatar(input)]) {
      await expect(make(await truncatedJpeg())).rejects.toThrow(
        new AppError(400, SERVER_ERRORS.imageUnreadable),
      );
      await expect(make(await pngClaimingHugeSize())).rejects.toThrow(
        new AppError(400, SERVER_ERRORS.imageTooManyPixels),
      );
    }
    await expect(toImageVariants(await truncatedJpeg())).rejects.toMatchObject({ statusCode: 400 });
  });

  it('fails the job of a killed process with the 503 to try again, and the next job starts another', async () => {
    const job = toImageVariants(await noisyJpeg());
    const killed = await killMidJob();
    await expect(job).rejects.toThrow(new AppError(503, SERVER_ERRORS.mediaCopyPending));
    await expect(job).rejects.toMatchObject({ statusCode: 503 });
    await waitUntil('el proceso muerto, recogido', () => gone(killed));
    const next = await toImageVariants(await pngImage(800, 600));
    expect(next.display).toMatchObject({ width: 800, height: 600 });
    expect(imageProcessNow()?.pid).not.toBe(killed);
  });
});

describe('an upload while the image process is killed', () => {
  it('answers the photo as a failure to try again, takes the next upload, and the process ends with the app', async () => {
    const t = await buildTestApp();
    try {
      const scouter = await createUser(t.app, { role: 'scouter' });
      const album = await createAlbum(t.app);
      const send = async (data: Buffer) =>
        injectParts(
          t.app,
          'POST',
          '/api/photos/upload',
          [
            { name: 'albumId', value: String(album.id) },
            { field: 'images', filename: 'campamento.jpg', type: 'image/jpeg', data },
          ],
          scouter.headers,
        );
      const cut = send(await noisyJpeg());
      await killMidJob();
      const res = await cut;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: SERVER_ERRORS.uploadAllFailed,
        uploaded: [],
        failures: [{ file: 'campamento.jpg', error: SERVER_ERRORS.mediaCopyPending }],
      });
      const next = await send(await noisyJpeg(1200, 900));
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().message).toBe(SERVER_SUCCESS.photosUploaded(1));
    } finally {
      const pid = imageProcessNow()?.pid ?? 0;
      await t.close();
      expect(imageProcessNow()).toBeUndefined();
      await waitUntil('el proceso de imágenes terminado con la app', () => gone(pid));
    }
  });
});
