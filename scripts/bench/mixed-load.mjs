// The mixed load (decision 139), on the built server in demo mode, on SQLite and on
// PostgreSQL: members reading the gallery, liking and commenting (each one a person: an action,
// then a pause of 0.5–1.5 s), first alone, then while scouters upload 12 MP photos one after
// another (the scan finding their faces meanwhile). The members' p99 and slowest answer, with and
// without the uploads, in the same run. Short runs: BENCH_MIXED_SECONDS, BENCH_MIXED_MEMBERS.
// BENCH_MIXED_SERVER_JS: another build's server.js to measure (a before, on the same machine).
import { loadavg } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { startThrowawayPostgres } from '../lib.mjs';
import { cameraJpeg } from './photos.mjs';
import { scanIdle, signIn, startDemoServer } from './servers.mjs';
import { uploadLoop } from './uploads.mjs';

const PASSWORD_OF = 'usuario';

const ms = (v) => `${Math.round(v)} ms`;
const bearer = (token) => ({ authorization: `Bearer ${token}` });

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Accounts added straight in the database, with the password of the demo's `usuario` (its hash
 * copied: signing up 200 people through invitations would measure the mail, not the gallery).
 */
async function addAccounts(app, databaseUrl, accounts) {
  const now = new Date().toISOString();
  const from = app.accounts[PASSWORD_OF].email;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const a of accounts) {
        await client.query(
          `insert into users (name, email, password_hash, role, created_at)
           select $1, $2, password_hash, $3, $4 from users where email = $5`,
          [a.name, a.email, a.role, now, from],
        );
      }
    } finally {
      await client.end();
    }
    return;
  }
  const db = new SQLite(join(app.dataDir, 'fogata.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into users (name, email, password_hash, role, created_at)
       select ?, ?, password_hash, ?, ? from users where email = ?`,
    );
    db.transaction(() => {
      for (const a of accounts) insert.run(a.name, a.email, a.role, now, from);
    })();
  } finally {
    db.close();
  }
}

/** Signs in every account, a few at a time (each sign-in is a scrypt). */
async function signInAll(base, accounts, password) {
  const tokens = [];
  for (let i = 0; i < accounts.length; i += 8) {
    tokens.push(
      ...(await Promise.all(
        accounts.slice(i, i + 8).map((a) => signIn(base, { email: a.email, password })),
      )),
    );
  }
  return tokens;
}

/**
 * One member until `until`: the albums, an album's photos, a thumbnail; now and then a like (or
 * taking it back) and a comment; a pause between actions. Every answer's time goes to `times`;
 * an answer that is not a success counts in `failures`.
 */
async function member(base, token, photoIds, albumIds, until, times, failures, seed) {
  // A 32-bit linear congruential generator, its high bits used: in plain doubles the product
  // overflows 2^53 and loses its low bits, and a power-of-two LCG's low bits repeat quickly;
  // either way the mix of actions was not the one below (comments almost never came).
  let n = seed;
  const next = (mod) => {
    n = (Math.imul(n, 1103515245) + 12345) >>> 0;
    return (n >>> 16) % mod;
  };
  const liked = new Set();
  const timed = async (kind, url, init = {}, expected = []) => {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { ...bearer(token), ...(init.headers ?? {}) },
    });
    const body = await res.arrayBuffer();
    times.push({ kind, ms: performance.now() - started });
    if (res.status >= 400 && !expected.includes(res.status)) {
      failures.push(`${init.method ?? 'GET'} ${url}: ${res.status}`);
    }
    return { status: res.status, body };
  };
  // People arrive over the first second and a half, as they pause between actions, not all in
  // the same millisecond: a herd of 200 first requests at once is the harness, not a group.
  await new Promise((resolve) => setTimeout(resolve, next(1500)));
  while (Date.now() < until) {
    const action = next(10);
    if (action < 3) await timed('álbumes', '/api/albums');
    else if (action < 7) {
      const albumId = albumIds[next(albumIds.length)];
      const { body } = await timed('fotos', `/api/photos/album/${albumId}?page=1&limit=50`);
      const photos = JSON.parse(Buffer.from(body).toString('utf8'));
      const photo = photos[next(Math.max(1, photos.length))];
      if (photo?.thumb_url) await timed('miniatura', photo.thumb_url);
    } else if (action < 9) {
      const id = photoIds[next(photoIds.length)];
      // 409: already liked (or not) by this member, from an earlier turn: the state flips anyway.
      await timed(
        'me gusta',
        `/api/photos/${id}/like`,
        { method: liked.has(id) ? 'DELETE' : 'POST' },
        [409],
      );
      if (liked.has(id)) liked.delete(id);
      else liked.add(id);
    } else {
      const id = photoIds[next(photoIds.length)];
      await timed('comentario', `/api/photos/${id}/comments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ comment_text: '¡Qué buena foto del campamento!' }),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 500 + next(1000)));
  }
}

