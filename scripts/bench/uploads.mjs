// Uploads and the face scan (decision 139), on the built server in demo mode:
//   - the albums list read by 20 connections with no upload, and while one scouter uploads one
//     12 MP photo after another (the scan finding their faces meanwhile), in the same run: the
//     ratio of requests per second, the p99 and the slowest answer of each;
//   - the time the scan takes to clear 200 camp photos (group photos composed from
//     fixtures/faces, their faces known), with the detector's recall on them beside it.
// The mixed load (members reading, liking and commenting while scouters upload) is in
// mixed-load.mjs. Short runs: BENCH_UPLOAD_READ_SECONDS, BENCH_CAMP_PHOTOS.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { mixed, serverModules, sixLarge, twelveSmall } from './faces.mjs';
import { cameraJpeg } from './photos.mjs';
import { scanIdle, signIn } from './servers.mjs';

const READ_CONNECTIONS = 20;

const ms = (v) => `${Math.round(v)} ms`;
const fixed = (v, digits = 2) => v.toFixed(digits).replace('.', ',');

/** `Authorization` for `token`. */
const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** One photo per request, into `albumId`, as `token`; resolves with the time it took. */
export async function uploadOne(base, token, albumId, data, name) {
  const form = new FormData();
  form.append('albumId', String(albumId));
  form.append('images', new Blob([data], { type: 'image/jpeg' }), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/photos/upload`, {
    method: 'POST',
    headers: bearer(token),
    body: form,
  });
  const body = await res.json();
  if (res.status !== 201 || body.uploaded?.length !== 1) {
    throw new Error(`subida: ${res.status} ${JSON.stringify(body.failures ?? body.message)}`);
  }
  return { ms: performance.now() - started, id: body.uploaded[0].id };
}

/**
 * A scouter uploading one photo after another from `files` until `stop()`: resolves, once
 * stopped, with the upload times.
 */
export function uploadLoop(base, token, albumId, files) {
  let running = true;
  const times = [];
  const done = (async () => {
    for (let i = 0; running; i += 1) {
      times.push((await uploadOne(base, token, albumId, files[i % files.length], `f-${i}.jpg`)).ms);
    }
    return times;
  })();
  return {
    stop() {
      running = false;
      return done;
    },
  };
}

/** The albums list under `READ_CONNECTIONS` connections for `seconds`. */
async function readAlbums(base, token, seconds) {
  const result = await autocannon({
    url: `${base}/api/albums`,
    headers: bearer(token),
    connections: READ_CONNECTIONS,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`/api/albums: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
  }
  return { rps: result.requests.average, p99: result.latency.p99, max: result.latency.max };
}

/** The demo's first album and the sessions the parts use. */
async function sessions(app) {
  const admin = await signIn(app.base, app.accounts.admin);
  const scouter = await signIn(app.base, app.accounts.scouter);
  const albums = await (await fetch(`${app.base}/api/albums`, { headers: bearer(admin) })).json();
  return { admin, scouter, albumId: albums[0].id };
}

/**
 * Reads with no upload and while one scouter uploads photo after photo, taking turns over
 * `rounds`; each quiet turn starts once the scan has caught up, so it is truly quiet.
 */
