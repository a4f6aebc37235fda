import { describe, expect, it } from 'vitest';
import { hashPassword, passwordWork, verifyPassword } from './passwords.js';

const COST = 1024;
// Half of libuv's pool: 2 threads with the default of 4.
const AT_ONCE = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));

describe('password hashing', () => {
  it('runs at most half of the libuv pool at once; the rest wait their turn', async () => {
    const before = passwordWork();
    expect(before).toMatchObject({ running: 0, waiting: 0 });
    const hashes = Array.from({ length: 6 }, (_, i) => hashPassword(`clave-${i}`, COST));
    expect(passwordWork()).toMatchObject({ running: AT_ONCE, waiting: 6 - AT_ONCE });
    const stored = await Promise.all(hashes);
    expect(passwordWork()).toEqual({ running: 0, waiting: 0, total: before.total + 6 });
    expect(await verifyPassword('clave-3', stored[3] as string)).toBe(true);
    expect(await verifyPassword('clave-3', stored[4] as string)).toBe(false);
  });

  it('frees its turn when a stored hash has a cost scrypt refuses', async () => {
    const stored = await hashPassword('clave', COST);
    const broken = stored.replace(`scrypt$${COST}$`, 'scrypt$1000$');
    const checks = Array.from({ length: 4 }, () => verifyPassword('clave', broken));
    await expect(Promise.all(checks)).rejects.toThrow();
    await Promise.allSettled(checks);
    expect(passwordWork()).toMatchObject({ running: 0, waiting: 0 });
    expect(await verifyPassword('clave', stored)).toBe(true);
  });
});
