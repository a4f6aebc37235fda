import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const R = 8;
const P = 1;

/**
 * How many derivations may run at once: half of libuv's thread pool (2 of the default 4). The
 * pool also does every file read (photos, static files) and sharp's work, and a derivation holds
 * its thread for a long while (decision 016): a flood of sign-ins from many addresses, which no
 * per-address limit stops, must leave threads free for them. The rest wait here, in order.
 */
const MAX_RUNNING = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));

let running = 0;
let total = 0;
const waiting: (() => void)[] = [];

/** Derivations running, waiting for a thread, and run since start; for tests and figures. */
export function passwordWork(): { running: number; waiting: number; total: number } {
  return { running, waiting: waiting.length, total };
}

function derive(password: string, salt: Buffer, N: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; allow twice that so a strong N never trips the default cap.
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 256 * N * R };
  return new Promise<Buffer>((resolve, reject) => {
    const done = () => {
      running -= 1;
      waiting.shift()?.();
    };
    const start = () => {
      running += 1;
      total += 1;
      try {
        scrypt(password, salt, KEY_LENGTH, options, (err, key) => {
          done();
          if (err) reject(err);
          else resolve(key);
        });
      } catch (err) {
        // Bad parameters (a stored hash with a broken cost) throw at once: free the slot.
        done();
        reject(err);
      }
    };
    if (running < MAX_RUNNING) start();
    else waiting.push(start);
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url), so the cost can change later. */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key || Number(r) !== R || Number(p) !== P) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