export async function uploadReadFigures(
  app,
  {
    seconds = Number(process.env.BENCH_UPLOAD_READ_SECONDS ?? 20),
    rounds = Number(process.env.BENCH_UPLOAD_READ_ROUNDS ?? 2),
  } = {},
) {
  const { admin, scouter, albumId } = await sessions(app);
  const files = [];
  for (let i = 0; i < 3; i += 1) files.push(await cameraJpeg(i));
  // Warm-up: the detector's thread loaded, the reads' code paths hot.
  await uploadOne(app.base, scouter, albumId, files[0], 'calentar.jpg');
  await scanIdle(app.base, admin);
  await readAlbums(app.base, admin, 3);

  const quiet = [];
  const busy = [];
  const uploads = [];
  const load = [];
  for (let round = 0; round < rounds; round += 1) {
    await scanIdle(app.base, admin);
    quiet.push(await readAlbums(app.base, admin, seconds));
    const uploader = uploadLoop(app.base, scouter, albumId, files);
    busy.push(await readAlbums(app.base, admin, seconds));
    uploads.push(...(await uploader.stop()));
    load.push(loadavg()[0]);
  }
  const worst = (rows, key) => Math.max(...rows.map((row) => row[key]));
  const mean = (rows, key) => rows.reduce((n, row) => n + row[key], 0) / rows.length;
  const ratio = mean(busy, 'rps') / mean(quiet, 'rps');
  const uploadMs = uploads.reduce((n, v) => n + v, 0) / Math.max(1, uploads.length);
  return [
    `Subidas: GET /api/albums con ${READ_CONNECTIONS} conexiones, ${rounds}×${seconds} s cada caso, por turnos: sin subidas ${Math.round(mean(quiet, 'rps'))} req/s (p99 ${ms(worst(quiet, 'p99'))}, máx. ${ms(worst(quiet, 'max'))}); con un scouter subiendo fotos de 12 MP una tras otra ${Math.round(mean(busy, 'rps'))} req/s (p99 ${ms(worst(busy, 'p99'))}, máx. ${ms(worst(busy, 'max'))}): ${fixed(ratio)}× (objetivo ≥ 0,70×, p99 ≤ 300 ms, máx. ≤ 1 s)`,
    `Subidas: ${uploads.length} fotos subidas mientras tanto, ${ms(uploadMs)} por subida de media; carga de la máquina (1 min) ${loadavg()[0].toFixed(1)}`,
  ];
}

/**
 * 200 camp photos uploaded one per request, then the scan left to clear its queue: the time
 * from the first upload to an empty queue, and the recall on the faces the photos are known to
 * hold. The photos are the detector's test set (decision 066) over and over.
 */
export async function campQueueFigures(
  app,
  { count = Number(process.env.BENCH_CAMP_PHOTOS ?? 200) } = {},
) {
  const { admin, scouter } = await sessions(app);
  const m = await serverModules();
  const photo = (faces, options = {}) =>
    m.groupPhoto({ width: 4000, height: 3000, faces, ...options });
  const set = [
    await photo(sixLarge),
    await photo(twelveSmall, { background: 'gradient', seed: 3 }),
    await photo(mixed, { orientation: 6, background: 'gradient' }),
    await photo([], { seed: 9 }),
    await photo(sixLarge.slice(0, 3), { background: 'gradient', seed: 5 }),
  ];
  // An album of its own, so the review lists only these photos.
  const form = new FormData();
  form.append('title', 'Campamento de verano (banco de pruebas)');
  form.append('cover', new Blob([set[3].data], { type: 'image/jpeg' }), 'portada.jpg');
  const made = await fetch(`${app.base}/api/albums/newAlbum`, {
    method: 'POST',
    headers: bearer(admin),
    body: form,
  });
  if (made.status !== 201) throw new Error(`álbum: ${made.status}`);
  const albumId = (await made.json()).album.id;
  await scanIdle(app.base, admin);

  const expected = new Map();
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const item = set[i % set.length];
    const { id } = await uploadOne(app.base, scouter, albumId, item.data, `campamento-${i}.jpg`);
    expected.set(id, item.boxes);
  }
  const uploadedMs = performance.now() - started;
  await scanIdle(app.base, admin);
  const totalMs = performance.now() - started;

  let truth = 0;
  let found = 0;
  let strays = 0;
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${app.base}/api/albums/${albumId}/faces?page=${page}&limit=100`, {
      headers: bearer(admin),
    });
    const images = await res.json();
    if (images.length === 0) break;
    for (const image of images) {
      const boxes = image.kind === 'photo' ? expected.get(image.id) : undefined;
      if (!boxes) continue;
      const match = m.matchFaces(boxes, image.faces);
      truth += boxes.length;
      found += match.found;
      strays += match.strays;
    }
  }
  return [
    `Caras: ${count} fotos de campamento de 12 MP subidas una a una en ${fixed(uploadedMs / 1000, 1)} s; la cola de caras vacía ${fixed(totalMs / 1000, 1)} s después de la primera subida (objetivo ≤ 120 s sin nada más en marcha; ${fixed(totalMs / count / 1000)} s por foto); acierto ${found}/${truth} (${fixed((100 * found) / Math.max(1, truth), 1)} %), ${strays} donde no hay cara; carga de la máquina (1 min) ${loadavg()[0].toFixed(1)}`,
  ];
}
