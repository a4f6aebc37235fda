// The libvips threads of the server's own process (a mail's cover is made there) run below the
// pages once a nice value is set: read from the kernel, thread by thread, after real images.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePhoto } from '../test/face-fixtures.js';
import { toMailCover } from './copies/mail-cover.js';
import { setImageThreadsNice } from './image-threads.js';

/** The nice value of each libvips thread of this process. */
function libvipsNiceValues(): number[] {
  return readdirSync('/proc/self/task')
    .filter((task) =>
      readFileSync(`/proc/self/task/${task}/comm`, 'latin1').startsWith('libvips worker'),
    )
    .map((task) => getPriority(Number(task)));
}

describe('libvips threads below the pages', { timeout: 120_000 }, () => {
  afterAll(() => setImageThreadsNice(0));

  it('lowers every libvips thread to the nice value set, the request thread untouched', async () => {
    setImageThreadsNice(10);
    // libvips ends a thread left idle a while: on a busy machine its threads may be gone when
    // read. Make a mail's cover until there are threads to read, a few times at most.
    let values: number[] = [];
    for (let tries = 0; tries < 5 && values.length === 0; tries += 1) {
      await toMailCover(fixturePhoto('astronaut'), []);
      values = libvipsNiceValues();
    }
    expect(values.length).toBeGreaterThan(0);
    expect(values.every((nice) => nice === 10)).toBe(true);
    expect(getPriority()).toBe(0);
  });
});