/** One phase: the members for `seconds`, with `uploaders` scouters uploading or none. */
async function phase(app, ctx, seconds, uploaders) {
  const times = [];
  const failures = [];
  const loops = uploaders.map((token) => uploadLoop(app.base, token, ctx.albumIds[0], ctx.files));
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    ctx.members.map((token, i) =>
      member(app.base, token, ctx.photoIds, ctx.albumIds, until, times, failures, i + 1),
    ),
  );
  const uploads = (await Promise.all(loops.map((loop) => loop.stop()))).flat();
  const all = times.map((t) => t.ms);
  // The kind of request with the slowest p99, to say where the time goes.
  const kinds = [...new Set(times.map((t) => t.kind))].map((kind) => ({
    kind,
    p99: percentile(
      times.filter((t) => t.kind === kind).map((t) => t.ms),
      99,
    ),
  }));
  kinds.sort((a, b) => b.p99 - a.p99);
  const slowest = kinds[0];
  return {
    requests: all.length,
    rps: all.length / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: Math.max(0, ...all),
    slowest,
    kinds,
    failures,
    uploads: uploads.length,
    load: loadavg()[0],
  };
}

/** The mixed load on one database: lines for it. */
async function onDatabase(label, databaseUrl, { seconds, members, scouters }) {
  const app = await startDemoServer({
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    ...(process.env.BENCH_MIXED_SERVER_JS ? { serverJs: process.env.BENCH_MIXED_SERVER_JS } : {}),
  });
  try {
    const accounts = [
      ...Array.from({ length: members }, (_, i) => ({
        name: `Familia ${i + 1}`,
        email: `familia-${i + 1}@banco.fogata`,
        role: 'usuario',
      })),
      ...Array.from({ length: scouters - 1 }, (_, i) => ({
        name: `Scouter ${i + 2}`,
        email: `scouter-${i + 2}@banco.fogata`,
        role: 'scouter',
      })),
    ];
    await addAccounts(app, databaseUrl, accounts);
    const password = app.accounts[PASSWORD_OF].password;
    const tokens = await signInAll(app.base, accounts, password);
    const admin = await signIn(app.base, app.accounts.admin);
    const ctx = {
      members: tokens.slice(0, members),
      albumIds: (
        await (await fetch(`${app.base}/api/albums`, { headers: bearer(admin) })).json()
      ).map((a) => a.id),
      photoIds: [],
      files: [await cameraJpeg(1), await cameraJpeg(2)],
    };
    for (const albumId of ctx.albumIds) {
      const photos = await (
        await fetch(`${app.base}/api/photos/album/${albumId}`, { headers: bearer(admin) })
      ).json();
      ctx.photoIds.push(...photos.map((p) => p.id));
    }
    const uploaders = [await signIn(app.base, app.accounts.scouter), ...tokens.slice(members)];
    const quiet = await phase(app, ctx, seconds, []);
    await scanIdle(app.base, admin);
    const busy = await phase(app, ctx, seconds, uploaders);
    const describe = (r) =>
      `${Math.round(r.rps)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, máx. ${ms(r.max)} (p99 por tipo: ${r.kinds.map((k) => `${k.kind} ${ms(k.p99)}`).join(', ')})${r.failures.length ? `, ${r.failures.length} errores (${r.failures[0]})` : ''}; carga ${r.load.toFixed(1)}`;
    return [
      `Carga mixta (${label}): ${members} familias leyendo, dando «me gusta» y comentando (una acción y una pausa de 0,5–1,5 s), ${seconds} s: solas ${describe(quiet)}`,
      `Carga mixta (${label}): con ${scouters} scouters subiendo fotos de 12 MP una tras otra (${busy.uploads} subidas): ${describe(busy)} (objetivo p99 ≤ 300 ms)`,
    ];
  } finally {
    await app.stop();
  }
}

/** Lines of the mixed load, on SQLite and on PostgreSQL (when it can be started). */
export async function mixedLoadFigures({
  seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60),
  members = Number(process.env.BENCH_MIXED_MEMBERS ?? 200),
  scouters = 4,
} = {}) {
  const lines = await onDatabase('SQLite', null, { seconds, members, scouters });
  let postgres = null;
  try {
    postgres = await startThrowawayPostgres();
  } catch (err) {
    return [...lines, `Carga mixta (PostgreSQL): no se pudo arrancar PostgreSQL (${err.message})`];
  }
  try {
    lines.push(...(await onDatabase('PostgreSQL', postgres.url, { seconds, members, scouters })));
  } finally {
    postgres.stop();
  }
  return lines;
}
