// Background image work takes turns with busy pages (decision 202): one job at a time, each
// followed by a rest longer than it took; side by side while the pages are quiet; an urgent job
// never waits. Checked on the order of events and lower bounds only: a slow machine only
// stretches them.
import { afterEach, describe, expect, it } from 'vitest';
import { pngImage } from '../test/images.js';
import {
  inBackgroundTurn,
  REST_SHARE,
  setBackgroundTurns,
  setPagesBusyProbe,
} from './background-turns.js';
import { searchFaces } from './face-search.js';
import { toAvatar } from './image-pipeline.js';

let busy = true;

afterEach(() => {
  setPagesBusyProbe(null);
  setBackgroundTurns(false);
});

function turnsWithPages(pagesBusy: boolean): void {
  busy = pagesBusy;
  setBackgroundTurns(true);
  setPagesBusyProbe(() => busy);
}

/** Lets the jobs whose turn has come start. */
const started = () => new Promise((resolve) => setImmediate(resolve));

/** A job of `ms` milliseconds that records when it started and ended. */
function job(ms: number, log: { start: number; end: number }[]) {
  return async () => {
    const entry = { start: performance.now(), end: 0 };
    log.push(entry);
    await new Promise((resolve) => setTimeout(resolve, ms));
    entry.end = performance.now();
  };
}

describe('background turns', () => {
  it('run one job at a time while the pages are busy, the next after a rest longer than the last', async () => {
    turnsWithPages(true);
    const log: { start: number; end: number }[] = [];
    await Promise.all([inBackgroundTurn(job(150, log)), inBackgroundTurn(job(150, log))]);
    const [first, second] = log;
    if (!first || !second) throw new Error('two jobs');
    expect(second.start).toBeGreaterThanOrEqual(
      first.end + (first.end - first.start) * REST_SHARE - 1,
    );
  });

  it('run side by side while the pages are quiet', async () => {
    turnsWithPages(false);
    const log: { start: number; end: number }[] = [];
    const both = Promise.all([inBackgroundTurn(job(150, log)), inBackgroundTurn(job(150, log))]);
    await started();
    // Both started before either could end.
    expect(log).toHaveLength(2);
    await both;
  });

  it('let an urgent job through at once while a job runs, with no rest after it', async () => {
    turnsWithPages(true);
    const log: { start: number; end: number }[] = [];
    const background = inBackgroundTurn(job(150, log));
    const urgent = inBackgroundTurn(job(10, log), { urgent: true });
    await started();
    expect(log).toHaveLength(2);
    await Promise.all([background, urgent]);
  });

  it('let a waiting job go at once when someone comes to wait for it on screen', async () => {
    turnsWithPages(true);
    const log: { start: number; end: number }[] = [];
    const first = inBackgroundTurn(job(300, log));
    const priority = { urgent: false };
    const second = inBackgroundTurn(job(10, log), priority);
    await started();
    expect(log).toHaveLength(1);
    priority.urgent = true;
    await second;
    // It ran while the first one still did.
    expect(log[0]?.end).toBe(0);
    await first;
  });

  it('let the waiting jobs go once the pages calm down, and every job at once when off', async () => {
    turnsWithPages(true);
    const log: { start: number; end: number }[] = [];
    const first = inBackgroundTurn(job(100, log));
    const second = inBackgroundTurn(job(10, log));
    await started();
    expect(log).toHaveLength(1);
    await first;
    busy = false;
    await second;
    expect(log).toHaveLength(2);

    setBackgroundTurns(false);
    busy = true;
    const off = [inBackgroundTurn(job(50, log)), inBackgroundTurn(job(50, log))];
    await started();
    expect(log).toHaveLength(4);
    await Promise.all(off);
  });

  it('are taken by the face detector and by the image process alike', async () => {
    const picture = await pngImage(400, 400);
    // The image process started beforehand: its start is not part of the job.
    await toAvatar(picture);
    turnsWithPages(true);
    const log: { start: number; end: number }[] = [];
    const detect = job(300, log);
    const detection = searchFaces(
      {
        log: { warn: () => {} },
        faceDetector: async () => {
          await detect();
          return [];
        },
      },
      picture,
      'una foto',
    );
    await started();
    const avatar = toAvatar(picture).then(() => performance.now());
    await detection;
    const [detected] = log;
    if (!detected) throw new Error('one detection');
    // The avatar waited for the detection and the rest after it.
    expect(await avatar).toBeGreaterThanOrEqual(
      detected.end + (detected.end - detected.start) * REST_SHARE - 1,
    );
  });
});
