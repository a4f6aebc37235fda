// What a phone gets: the bytes of JS and CSS the first load of / puts on the wire, and Lighthouse's
// mobile scores of the public pages (Debian's Chromium, when it is installed).
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib.mjs';
import { rawGet } from './servers.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const PAGES = ['/', '/news', '/news/1', '/experiences', '/experience/1', '/whoweare', '/login'];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The files the build's manifest says / loads before anything is shown: the entry chunk, its
 * static imports and their CSS, plus the landing page's chunk and its own; fetched from the
 * server the way a browser asks, so each counts as it travels.
 */
async function manifestFirstLoad(base) {
  const file = join(root, 'packages/web/dist/.vite/manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/landing/pages/landing-page.tsx');
  let wire = 0;
  let raw = 0;
  const each = [];
  for (const f of files) {
    const res = await rawGet(`${base}/${f}`, { 'accept-encoding': 'br, gzip' });
    wire += res.body.length;
    raw += (await rawGet(`${base}/${f}`)).body.length;
    each.push({ file: f, wire: res.body.length });
  }
  each.sort((a, b) => b.wire - a.wire);
  return { files: files.size, wire, raw, each };
}

/** Runs of each page: Lighthouse's own advice is the median of several (its variability doc). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse's mobile emulation is a Moto G Power (2022); Chrome DevTools' CPU calibration gives
 * that device a benchmark index of 264 ("low-tier mobile", CalibrationController.ts). The default
 * 4× slowdown assumes a host of about 4 × 264 ≈ 1,050; Lighthouse warns below 1,000.
 */
const TARGET_BENCHMARK_INDEX = 264;

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * One Lighthouse run of `url`: scores, metrics, the host's benchmark index. `flags` go to
 * Lighthouse as they are (e.g. keeping a signed-in member's storage).
 */
export async function lighthouseOnce(lighthouse, url, port, cpuSlowdownMultiplier, flags = {}) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    ...flags,
  });
  const { lhr } = result;
  // A run Lighthouse could not finish (no paint in time on a busy machine) counts as none; its
  // reason is printed among the rounds.
  if (lhr.runtimeError || lhr.categories.performance?.score == null) {
    return { failed: lhr.runtimeError?.code ?? 'sin puntuación' };
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsCss = requests
    .filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet')
    .reduce((n, r) => n + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsCss,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** The median run of `runs` (by performance score), with the median of each metric beside it. */
export function medianRun(page, all) {
  const runs = all.filter((r) => !r.failed);
  if (runs.length === 0) {
    const none = Number.NaN;
    return {
      page,
      performance: none,
      accessibility: none,
      fcp: none,
      lcp: none,
      tbt: none,
      cls: none,
      jsCss: none,
      scores: all.map((r) => `error (${r.failed})`),
    };
  }
  const byScore = [...runs].sort((a, b) => a.performance - b.performance);
  const pick = (key) => median(runs.map((r) => r[key]));
  return {
    ...byScore[Math.floor(byScore.length / 2)],
    page,
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    scores: all.map((r) => (r.failed ? `error (${r.failed})` : r.performance)),
  };
}

/**
 * Lighthouse (mobile, simulated throttling) over the public pages, `RUNS` times each, with
 * Lighthouse's default 4× CPU slowdown and again with the slowdown calibrated to this machine
 * (its benchmark index ÷ the emulated phone's); null without Chromium.
 */
async function lighthouseRuns(base) {
  if (!existsSync(CHROMIUM)) return null;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const standard = [];
  const calibrated = [];
  const indexes = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await lighthouseOnce(lighthouse, `${base}${page}`, chrome.port));
      }
      indexes.push(...runs.filter((r) => !r.failed).map((r) => r.benchmarkIndex));
      standard.push(medianRun(page, runs));
    }
    const benchmarkIndex = median(indexes);
    const multiplier = Math.max(1, benchmarkIndex / TARGET_BENCHMARK_INDEX);
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await lighthouseOnce(lighthouse, `${base}${page}`, chrome.port, multiplier));
      }
      calibrated.push(medianRun(page, runs));
    }
    return { standard, calibrated, benchmarkIndex, multiplier };
  } finally {
    await chrome.kill();
  }
}

/** The table of one set of runs. */
export function lighthouseTable(runs) {
  const lines = [
    `  ${'página'.padEnd(16)}${'rend.'.padStart(6)}${'acces.'.padStart(7)}${'FCP s'.padStart(7)}${'LCP s'.padStart(7)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}   rondas`,
  ];
  for (const r of runs) {
    lines.push(
      `  ${r.page.padEnd(16)}${String(r.performance).padStart(6)}${String(r.accessibility).padStart(7)}${(r.fcp / 1000).toFixed(2).padStart(7)}${(r.lcp / 1000).toFixed(2).padStart(7)}${r.tbt.toFixed(0).padStart(8)}${r.cls.toFixed(3).padStart(7)}   ${r.scores.join(' ')}`,
    );
  }
  const done = runs.filter((r) => !Number.isNaN(r.performance));
  if (done.length === 0) return [...lines, '  ninguna ronda terminó'];
  const worst = done.reduce((a, b) => (b.performance < a.performance ? b : a));
  const slowFcp = done.reduce((a, b) => (b.fcp > a.fcp ? b : a));
  lines.push(
    `  peor rendimiento ${worst.performance} (${worst.page}; objetivo ≥ 95), peor FCP ${(slowFcp.fcp / 1000).toFixed(2)} s (${slowFcp.page}; objetivo ≤ 1,8 s), accesibilidad mínima ${Math.min(...done.map((r) => r.accessibility))}${done.length < runs.length ? `; ${runs.length - done.length} página(s) sin ninguna ronda terminada` : ''}`,
  );
  return lines;
}

/** Lines of the web figures; `app` from startDemoServer. */
export async function webFigures(app) {
  const lines = [];
  const fromManifest = await manifestFirstLoad(app.base);
  const runs = await lighthouseRuns(app.base);
  const home = runs?.standard.find((r) => r.page === '/');
  lines.push(
    `Primera carga de /: JS + CSS en la red ${home ? `${kb(home.jsCss)} (Chromium, lo que pidió la página)` : '(sin Chromium)'}${fromManifest ? `; según el manifiesto ${kb(fromManifest.wire)} comprimido de ${kb(fromManifest.raw)} en ${fromManifest.files} archivos` : ''} (objetivo ≤ 100 KB)`,
  );
  // Where the bytes are: each file of the first load as it travels, largest first.
  if (fromManifest) {
    lines.push(
      `  por archivo: ${fromManifest.each.map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.wire)}`).join(', ')}`,
    );
  }
  if (!runs) {
    lines.push(`Lighthouse: no se ejecuta, falta ${CHROMIUM}.`);
    return lines;
  }
  // Lighthouse's TBT grows with the machine's load (other processes): the load goes with the figures.
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  lines.push(
    `Lighthouse móvil (throttling simulado, mediana de ${RUNS} rondas por página; carga de la máquina al terminar ${load}):`,
    `CPU ×4, lo que Lighthouse usa por defecto (índice de esta máquina ${runs.benchmarkIndex.toFixed(0)}; Lighthouse supone ~1.000 o más y avisa por debajo):`,
    ...lighthouseTable(runs.standard),
    `CPU ×${runs.multiplier.toFixed(2)}, calibrada: el índice de esta máquina ÷ ${TARGET_BENCHMARK_INDEX}, el del teléfono que Lighthouse emula (Moto G Power 2022, según la calibración de Chrome DevTools):`,
    ...lighthouseTable(runs.calibrated),
  );
  return lines;
}
