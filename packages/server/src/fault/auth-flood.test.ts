// A real server process under a flood of anonymous password resets and logins with random
// tokens and addresses: public pages and members' photos must stay fast. Each of those requests
// once cost a scrypt derivation (32 MiB, tens of ms on a libuv thread) with no limit, so 16
// connections took every thread that file reads need, and a page went from ~15 ms to seconds.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/build-app.js';
import { pngImage } from '../test/images.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const CONNECTIONS = 16;
const FLOOD_MS = 3000;
const ADMIN = { email: 'jefa@example.org', password: 'clave-de-la-jefa-1' };

interface Probe {
  page: number[];
  photo: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const countBy = (values: number[]) =>
  values.reduce<Record<number, number>>((counts, v) => {
    counts[v] = (counts[v] ?? 0) + 1;
    return counts;
  }, {});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Milliseconds one GET takes to its last byte; a probe stuck for 5 s counts as 5 s. */
async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  } catch (err) {
    if ((err as Error).name !== 'TimeoutError') throw err;
  }
  return performance.now() - t0;
}

describe('a flood of anonymous password resets and logins', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-flood-'));
  const webDir = join(dataDir, 'web');
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let server: ServerProcess;
  let pageUrl: string;
  let photoUrl: string;

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    // A built web app of one page, so GET / reads a file as it does in production.
    mkdirSync(webDir, { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Fogata</title>');
    server = await startServerProcess(dataDir, {
      DATABASE_URL: pgDb?.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // One proxy hop trusted: the flood below comes "through a proxy" from many addresses.
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT: '10',
      WEB_DIST: webDir,
      LOG_LEVEL: 'error',
    });
    pageUrl = `${server.url}/`;

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const png = new Blob([new Uint8Array(await pngImage(800, 600))], { type: 'image/png' });
    const albumForm = new FormData();
    albumForm.set('title', 'Campamento de verano');
    albumForm.set('cover', png, 'portada.png');
    const album = await fetch(`${server.url}/api/albums/newAlbum`, {
      method: 'POST',
      headers: auth,
      body: albumForm,
    });
    expect(album.status).toBe(201);
    const albumId = ((await album.json()) as { album: { id: number } }).album.id;
    const photoForm = new FormData();
    photoForm.set('albumId', String(albumId));
    photoForm.append('images', png, 'foto.png');
    const upload = await fetch(`${server.url}/api/photos/upload`, {
      method: 'POST',
      headers: auth,
      body: photoForm,
    });
    expect(upload.status).toBe(201);
    const photo = ((await upload.json()) as { uploaded: { image_url: string }[] }).uploaded[0];
    photoUrl = new URL(photo?.image_url ?? '', server.url).toString();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * `connections` clients posting, each in turn, a reset with a random token and a login of an
   * unknown address, while the page and the photo are timed (each in its own sequential loop)
   * for `FLOOD_MS`. `forwardedFor` gives each request the address a proxy would append, or none.
   */
  async function underFlood(
    connections: number,
    forwardedFor: (() => string) | null,
  ): Promise<{ probe: Probe; statuses: number[] }> {
    const statuses: number[] = [];
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop; i += 1) {
        const reset = (w + i) % 2 === 0;
        const body = reset
          ? { token: randomBytes(32).toString('base64url'), password: 'nueva-clave-123' }
          : { email: `nadie.${randomBytes(6).toString('hex')}@example.org`, password: 'x' };
        const res = await fetch(`${server.url}/api/auth/${reset ? 'reset-password' : 'login'}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The leftmost part is the client's to write; only the proxy's own hop counts.
            ...(forwardedFor
              ? { 'x-forwarded-for': `${randomBytes(4).join('.')}, ${forwardedFor()}` }
              : {}),
          },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    const workers = Array.from({ length: connections }, (_, w) => worker(w));
    // Let the flood fill whatever queue it fills before timing anything.
    await sleep(connections ? 300 : 0);
    const deadline = Date.now() + FLOOD_MS;
    const probe: Probe = { page: [], photo: [] };
    const loop = async (url: string, into: number[]) => {
      while (Date.now() < deadline) {
        into.push(await timed(url));
        await sleep(20);
      }
    };
    await Promise.all([loop(pageUrl, probe.page), loop(photoUrl, probe.photo)]);
    stop = true;
    await Promise.all(workers);
    return { probe, statuses };
  }

  it('keeps the page and a signed photo fast while one client and then many flood', async () => {
    const quiet = await underFlood(0, null);
    // One client: the rate limit answers it, and an unknown token costs no scrypt anyway.
    const one = await underFlood(CONNECTIONS, null);
    // Many addresses (a botnet behind the proxy): no rate limit helps, so an unknown reset token
    // must cost nothing, and the logins' scrypt may take only some of the libuv threads.
    let n = 0;
    const many = await underFlood(CONNECTIONS, () => {
      n += 1;
      return `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
    });

    const figures = Object.fromEntries(
      Object.entries({ quiet, one, many }).map(([phase, { probe, statuses }]) => [
        phase,
        {
          pageMs: Math.round(median(probe.page)),
          photoMs: Math.round(median(probe.photo)),
          probes: probe.page.length + probe.photo.length,
          statuses: countBy(statuses),
        },
      ]),
    );
    console.log(`auth flood, medians: ${JSON.stringify(figures)}`);

    // Generous bounds, so a loaded two-core machine never trips them; the old code took seconds.
    for (const { probe } of [one, many]) {
      expect(median(probe.page)).toBeLessThan(500);
      expect(median(probe.photo)).toBeLessThan(500);
    }
    for (const { statuses } of [one, many]) {
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
    }
    expect(one.statuses.filter((s) => s === 429).length).toBeGreaterThan(one.statuses.length / 2);
  }, 30_000);
});
