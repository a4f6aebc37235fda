// Read endpoints under load: autocannon against the built server (demo content) and against a
// bare Fastify route answering the very same bytes to the very same requests (a session's
// Authorization header included), taking turns, in this run. What counts is the ratio (app ÷
// bare), above all the CPU a request: absolute figures drift with the machine and with whatever
// else runs, and throughput with the load generator too, which shares the machine's cores.
import { loadavg } from 'node:os';
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
 * The read endpoints the performance goals name (decision 137), with and without a session where
 * both are allowed; and the
 * HTML of / and of a news item, drawn by React on the server and kept per content version (≥ 0.5×),
 * the same whoever asks (the session is in the browser's storage, not in a cookie).
 */
function endpoints(albumId, newsId) {
  return [
    { path: '/', anonymous: true, page: true },
    { path: `/news/${newsId}`, anonymous: true, page: true },
    { path: '/api/news', anonymous: true },
    { path: '/api/experiences', anonymous: true },
    { path: '/api/monitors', anonymous: true },
    { path: '/api/albums', anonymous: false },
    { path: `/api/photos/album/${albumId}`, anonymous: false },
  ];
}

/** The API's target and the HTML's: every API read ≥ 0.7×, `/` ≥ 0.5× of the bare route. */
const target = (row) => (row.page ? 0.5 : 0.7);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Runs each of `targets` `rounds` times, taking turns, after a warm-up of each; returns each
 * target's rounds. Taking turns exposes every target to the same disturbances (other work on the
 * machine), so round `i` of one is compared with round `i` of the other; each round starts with
 * the next target, so none always runs first (or always right after the same other one).
 */
async function alternate(targets, rounds) {
  for (const run of targets) await run();
  const results = targets.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < targets.length; turn += 1) {
      const i = (round + turn) % targets.length;
      results[i].push(await targets[i]());
    }
  }
  return results;
}

/**
 * One read's figures from the rounds of a server (`app`) and of the bare route (`bare`), taken in
 * turns: the ratios of each round's pair (the app's ÷ the bare route's), then their median and
 * their best. Throughput moves with whatever else runs on the machine (and with the load
 * generator, which shares its cores); the CPU a request barely does, so its ratio is the one to
 * trust (both are shown).
 */
function figures(app, bare) {
  const ratios = app.map((a, i) => a.rps / bare[i].rps);
  const cpuRatios = app.map((a, i) => bare[i].cpuUs / a.cpuUs);
  return {
    rps: median(app.map((a) => a.rps)),
    bareRps: median(bare.map((b) => b.rps)),
    p99: median(app.map((a) => a.p99)),
    bareP99: median(bare.map((b) => b.p99)),
    cpuUs: median(app.map((a) => a.cpuUs)),
    bareCpuUs: median(bare.map((b) => b.cpuUs)),
    ratio: median(ratios),
    bestRatio: Math.max(...ratios),
    cpuRatio: median(cpuRatios),
    bestCpuRatio: Math.max(...cpuRatios),
  };
}

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
/**
 * `0.73× ✓` or `0.68× ✗` against the read's target; cut (not rounded) to two decimals, so a
 * 0.696× shows as 0.69× ✗, never as 0.70× ✗.
 */
const cut = (ratio) => (Math.floor(ratio * 100) / 100).toFixed(2);
const mark = (ratio, goal) => `${cut(ratio)}× ${ratio >= goal ? '✓' : '✗'}`;
const shortPath = (path) => path.replace(/\/\d+$/, '/{id}');
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * Runs the read table against `app` (from startDemoServer); returns the printed lines and the
 * rows: per read, `rounds` runs of `seconds` of the app and of the bare route in turns, the
 * median and best ratios kept (see `figures`). With `baseline` (another server from
 * startDemoServer, e.g. an earlier build), it takes its turns too, in the same rounds, and the
 * table shows it beside (before → after).
 */
