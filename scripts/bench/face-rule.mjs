// What the face rule costs an album's list (decision 080). An album of 2000 photos, each with
// two children's faces (one child without gallery consent, one with it), read by a member over
// the API: the whole list, fresh (a write before each request, so the read cache holds nothing)
// and cached, with 'Aplicar el consentimiento de imagen' on and off, against the same album
// before it had any face.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { seedBigAlbum } from './big-album.mjs';
import { signIn } from './servers.mjs';

const PHOTOS = 2000;
const ROUNDS = 10;

/** Opens the demo server's database from this process (another connection: the server sees its writes). */
function openDb(dataDir) {
  const db = new Database(join(dataDir, 'fogata.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Two children (one with gallery consent) and their faces on every photo of `albumId`. */
function seedFaces(db, albumId) {
  const now = new Date().toISOString();
  const section = db.prepare('select id from sections order by id limit 1').get().id;
  const child = (name) => {
    const id = Number(
      db
        .prepare(
          `insert into children (full_name, name_search, birth_date, section_id, active, created_at, updated_at)
           values (?, ?, '2015-03-10', ?, 1, ?, ?)`,
        )
        .run(name, name.toLowerCase(), section, now, now).lastInsertRowid,
    );
    db.prepare(
      'insert into child_sections (child_id, section_id, started_at, ended_at) values (?, ?, ?, null)',
    ).run(id, section, now);
    return id;
  };
  db.transaction(() => {
    const without = child('Educando Sin Consentimiento');
    const consenting = child('Educando Con Consentimiento');
    db.prepare(
      `insert into child_consents (child_id, purpose, granted, given_by, recorded_by, note, text_version, created_at)
       values (?, 'gallery', 1, 'guardian', null, null, 1, ?)`,
    ).run(consenting, now);
    const face = db.prepare(
      `insert into faces (photo_id, x, y, width, height, score, source, status, child_id, created_at)
       values (?, ?, 0.2, 0.1, 0.15, 0.9, 'detector', 'child', ?, ?)`,
    );
    for (const { id } of db.prepare('select id from photos where album_id = ?').all(albumId)) {
      face.run(id, 0.2, without, now);
      face.run(id, 0.6, consenting, now);
    }
  })();
}

function setEnforced(db, on) {
  db.prepare(
    "update group_settings set value = ?, updated_at = ? where key = 'image_consent_enforced'",
  ).run(on ? '1' : '0', new Date().toISOString());
}

/** One GET of `path`: its time in ms and its body. */
async function get(base, path, token) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  const body = await res.json();
  return { ms: performance.now() - t, body };
}

/** A write from this process: the server's read cache holds nothing after it (decision 020). */
function touch(db) {
  db.prepare("update group_settings set updated_at = ? where key = 'publish_only_reviewed'").run(
    new Date().toISOString(),
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Lines of the faces figures; `app` from startDemoServer. Two albums of 2000 photos, one without
 * faces (the baseline) and one with; the three cases taken in turns, round after round, so that
 * whatever else the machine does falls on all of them alike. Medians.
 */
export async function faceRuleFigures(app) {
  const plain = seedBigAlbum(app.dataDir, PHOTOS);
  const withFaces = seedBigAlbum(app.dataDir, PHOTOS);
  const token = await signIn(app.base, app.accounts.usuario);
  const db = openDb(app.dataDir);
  const times = { plain: [], on: [], off: [], plainCached: [], onCached: [], offCached: [] };
  let blurred = 0;
  const bytes = {};
  try {
    seedFaces(db, withFaces);
    const paths = {
      plain: `/api/photos/album/${plain}`,
      faces: `/api/photos/album/${withFaces}`,
    };
    // Warm-up: the first requests pay the JIT and the statement cache.
    for (let i = 0; i < 3; i += 1) {
      touch(db);
      await get(app.base, paths.plain, token);
      await get(app.base, paths.faces, token);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [label, path, on] of [
        ['plain', paths.plain, true],
        ['on', paths.faces, true],
        ['off', paths.faces, false],
      ]) {
        setEnforced(db, on);
        const fresh = await get(app.base, path, token);
        const cached = await get(app.base, path, token);
        times[label].push(fresh.ms);
        times[`${label}Cached`].push(cached.ms);
        if (label === 'on')
          blurred = fresh.body.filter((p) => p.image_url.includes('/renditions/')).length;
        bytes[label] = Buffer.byteLength(JSON.stringify(fresh.body));
      }
    }
    const m = (label) => median(times[label]);
    const f = (label) =>
      `sin caché ${m(label).toFixed(1)} ms (${(m(label) / m('plain')).toFixed(2)}×), en caché ${m(`${label}Cached`).toFixed(1)} ms; ${(bytes[label] / 1024).toFixed(0)} KiB`;
    return [
      `Caras: álbumes de ${PHOTOS} fotos, GET /api/photos/album/{id} entero como usuario (sin caché: tras una escritura), mediana de ${ROUNDS} rondas alternas:`,
      `  sin caras:                              ${f('plain')}`,
      `  dos caras por foto, consentimiento aplicado: ${f('on')}; ${blurred} de ${PHOTOS} con copia difuminada`,
      `  dos caras por foto, sin aplicar:         ${f('off')}`,
    ];
  } finally {
    setEnforced(db, true);
    db.close();
  }
}
