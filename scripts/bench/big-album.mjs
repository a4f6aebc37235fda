// A camp album of 2000 photos: what its first page costs over the API, and what a phone on a
// slow connection downloads before the first scroll, and when the grid first shows a photo.

import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { signIn } from './servers.mjs';
import { CHROME_FLAGS, CHROMIUM } from './web.mjs';

const PHOTOS = 2000;

/**
 * Adds an album of `PHOTOS` photos straight into the demo server's database: every photo a copy
 * of a demo photo's files under its own key (so a browser fetches each thumbnail), liked by the
 * demo accounts and commented once.
 */
function seedBigAlbum(dataDir) {
  const db = new Database(join(dataDir, 'fogata.db'));
  db.pragma('busy_timeout = 5000');
  try {
    const album = db.prepare('select * from albums order by id limit 1').get();
    const sample = db.prepare('select * from photos where album_id = ? limit 1').get(album.id);
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
          'Campamento de verano (2000 fotos)',
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
      for (let i = 0; i < PHOTOS; i += 1) {
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
 * The album page on a phone (375×667, 4× slower CPU, 150 ms and 1.6 Mbit/s): time to the first
 * photo of the grid on screen, and bytes downloaded before the first scroll (cold cache).
 */
async function phoneFigures(base, token, albumId) {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript((t) => localStorage.setItem('authToken', t), token);
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
    const bytes = { json: 0, images: 0, other: 0 };
    let lastActivity = Date.now();
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.requestWillBeSent', () => {
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      lastActivity = Date.now();
      const type = types.get(e.requestId);
      const bucket =
        type === 'XHR' || type === 'Fetch' ? 'json' : type === 'Image' ? 'images' : 'other';
      bytes[bucket] += e.encodedDataLength;
    });
    await page.goto(`${base}/album/${albumId}`, { waitUntil: 'commit' });
    const firstPhotoMs = await page
      .waitForFunction(
        () => {
          const img = document.querySelector('main .card img.media-box-image');
          return img?.complete && img.naturalWidth > 0 ? performance.now() : null;
        },
        null,
        { timeout: 120_000, polling: 50 },
      )
      .then((h) => h.jsonValue());
    // Until the network has been quiet for 2 s: what loads without scrolling.
    const deadline = Date.now() + 60_000;
    while (Date.now() - lastActivity < 2000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const cards = await page.locator('main .card').count();
    return { firstPhotoMs, bytes, cards };
  } finally {
    await browser.close();
  }
}

/** Lines of the big-album figure; `app` from startDemoServer. */
export async function bigAlbumFigures(app) {
  const albumId = seedBigAlbum(app.dataDir);
  const token = await signIn(app.base, app.accounts.usuario);
  const full = await timedGet(app.base, `/api/photos/album/${albumId}`, token);
  const first = await timedGet(app.base, `/api/photos/album/${albumId}?page=1`, token);
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  const lines = [
    `Álbum de ${PHOTOS} fotos:`,
    `  GET /api/photos/album/{id} (la lista entera): ${kib(full.bytes)}, ${full.items} fotos, ${full.ms.toFixed(1)} ms`,
    `  GET /api/photos/album/{id}?page=1 (la primera página): ${kib(first.bytes)}, ${first.items} fotos, ${first.ms.toFixed(1)} ms`,
  ];
  const phone = await phoneFigures(app.base, token, albumId);
  if (phone) {
    const total = phone.bytes.json + phone.bytes.images + phone.bytes.other;
    lines.push(
      `  en un móvil (375×667, CPU 4× más lenta, 150 ms y 1,6 Mbit/s, sin caché): primera foto de la cuadrícula a los ${(phone.firstPhotoMs / 1000).toFixed(2)} s; antes de desplazarse ${kib(total)} (${kib(phone.bytes.json)} de JSON, ${kib(phone.bytes.images)} de imágenes, ${kib(phone.bytes.other)} de la aplicación), ${phone.cards} tarjetas en el DOM`,
    );
  } else {
    lines.push(`  en un móvil: no se mide, falta ${CHROMIUM}.`);
  }
  return lines;
}
