// `npm run bench`: figures, not tests. First the performance figures as ratios
// measured in the same run (read endpoints against a bare Fastify route, first load and
// Lighthouse, photo pipeline against sharp alone, an album of 2000 photos). Then it starts the built server on a fresh SQLite data directory
// and prints start-up time, latency of the main account calls, throughput and memory; then the
// gallery lists on a large seeded gallery and the news list, with the SQL statements each request runs.
// It never fails on a time; it exits non-zero only when the server cannot be started.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inProcessFigures } from './bench/in-process.mjs';
import { PARTS, performanceFigures } from './bench/performance.mjs';
import { benchServerEnv } from './bench/servers.mjs';
import { buildIfNeeded, root, serverNodeFlags } from './lib.mjs';

if (!(await buildIfNeeded())) process.exit(1);

// The performance figures first: ratios measured in this one run (scripts/bench/performance.mjs).
// `npm run bench -- reads web photos album` runs only those parts of it.
{
  const asked = process.argv.slice(2).filter((a) => PARTS.includes(a));
  try {
    await performanceFigures(asked.length ? asked : PARTS);
  } catch (err) {
    console.error(
      `rendimiento: ${err.message}${err.cause ? ` (${err.cause.message ?? err.cause})` : ''}`,
    );
    process.exitCode = 1;
  }
  console.log('━━ Otras cifras (tiempos absolutos de esta máquina: solo orientativos) ━━');
}

const port = 3300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fogata-bench-'));
const admin = { email: 'bench@fogata.local', password: 'bench-password-1' };

const started = performance.now();
const serverArgs = [...serverNodeFlags, join(root, 'packages/server/dist/server.js')];
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env: benchServerEnv(port, dataDir, admin),
  stdio: 'ignore',
});

function rssMiB() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return (Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(1);
  } catch {
    return '?';
  }
}

async function waitHealthy() {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Runs `fn` `count` times with `concurrency` in flight; returns latency percentiles and rate. */
async function measure(count, concurrency, fn) {
  const times = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
    }),
  );
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  const pct = (p) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  return `p50 ${pct(50)} ms, p95 ${pct(95)} ms, ${((count / total) * 1000).toFixed(0)} req/s`;
}

const json = (method, path, body, token) =>
  fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status}`);
    return r.json();
  });

/** Latencies (ms, sorted) of one GET of `url` after another, for `ms`. */
async function pageLatencies(url, ms) {
  const times = [];
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * The public page's latency (median, p99) quiet and while 16 connections post, without pause,
 * password resets with random tokens, then logins of unknown addresses. The bench lifts the
 * rate limit, so this is the flood from many addresses that no per-IP limit stops: an unknown
 * token must cost nothing, and the logins' scrypt only some of libuv's threads.
 */
async function floodFigures() {
  const page = (await fetch(`${base}/`)).ok ? `${base}/` : `${base}/api/news`;
  const path = new URL(page).pathname;
  const quiet = await pageLatencies(page, 2000);
  const pct = (times, p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const floods = [
    [
      'POST /api/auth/reset-password (tokens al azar)',
      'reset-password',
      () => ({
        token: randomBytes(32).toString('base64url'),
        password: 'nueva-clave-123',
      }),
    ],
    [
      'POST /api/auth/login (direcciones desconocidas)',
      'login',
      () => ({
        email: `nadie.${randomBytes(6).toString('hex')}@example.org`,
        password: 'una-clave-cualquiera',
      }),
    ],
  ];
  const lines = [];
  for (const [label, route, body] of floods) {
    let stop = false;
    let sent = 0;
    const flood = Array.from({ length: 16 }, async () => {
      while (!stop) {
        const res = await fetch(`${base}/api/auth/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body()),
        });
        await res.arrayBuffer();
        sent += 1;
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    const busy = await pageLatencies(page, 3000);
    stop = true;
    await Promise.all(flood);
    const ms = (v) => `${v.toFixed(1)} ms`;
    lines.push(
      `GET ${path} bajo 16 conexiones de ${label}: mediana ${ms(pct(quiet, 50))} → ${ms(pct(busy, 50))} (×${(pct(busy, 50) / pct(quiet, 50)).toFixed(1)}), p99 ${ms(pct(quiet, 99))} → ${ms(pct(busy, 99))}; ${sent} peticiones de la avalancha`,
    );
  }
  return lines;
}

try {
  if (!(await waitHealthy())) throw new Error('El servidor no arrancó.');
  console.log(`arranque hasta /api/health: ${(performance.now() - started).toFixed(0)} ms`);
  console.log(`memoria (RSS) tras arrancar: ${rssMiB()} MiB`);

  console.log(
    `GET /api/health ×2000 (20 a la vez): ${await measure(2000, 20, () => json('GET', '/health'))}`,
  );
  const { token } = await json('POST', '/auth/login', admin);
  console.log(
    `POST /api/auth/login ×20 (scrypt): ${await measure(20, 1, () => json('POST', '/auth/login', admin))}`,
  );

  const invitations = Array.from({ length: 100 }, (_, i) => ({
    email: `persona${i}@example.org`,
    role: 'usuario',
  }));
  const t = performance.now();
  await json('POST', '/invitations', { invitations }, token);
  console.log(
    `POST /api/invitations con 100 direcciones (buzón de salida): ${(performance.now() - t).toFixed(0)} ms`,
  );
  console.log(
    `GET /api/invitations (100 filas) ×500: ${await measure(500, 10, () => json('GET', '/invitations', null, token))}`,
  );
  console.log(
    `GET /api/admin/users ×500: ${await measure(500, 10, () => json('GET', '/admin/users', null, token))}`,
  );
  console.log(
    `GET /api/profile/me ×1000: ${await measure(1000, 10, () => json('GET', '/profile/me', null, token))}`,
  );
  for (const line of await floodFigures()) console.log(line);
  console.log(`memoria (RSS) al final: ${rssMiB()} MiB`);
} catch (err) {
  console.error(err.message);
  process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// The gallery lists (200 albums × 20 photos; an album of 2000 photos) and the news list (300
// items), timed over HTTP in this process and with their SQL statements counted.
for (const [entry, name, label] of [
  ['bench-gallery', 'galleryFigures', 'galería'],
  ['bench-content', 'contentFigures', 'noticias'],
]) {
  if (process.exitCode) break;
  try {
    for (const line of await inProcessFigures(entry, name)) console.log(line);
  } catch (err) {
    console.error(`${label}: ${err.message}`);
    process.exitCode = 1;
  }
}
