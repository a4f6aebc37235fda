// libvips' threads run below the request thread once a nice value is set: read from the kernel,
// thread by thread, after real image work.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { pngImage } from '../test/images.js';
import { toImageVariants } from './image-pipeline.js';
import { setImageThreadsNice } from './image-threads.js';

/** The nice value of each libvips thread of this process. */
function libvipsNiceValues(): number[] {
  return readdirSync('/proc/self/task')
    .filter((task) =>
      readFileSync(`/proc/self/task/${task}/comm`, 'latin1').startsWith('libvips worker'),
    )
    .map((task) => getPriority(Number(task)));
}

describe('libvips threads below the pages', () => {
  afterAll(() => setImageThreadsNice(0));

  it('lowers every libvips thread to the nice value set, the request thread untouched', async () => {
    setImageThreadsNice(10);
    await toImageVariants(await pngImage(1600, 1200));
    // A second job: threads libvips started during the first are lowered around this one.
    await toImageVariants(await pngImage(1200, 1600));
    const values = libvipsNiceValues();
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((nice) => nice === 10)).toBe(true);
    expect(getPriority()).toBe(0);
  });
});
