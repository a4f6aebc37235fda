// The photo pipeline: N camera-sized JPEGs through POST /api/photos/upload, against sharp alone
// making the same variants (display copy ≤ 1920 px, thumbnail ≤ 480 px, 16 px placeholder, all
// WebP) from the same files. The ratio is what the route adds: reading the form, checks, storage,
// rows. The faces are looked for after the answer (decision 139): each timing starts once the
// scan has caught up with the uploads before, so neither side shares the cores with it.
import sharp from 'sharp';
import { scanIdle, signIn } from './servers.mjs';

/** A 4000×3000 JPEG that compresses like a photo (smooth light plus fine noise). */
export async function cameraJpeg(seed) {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      noise: { type: 'gaussian', mean: 110 + seed * 7, sigma: 30 },
    },
  })
    .blur(1.2)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What the server does to each file, with sharp alone (mirrors media/image-work.ts). */
async function variants(input) {
  const display = await sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(1920, 1920, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  await sharp(display)
    .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  await sharp(display).resize(16, 16, { fit: 'inside' }).webp({ quality: 40 }).toBuffer();
}

/** Lines of the photo figure; `app` from startDemoServer (uploads into its first album). */
export async function photoFigures(app, { count = 4 } = {}) {
  sharp.cache(false);
  const files = [];
  for (let i = 0; i < count; i += 1) files.push(await cameraJpeg(i));
  const mb = files.reduce((n, f) => n + f.length, 0) / 1024 / 1024;
  const token = await signIn(app.base, app.accounts.admin);
  const albums = await (
    await fetch(`${app.base}/api/albums`, { headers: { authorization: `Bearer ${token}` } })
  ).json();

  const upload = async () => {
    await scanIdle(app.base, token);
    const form = new FormData();
    form.append('albumId', String(albums[0].id));
    files.forEach((f, i) => {
      form.append('images', new Blob([f], { type: 'image/jpeg' }), `camara-${i}.jpg`);
    });
    const t = performance.now();
    const res = await fetch(`${app.base}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    if (res.status !== 201 || body.uploaded.length !== count) {
      throw new Error(`subida: ${res.status} ${JSON.stringify(body.failures ?? body.message)}`);
    }
    return performance.now() - t;
  };
  const alone = async () => {
    await scanIdle(app.base, token);
    const t = performance.now();
    for (const f of files) await variants(f);
    return performance.now() - t;
  };
  // One of each first (warm-up), then two rounds taking turns, the best of each kept: the
  // machine may be shared, and taking turns exposes both to the same disturbances.
  await alone();
  await upload();
  let routeMs = Number.POSITIVE_INFINITY;
  let sharpMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 2; round += 1) {
    routeMs = Math.min(routeMs, await upload());
    sharpMs = Math.min(sharpMs, await alone());
  }
  return [
    `Fotos: ${count} JPEG de 4000×3000 (${mb.toFixed(1)} MB) por POST /api/photos/upload frente a sharp solo con las mismas variantes (la búsqueda de caras, tras la respuesta, aparte): ${(routeMs / sharpMs).toFixed(2)}× (objetivo ≤ 1,5×; ${(routeMs / count).toFixed(0)} frente a ${(sharpMs / count).toFixed(0)} ms por foto)`,
  ];
}
