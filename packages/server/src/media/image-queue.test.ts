// Image jobs run one at a time; one a viewer waits for goes before the uploads already waiting.
import { describe, expect, it } from 'vitest';
import { pngImage } from '../test/images.js';
import { waitUntil } from '../test/wait.js';
import { toBlurredVariants } from './copies/face-blur.js';
import { toImageVariants, waitingImageJobs } from './image-pipeline.js';

describe('the image jobs of one process', () => {
  it('start an urgent job next, ahead of the uploads queued before it', async () => {
    const photo = await pngImage(1600, 1200);
    const done: string[] = [];
    const upload = (name: string) => toImageVariants(photo).then(() => done.push(name));
    // Four uploads queue up; the first starts at once, the others wait.
    const uploads = ['subida 1', 'subida 2', 'subida 3', 'subida 4'].map(upload);
    await waitUntil('tres subidas en espera', () => waitingImageJobs() === 3);
    const copy = toBlurredVariants(photo, [], { urgent: true }).then(() => done.push('copia'));
    await Promise.all([...uploads, copy]);
    expect(done).toEqual(['subida 1', 'copia', 'subida 2', 'subida 3', 'subida 4']);
  });

  it('keeps the order of the jobs that are not urgent, and goes on after one fails', async () => {
    const photo = await pngImage(800, 600);
    const done: string[] = [];
    const broken = toImageVariants(Buffer.from('no es una imagen')).catch(() => done.push('rota'));
    const jobs = ['a', 'b', 'c'].map((name) => toImageVariants(photo).then(() => done.push(name)));
    await Promise.all([broken, ...jobs]);
    expect(done).toEqual(['rota', 'a', 'b', 'c']);
  });
});
