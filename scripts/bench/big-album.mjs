// A camp album of 2000 photos: what its first page costs over the API, and what a phone on a
// slow connection downloads before the first scroll, and when the grid first shows a photo.

import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { signIn } from './servers.mjs';
import {
  CHROME_FLAGS,
  CHROMIUM,
  lighthouseOnce,
  lighthouseTable,
  median,
  medianRun,
} from './web.mjs';

const PHOTOS = 2000;

/**
 * Adds an album of `count` photos straight into the demo server's database: every photo a copy
 * of one of the demo photos' files (landscapes and portraits in turn) under its own key (so a
 * browser fetches each thumbnail), liked by the demo accounts and commented once. Returns its id.
 */
export function seedBigAlbum(dataDir, count = PHOTOS) {
  const db = new Database(join(dataDir, 'fogata.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const album = db.prepare('select * from albums order by id limit 1').get();
    const samples = db.prepare('select * from photos order by id').all();
    const users = db
      .prepare('select id from users')
      .all()
      .map((u) => u.id);
    const privateRoot = join(dataDir, 'media-private');
    const fileOf = (key) => join(privateRoot, key.slice('private/'.length));
    mkdirSync(join(privateRoot, 'photos'), { recursive: true });
    const now = Date.now();
    const at = new Date(now).toISOString();
    const insertAlbum = db.prepare(
      `insert into albums (title, description, cover_key, cover_thumb_key, cover_placeholder,
        cover_width, cover_height, created_by, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, null, ?, ?)`,
    );
    const insertPhoto = db.prepare(
      `insert into photos (album_id, image_key, thumb_key, placeholder, width, height,
        description, uploaded_by, created_at) values (?, ?, ?, ?, ?, ?, ?, null, ?)`,
    );
    const insertLike = db.prepare(
      `insert into likes (target_type, target_id, user_id, created_at) values ('photo', ?, ?, ?)`,
    );
    const insertComment = db.prepare(
      `insert into comments (target_type, target_id, user_id, comment_text, created_at, updated_at)
       values ('photo', ?, ?, '¡Qué buena foto!', ?, ?)`,
    );
    let albumId = 0;
    db.transaction(() => {
      albumId = Number(
        insertAlbum.run(
          `Campamento de verano (${count} fotos)`,
          'Quince días en el Pirineo.',
          album.cover_key,
          album.cover_thumb_key,
          album.cover_placeholder,
          album.cover_width,
          album.cover_height,
          at,
          at,
        ).lastInsertRowid,
      );
      for (let i = 0; i < count; i += 1) {
        const sample = samples[i % samples.length];
        const thumbKey = `private/photos/${randomBytes(16).toString('hex')}.webp`;
        copyFileSync(fileOf(sample.thumb_key), fileOf(thumbKey));
        const created = new Date(now - i * 1000).toISOString();
        const id = Number(
          insertPhoto.run(
            albumId,
            sample.image_key,
            thumbKey,
            sample.placeholder,
            sample.width,
            sample.height,
            i % 3 === 0 ? `Foto ${i + 1} del campamento` : null,
            created,
          ).lastInsertRowid,
        );
        for (const user of users) insertLike.run(id, user, at);
        insertComment.run(id, users[i % users.length], at, at);
      }
    })();
    return albumId;
  } finally {
    db.close();
  }
}

/** Mean time (ms) and size of `count` sequential GETs of `path`. */
async function timedGet(base, path, token, count = 10) {
  const get = async () => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  };
  const body = await get();
  const t = performance.now();
  for (let i = 0; i < count; i += 1) await get();
  return {
    ms: (performance.now() - t) / count,
    bytes: body.length,
    items: JSON.parse(body).length,
  };
}

/**
 * The phone of the large-album goals (decision 038): a mid-range one, 412×823, 4× slower CPU,
 * slow 4G (150 ms, 1.6 Mbit/s).
 */
const PHONE = { width: 412, height: 823, deviceScaleFactor: 1.75 };
const RUNS = Number(process.env.ALBUM_RUNS ?? 3);

/**
 * What the page records for the bench, installed before any of its scripts: its long tasks, and
 * when the grid's first photo has loaded and is on screen (drawn in a frame, not fading in).
 */