export async function readFigures(
  app,
  { seconds = 2, rounds = Number(process.env.READS_ROUNDS ?? 7), baseline = null } = {},
) {
  const token = await signIn(app.base, app.accounts.usuario);
  const baseToken = baseline ? await signIn(baseline.base, baseline.accounts.usuario) : null;
  const albums = await (
    await fetch(`${app.base}/api/albums`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const news = await (await fetch(`${app.base}/api/news`)).json();
  const cases = [];
  for (const { path, anonymous, page } of endpoints(albums[0].id, news[0].id)) {
    if (anonymous) cases.push({ path, session: false, page: Boolean(page) });
    if (!page) cases.push({ path, session: true, page: false });
  }
  // Each case's exact answer, which the bare server then serves under its own path.
  const routes = [];
  for (const [i, c] of cases.entries()) {
    // A page is asked for as a browser does (any path but / is a page only to who wants HTML).
    c.headers = c.session
      ? { authorization: `Bearer ${token}` }
      : c.page
        ? { accept: 'text/html' }
        : {};
    c.baseHeaders = c.session ? { authorization: `Bearer ${baseToken}` } : c.headers;
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

  const loadBefore = loadAverage();
  const startedAt = performance.now();
  const bare = await startBareServer(routes);
  const rows = [];
  try {
    for (const c of cases) {
      const targets = [
        () => load(`${app.base}${c.path}`, c.headers, seconds, app.pid),
        // The same request (its Authorization header too): only the servers differ.
        () => load(`${bare.base}${c.barePath}`, c.headers, seconds, bare.pid),
      ];
      if (baseline) {
        targets.push(() => load(`${baseline.base}${c.path}`, c.baseHeaders, seconds, baseline.pid));
      }
      const [fogata, ceiling, before] = await alternate(targets, rounds);
      rows.push({
        ...c,
        ...figures(fogata, ceiling),
        before: before ? figures(before, ceiling) : null,
      });
    }
    const [runs] = await alternate(
      [() => load(`${app.base}${compressed.path}`, compressed.headers, seconds, app.pid)],
      rounds,
    );
    compressed.rps = median(runs.map((r) => r.rps));
    compressed.p99 = median(runs.map((r) => r.p99));
    compressed.ratio = compressed.rps / rows.find((r) => r.path === '/api/news' && !r.session).rps;
  } finally {
    await bare.stop();
  }
  const minutes = ((performance.now() - startedAt) / 60_000).toFixed(1);

  const lines = [
    `Lecturas con ${CONNECTIONS} conexiones (autocannon; ${rounds} rondas alternas de ${seconds} s, medianas): Fogata frente a una ruta de Fastify mínima que sirve los mismos bytes a las mismas peticiones`,
    `  carga de la máquina (1, 5, 15 min): ${loadBefore} al empezar, ${loadAverage()} al acabar (${minutes} min)`,
    `  ${pad('endpoint', 24)}${pad('sesión', 7)}${padLeft('bytes', 6)}${padLeft('req/s', 8)}${padLeft('mínima', 8)}${padLeft('ratio', 9)}${padLeft('mejor', 7)}${padLeft('CPU µs', 8)}${padLeft('mín.', 6)}${padLeft('ratio CPU', 11)}${padLeft('mejor', 7)}${padLeft('p99 ms', 8)}${padLeft('mín.', 6)}${baseline ? '   antes: ratio, ratio CPU, CPU µs' : ''}`,
  ];
  for (const r of rows) {
    const goal = target(r);
    const before = r.before
      ? `   ${r.before.ratio.toFixed(2)}×, ${r.before.cpuRatio.toFixed(2)}×, ${r.before.cpuUs.toFixed(1)}`
      : '';
    lines.push(
      `  ${pad(shortPath(r.path), 24)}${pad(r.session ? 'sí' : 'no', 7)}${padLeft(r.body.length, 6)}${padLeft(r.rps.toFixed(0), 8)}${padLeft(r.bareRps.toFixed(0), 8)}${padLeft(mark(r.ratio, goal), 9)}${padLeft(`${r.bestRatio.toFixed(2)}×`, 7)}${padLeft(r.cpuUs.toFixed(1), 8)}${padLeft(r.bareCpuUs.toFixed(1), 6)}${padLeft(mark(r.cpuRatio, goal), 11)}${padLeft(`${r.bestCpuRatio.toFixed(2)}×`, 7)}${padLeft(r.p99, 8)}${padLeft(r.bareP99, 6)}${before}`,
    );
  }
  const api = rows.filter((r) => !r.page);
  const pages = rows.filter((r) => r.page);
  const worst = (key) => api.reduce((a, b) => (b[key] < a[key] ? b : a));
  const below = rows.filter((r) => r.ratio < target(r) || r.cpuRatio < target(r));
  const slowest = rows.reduce((a, b) => (b.p99 > a.p99 ? b : a));
  lines.push(
    `  peor ratio de la API ${cut(worst('ratio').ratio)}× (${shortPath(worst('ratio').path)}), peor ratio CPU ${cut(worst('cpuRatio').cpuRatio)}× (${shortPath(worst('cpuRatio').path)}); objetivo ≥ 0,7×. ${pages.map((p) => `HTML de ${shortPath(p.path)} ${cut(p.ratio)}×, CPU ${cut(p.cpuRatio)}×`).join('; ')} (objetivo ≥ 0,5×); peor p99 ${slowest.p99} ms (objetivo < 50 ms)`,
    below.length
      ? `  ✗ por debajo del objetivo: ${below.map((r) => `${shortPath(r.path)}${r.session ? ' (sesión)' : ''}`).join(', ')}`
      : '  ✓ todas las lecturas cumplen su objetivo, en req/s y en CPU',
    '  (ratio: req/s de Fogata ÷ req/s de la mínima en la misma ronda; ratio CPU: CPU por petición de la mínima ÷ la de Fogata, que apenas depende de lo demás que corra en la máquina; mediana de las rondas y la mejor)',
  );
  lines.push(
    compressed.encoding
      ? `  GET /api/news con Accept-Encoding (${compressed.encoding}, ${compressed.wireBytes ?? '?'} de ${rows.find((r) => r.path === '/api/news' && !r.session).body.length} bytes): ${compressed.rps.toFixed(0)} req/s, ${compressed.ratio.toFixed(2)}× del mismo sin comprimir; p99 ${compressed.p99} ms`
      : `  GET /api/news con Accept-Encoding: sin comprimir (${compressed.rps.toFixed(0)} req/s)`,
  );
  return { lines, rows };
}
