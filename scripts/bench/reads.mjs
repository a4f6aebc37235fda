// Read endpoints under load: autocannon against the built server (demo content) and against a
// bare Fastify route answering the very same bytes to the very same requests (a session's
// Authorization header included), one after the other, in this run. What counts
// is the ratio (app ÷ bare): absolute figures drift with the machine and with whatever else runs.
import autocannon from 'autocannon';
import { cpuMs, rawGet, signIn, startBareServer } from './servers.mjs';

const CONNECTIONS = 50;

/**
 * One autocannon run: requests per second (mean), p99 latency in ms, and the CPU time the
 * server process `pid` spent per request (µs): unlike the first two, barely moved by whatever
 * else runs on the machine.
 */
async function load(url, headers, seconds, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
  }
  const cpu = cpuMs(pid) - cpuBefore;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs: (cpu * 1000) / Math.max(1, result.requests.total),
  };
}

/**
 * The endpoints of the issue's table, with and without a session where both are allowed; and the
 * HTML of / (issue #26: ≥ 0.5×), which is the same whoever asks (the session is in the browser's
 * storage, not in a cookie).
 */
function endpoints(albumId) {
  return [
    { path: '/', anonymous: true, page: true },
    { path: '/api/news', anonymous: true },
    { path: '/api/experiences', anonymous: true },
    { path: '/api/monitors', anonymous: true },
    { path: '/api/albums', anonymous: false },
    { path: `/api/photos/album/${albumId}`, anonymous: false },
  ];
}

/**
 * Runs each of `targets` `rounds` times, taking turns, after a warm-up of each; keeps each
 * target's best round (most requests per second, lowest p99 and CPU per request). On a machine shared
 * with other work, the best round is the one least disturbed, and taking turns exposes both
 * targets to the same disturbances.
 */
async function alternate(targets, rounds) {
  for (const run of targets) await run();
  const inf = Number.POSITIVE_INFINITY;
  const best = targets.map(() => ({ rps: 0, p99: inf, cpuUs: inf }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [i, run] of targets.entries()) {
      const { rps, p99, cpuUs } = await run();
      best[i] = {
        rps: Math.max(best[i].rps, rps),
        p99: Math.min(best[i].p99, p99),
        cpuUs: Math.min(best[i].cpuUs, cpuUs),
      };
    }
  }
  return best;
}

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

/**
 * Runs the read table against `app` (from startDemoServer); returns the printed lines and the
 * rows: `rounds` runs of `seconds` of each target, best round kept (see `alternate`).
 */
