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
  for (const f of files) {
    const res = await rawGet(`${base}/${f}`, { 'accept-encoding': 'br, gzip' });
    wire += res.body.length;
    raw += (await rawGet(`${base}/${f}`)).body.length;
  }
  return { files: files.size, wire, raw };
}

/** Lighthouse (mobile, simulated throttling) over the public pages; null without Chromium. */
async function lighthouseRuns(base) {
  if (!existsSync(CHROMIUM)) return null;
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const runs = [];
  try {
    for (const page of PAGES) {
      const result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { lhr } = result;
      const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = lhr.audits['network-requests']?.details?.items ?? [];
      const jsCss = requests
        .filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0);
      runs.push({
        page,
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        jsCss,
      });
    }
  } finally {
    await chrome.kill();
  }
  return runs;
}

/** Lines of the web figures; `app` from startDemoServer. */
export async function webFigures(app) {
  const lines = [];
  const fromManifest = await manifestFirstLoad(app.base);
  const runs = await lighthouseRuns(app.base);
  const home = runs?.find((r) => r.page === '/');
  lines.push(
    `Primera carga de /: JS + CSS en la red ${home ? `${kb(home.jsCss)} (Chromium, lo que pidió la página)` : '(sin Chromium)'}${fromManifest ? `; según el manifiesto ${kb(fromManifest.wire)} comprimido de ${kb(fromManifest.raw)} en ${fromManifest.files} archivos` : ''} (objetivo ≤ 150 KB)`,
  );
  if (!runs) {
    lines.push(`Lighthouse: no se ejecuta, falta ${CHROMIUM}.`);
    return lines;
  }
  // Lighthouse's TBT grows with the machine's load (other processes): the load goes with the figures.
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  lines.push(
    `Lighthouse móvil (throttling simulado; carga de la máquina al terminar ${load}):`,
    `  ${'página'.padEnd(16)}${'rend.'.padStart(6)}${'acces.'.padStart(7)}${'FCP s'.padStart(7)}${'LCP s'.padStart(7)}${'TBT ms'.padStart(8)}${'CLS'.padStart(7)}`,
  );
  for (const r of runs) {
    lines.push(
      `  ${r.page.padEnd(16)}${String(r.performance).padStart(6)}${String(r.accessibility).padStart(7)}${(r.fcp / 1000).toFixed(2).padStart(7)}${(r.lcp / 1000).toFixed(2).padStart(7)}${r.tbt.toFixed(0).padStart(8)}${r.cls.toFixed(3).padStart(7)}`,
    );
  }
  const worst = runs.reduce((a, b) => (b.performance < a.performance ? b : a));
  const slowFcp = runs.reduce((a, b) => (b.fcp > a.fcp ? b : a));
  lines.push(
    `  peor rendimiento ${worst.performance} (${worst.page}; objetivo ≥ 95), peor FCP ${(slowFcp.fcp / 1000).toFixed(2)} s (${slowFcp.page}; objetivo ≤ 1,8 s), accesibilidad mínima ${Math.min(...runs.map((r) => r.accessibility))}`,
  );
  return lines;
}
