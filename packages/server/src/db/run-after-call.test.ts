import { describe, expect, it } from 'vitest';
import { runAfterCall } from './run-after-call.js';

/** A run that the test ends by hand, counting how many were started. */
function heldRuns() {
  const ends: ((value: number) => void)[] = [];
  const fails: ((err: Error) => void)[] = [];
  const shared = runAfterCall(
    () =>
      new Promise<number>((resolve, reject) => {
        ends.push(resolve);
        fails.push(reject);
      }),
  );
  return { shared, ends, fails, started: () => ends.length };
}

/** The end of the event loop's turn, and of the next. */
const turns = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('runAfterCall', () => {
  it('answers every call made in one turn with one run, started after them', async () => {
    const h = heldRuns();
    const a = h.shared();
    const b = h.shared();
    // Not yet: the run starts at the end of the turn.
    expect(h.started()).toBe(0);
    await turns();
    expect(h.started()).toBe(1);
    h.ends[0]?.(7);
    expect(await Promise.all([a, b])).toEqual([7, 7]);
  });

  it('never answers a call with a run that started before it: it waits for the next', async () => {
    const h = heldRuns();
    const first = h.shared();
    await turns();
    // Made while the first run is on its way: that run may have read before these calls.
    const second = h.shared();
    const third = h.shared();
    await turns();
    expect(h.started()).toBe(1);
    h.ends[0]?.(1);
    expect(await first).toBe(1);
    await turns();
    // The next run starts once the first has ended, for both calls that waited.
    expect(h.started()).toBe(2);
    h.ends[1]?.(2);
    expect(await Promise.all([second, third])).toEqual([2, 2]);
    // Nobody waits: no run.
    await turns();
    expect(h.started()).toBe(2);
  });

  it('fails only the calls of the run that failed; the next calls get a run of their own', async () => {
    const h = heldRuns();
    const failed = h.shared();
    await turns();
    const waiting = h.shared();
    h.fails[0]?.(new Error('conexión perdida'));
    await expect(failed).rejects.toThrow('conexión perdida');
    await turns();
    h.ends[1]?.(3);
    expect(await waiting).toBe(3);
    await turns();
    const later = h.shared();
    await turns();
    expect(h.started()).toBe(3);
    h.ends[2]?.(4);
    expect(await later).toBe(4);
  });
});