function pageProbe() {
  const bench = { tasks: [], firstOnScreen: null, firstSrc: null };
  window.__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const look = () => {
    const img = document.querySelector('main .card img.media-box-image');
    const shown = img?.complete && img.naturalWidth > 0 && getComputedStyle(img).opacity === '1';
    if (shown) {
      bench.firstOnScreen = performance.now();
      bench.firstSrc = img.currentSrc;
      return;
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** Blocking time of long tasks: what each holds the main thread past 50 ms. */
const blocking = (durations) => durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

/**
 * One cold visit of the album page on the phone: when the first grid photo loaded and was on
 * screen, what came before the first scroll, then (with `scroll`) a scroll to the end a screen at
 * a time: the DOM's size at the end and the blocking time of the long tasks on the way, for the
 * whole scroll and for the screens showing the first and the last 500 photos.
 */
export async function phoneRun(browser, base, token, albumId, total, scroll) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    await context.addInitScript(pageProbe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const types = new Map();
    let bytes = 0;
    let lastActivity = Date.now();
    let imagesAsked = 0;
    let imagesBeforeFirst = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      lastActivity = Date.now();
      if (e.type === 'Image' && !e.request.url.startsWith('data:')) imagesAsked += 1;
    });
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = Date.now();
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Image' && imagesBeforeFirst === null) {
        imagesBeforeFirst = imagesAsked;
      }
    });
    await page.goto(`${base}/album/${albumId}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench?.firstOnScreen, null, {
      timeout: 120_000,
      polling: 100,
    });
    const first = await page.evaluate(() => {
      const b = window.__bench;
      const entry = performance.getEntriesByName(b.firstSrc)[0];
      return { onScreen: b.firstOnScreen, loaded: entry ? entry.responseEnd : b.firstOnScreen };
    });
    // Until the network has been quiet for 2 s: what loads without scrolling.
    const deadline = Date.now() + 60_000;
    while (Date.now() - lastActivity < 2000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const before = { bytes, imagesBeforeFirst };
    if (!scroll) {
      const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      return { ...first, ...before, nodes };
    }
    // A screen at a time to the end, as a thumb flicks; each screen's blocking time goes to the
    // photos then on screen.
    await page.evaluate(() => {
      window.__bench.tasks.length = 0;
    });
    const all = [];
    const firstPart = [];
    const lastPart = [];
    const lastName = `Ver foto ${total}`;
    const end = Date.now() + 600_000;
    for (;;) {
      await page.mouse.wheel(0, PHONE.height);
      await page.waitForTimeout(120);
      const step = await page.evaluate((name) => {
        const tasks = window.__bench.tasks.splice(0);
        let most = 0;
        let done = false;
        for (const button of document.querySelectorAll('main button[aria-label^="Ver foto "]')) {
          const r = button.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
          const label = button.getAttribute('aria-label');
          most = Math.max(most, Number(/^Ver foto (\d+)/.exec(label)?.[1] ?? 0));
          if (label === name || label.startsWith(`${name}:`)) done = true;
        }
        return { tasks, most, done };
      }, lastName);
      all.push(...step.tasks);
      if (step.most > 0 && step.most <= 500) firstPart.push(...step.tasks);
      if (step.most > total - 500) lastPart.push(...step.tasks);
      if (step.done || Date.now() > end) break;
    }
    const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    return {
      ...first,
      ...before,
      nodes,
      tbt: blocking(all),
      tbtFirst: blocking(firstPart),
      tbtLast: blocking(lastPart),
    };
  } finally {
    await context.close();
  }
}

/** `RUNS` phone visits of the album; each figure's median, and the load beside each run. */
async function phoneFigures(base, token, albumId, total, scroll) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await phoneRun(browser, base, token, albumId, total, scroll);
      runs.push({ ...run, load: loadavg()[0] });
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    return {
      runs,
      loaded: pick('loaded'),
      onScreen: pick('onScreen'),
      bytes: pick('bytes'),
      imagesBeforeFirst: pick('imagesBeforeFirst'),
      nodes: pick('nodes'),
      tbt: scroll ? pick('tbt') : null,
      tbtFirst: scroll ? pick('tbtFirst') : null,
      tbtLast: scroll ? pick('tbtLast') : null,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse (mobile) over members' pages, `RUNS` times each: the member's token is put in the
 * browser's storage once and kept (Lighthouse would clear it), the HTTP cache emptied before
 * each run so each is a first visit.
 */
async function lighthouseSignedIn(base, token, pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate((t) => localStorage.setItem('authToken', t), token);
    const cdp = await context.newCDPSession(page);
    const results = [];
    for (const { name, path } of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        await cdp.send('Network.clearBrowserCache');
        runs.push(
          await lighthouseOnce(lighthouse, `${base}${path}`, chrome.port, undefined, {
            disableStorageReset: true,
          }),
        );
      }
      results.push(medianRun(name, runs));
    }
    await page.close();
    return results;
  } finally {
    await browser.close().catch(() => {});
    await chrome.kill();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const ms = (n) => `${n.toFixed(0)} ms`;
const mark = (ok) => (ok ? '✓' : '✗');

/** Lines of the big-album figures; `app` from startDemoServer. */
export async function bigAlbumFigures(app) {
  const albumId = seedBigAlbum(app.dataDir);
  const token = await signIn(app.base, app.accounts.usuario);
  const full = await timedGet(app.base, `/api/photos/album/${albumId}`, token);
  const first = await timedGet(app.base, `/api/photos/album/${albumId}?page=1`, token);
  const albums = await (
    await fetch(`${app.base}/api/albums`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const small = albums.find((a) => a.photos_count === 6);
  const lines = [
    `Álbum de ${PHOTOS} fotos:`,
    `  GET /api/photos/album/{id} (la lista entera): ${kib(full.bytes)}, ${full.items} fotos, ${full.ms.toFixed(1)} ms`,
    `  GET /api/photos/album/{id}?page=1 (la primera página): ${kib(first.bytes)}, ${first.items} fotos, ${first.ms.toFixed(1)} ms`,
  ];
  if (!existsSync(CHROMIUM)) {
    lines.push(`  en un móvil: no se mide, falta ${CHROMIUM}.`);
    return lines;
  }
  const big = await phoneFigures(app.base, token, albumId, PHOTOS, true);
  const six = small ? await phoneFigures(app.base, token, small.id, 6, false) : null;
  const lighthouse = await lighthouseSignedIn(app.base, token, [
    { name: `/album/{${PHOTOS}}`, path: `/album/${albumId}` },
    { name: '/gallery', path: '/gallery' },
    ...(small ? [{ name: '/album/{6}', path: `/album/${small.id}` }] : []),
  ]);
  const runLine = (label, r) =>
    `    ${label}: foto ${seconds(r.loaded)} / ${seconds(r.onScreen)}, ${kib(r.bytes)} (${r.imagesBeforeFirst} imágenes pedidas antes de la primera), ${r.nodes} elementos${r.tbt != null ? `, TBT ${ms(r.tbt)} (primeras 500 ${ms(r.tbtFirst)}, últimas 500 ${ms(r.tbtLast)})` : ''}; carga ${r.load.toFixed(2)}`;
  const lh = (name) => lighthouse.find((r) => r.page === name);
  const bigLh = lh(`/album/{${PHOTOS}}`);
  const galleryLh = lh('/gallery');
  const sixLh = lh('/album/{6}');
  const col = (text, width = 26) => String(text).padEnd(width);
  lines.push(
    `  En un móvil emulado (${PHONE.width}×${PHONE.height}, CPU 4× más lenta, 150 ms y 1,6 Mbit/s, sin caché, como usuario), mediana de ${RUNS}:`,
    `  ${col('medida', 52)}${col(`${PHOTOS} fotos`)}${col('6 fotos')}objetivo`,
    `  ${col('primera foto de la cuadrícula cargada / en pantalla', 52)}${col(`${seconds(big.loaded)} / ${seconds(big.onScreen)} ${mark(big.onScreen <= 1500)}`)}${col(six ? `${seconds(six.loaded)} / ${seconds(six.onScreen)}` : '—')}≤ 1,5 s`,
    `  ${col('bytes antes de desplazarse (imágenes pedidas antes de la 1.ª)', 52)}${col(`${kib(big.bytes)} (${big.imagesBeforeFirst}) ${mark(big.bytes <= 300 * 1024)}`)}${col(six ? `${kib(six.bytes)} (${six.imagesBeforeFirst})` : '—')}≤ 300 KB`,
    `  ${col('elementos del DOM tras desplazarse hasta el final', 52)}${col(`${big.nodes} ${mark(big.nodes <= 2000)}`)}${col(six ? six.nodes : '—')}≤ 2.000`,
    `  ${col('tareas largas (TBT) en las últimas 500 (primeras 500)', 52)}${col(`${ms(big.tbtLast)} (${ms(big.tbtFirst)}) ${mark(big.tbtLast <= 500)}`)}${col('—')}≤ 0,5 s y como las primeras`,
    `  ${col('desplazarse hasta el final: TBT total', 52)}${col(`${ms(big.tbt)} ${mark(big.tbt <= 2000)}`)}${col('—')}≤ 2 s`,
    `  ${col('Lighthouse móvil, rendimiento (CLS)', 52)}${col(bigLh ? `${bigLh.performance} (${bigLh.cls.toFixed(3)}) ${mark(bigLh.performance >= 95 && bigLh.cls === 0)}` : '—')}${col(sixLh ? `${sixLh.performance} (${sixLh.cls.toFixed(3)}) ${mark(sixLh.performance >= 97)}` : '—')}≥ 95 y CLS 0; 6 fotos ≥ 97`,
    `  ${col('Lighthouse móvil, /gallery', 52)}${col(galleryLh ? `${galleryLh.performance} ${mark(galleryLh.performance >= 97)}` : '—')}${col('')}≥ 97`,
    '  Rondas en el móvil:',
    ...big.runs.map((r, i) => runLine(`${PHOTOS} fotos, ${i + 1}`, r)),
    ...(six ? six.runs.map((r, i) => runLine(`6 fotos, ${i + 1}`, r)) : []),
    `  Lighthouse móvil de las páginas de miembros (CPU ×4, mediana de ${RUNS}; carga ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}):`,
    ...lighthouseTable(lighthouse).slice(0, -1),
  );
  return lines;
}