export async function readFigures(app, { seconds = 2, rounds = 5 } = {}) {
  const token = await signIn(app.base, app.accounts.usuario);
  const albums = await (
    await fetch(`${app.base}/api/albums`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const cases = [];
  for (const { path, anonymous, page } of endpoints(albums[0].id)) {
    if (anonymous) cases.push({ path, session: false });
    if (!page) cases.push({ path, session: true });
  }
  // Each case's exact answer, which the bare server then serves under its own path.
  const routes = [];
  for (const [i, c] of cases.entries()) {
    c.headers = c.session ? { authorization: `Bearer ${token}` } : {};
    const res = await fetch(`${app.base}${c.path}`, { headers: c.headers });
    if (!res.ok) throw new Error(`${c.path}: ${res.status}`);
    c.body = Buffer.from(await res.arrayBuffer());
    c.barePath = `/bare/${i}`;
    routes.push({
      path: c.barePath,
      contentType: res.headers.get('content-type'),
      body: c.body,
    });
  }
  // The cost of compressing JSON under load: the news list again, asked the way browsers do.
  const compressed = {
    path: '/api/news',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  };
  {
    const res = await rawGet(`${app.base}${compressed.path}`, compressed.headers);
    compressed.encoding = res.headers['content-encoding'] ?? null;
    compressed.wireBytes = res.body.length;
  }

  const bare = await startBareServer(routes);
  const rows = [];
  try {
    for (const c of cases) {
      const [fogata, ceiling] = await alternate(
        [
          () => load(`${app.base}${c.path}`, c.headers, seconds, app.pid),
          // The same request (its Authorization header too): only the servers differ.
          () => load(`${bare.base}${c.barePath}`, c.headers, seconds, bare.pid),
        ],
        rounds,
      );
      rows.push({
        ...c,
        fogata,
        ceiling,
        ratio: fogata.rps / ceiling.rps,
        cpuRatio: ceiling.cpuUs / fogata.cpuUs,
      });
    }
    [compressed.fogata] = await alternate(
      [() => load(`${app.base}${compressed.path}`, compressed.headers, seconds, app.pid)],
      rounds,
    );
    compressed.ratio =
      compressed.fogata.rps / rows.find((r) => r.path === '/api/news' && !r.session).fogata.rps;
  } finally {
    await bare.stop();
  }

  const lines = [
    `Lecturas con ${CONNECTIONS} conexiones (autocannon; la mejor de ${rounds} rondas alternas de ${seconds} s): Fogata frente a una ruta de Fastify mínima que sirve los mismos bytes a las mismas peticiones`,
    `  ${pad('endpoint', 26)}${pad('sesión', 8)}${padLeft('bytes', 8)}${padLeft('req/s', 9)}${padLeft('mínima', 9)}${padLeft('ratio', 8)}${padLeft('p99 ms', 9)}${padLeft('p99 mín.', 10)}${padLeft('CPU µs', 9)}${padLeft('mín.', 7)}${padLeft('ratio CPU', 11)}`,
  ];
  for (const r of rows) {
    const path = r.path.replace(/\/\d+$/, '/{id}');
    lines.push(
      `  ${pad(path, 26)}${pad(r.session ? 'sí' : 'no', 8)}${padLeft(r.body.length, 8)}${padLeft(r.fogata.rps.toFixed(0), 9)}${padLeft(r.ceiling.rps.toFixed(0), 9)}${padLeft(`${r.ratio.toFixed(2)}×`, 8)}${padLeft(r.fogata.p99, 9)}${padLeft(r.ceiling.p99, 10)}${padLeft(r.fogata.cpuUs.toFixed(0), 9)}${padLeft(r.ceiling.cpuUs.toFixed(0), 7)}${padLeft(`${r.cpuRatio.toFixed(2)}×`, 11)}`,
    );
  }
  const plain = rows.find((r) => r.path === '/api/news' && !r.session);
  const api = rows.filter((r) => r.path.startsWith('/api/'));
  const html = rows.find((r) => r.path === '/');
  const worst = api.reduce((a, b) => (b.ratio < a.ratio ? b : a));
  const slowest = rows.reduce((a, b) => (b.fogata.p99 > a.fogata.p99 ? b : a));
  lines.push(
    `  peor ratio de la API ${worst.ratio.toFixed(2)}× (${worst.path.replace(/\/\d+$/, '/{id}')}; objetivo ≥ 0,7×), HTML de / ${html.ratio.toFixed(2)}× (objetivo ≥ 0,5×); peor p99 ${slowest.fogata.p99} ms (objetivo < 50 ms)`,
    '  (ratio: req/s de Fogata ÷ req/s de la mínima; ratio CPU: CPU por petición de la mínima ÷ la de Fogata, que apenas depende de lo demás que corra en la máquina)',
  );
  lines.push(
    compressed.encoding
      ? `  GET /api/news con Accept-Encoding (${compressed.encoding}, ${compressed.wireBytes ?? '?'} de ${plain.body.length} bytes): ${compressed.fogata.rps.toFixed(0)} req/s, ${compressed.ratio.toFixed(2)}× del mismo sin comprimir; p99 ${compressed.fogata.p99} ms`
      : `  GET /api/news con Accept-Encoding: sin comprimir (${compressed.fogata.rps.toFixed(0)} req/s)`,
  );
  return { lines, rows };
}
