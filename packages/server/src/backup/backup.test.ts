// Backup and restore: the round trip on a populated instance while writes are running, through the
// real `backup` and `restore` commands of the server bundle, then a server on the restored copy.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { LocalStorage, mediaRoot } from '../media/storage/storage.js';
import { buildSeedApp, buildTestApp, createPgDatabase } from '../test/build-app.js';
import { createNews } from '../test/content-factories.js';
import { createUser, PASSWORD, type TestUser } from '../test/factories.js';
import {
  assignScouter,
  createChild,
  createSection,
  sectionId,
  setAudience,
} from '../test/family-factories.js';
import {
  createAlbum,
  createComment,
  createPhoto,
  hideOnRequest,
} from '../test/gallery-factories.js';
import { runServerCommand, startServerProcess } from '../test/server-process.js';
import { BackupError, createBackup } from './backup.js';
import { BACKUP_TABLES, referencedKeys, TRANSIENT_TABLES, tablesIn } from './tables.js';

type PgDb = Awaited<ReturnType<typeof createPgDatabase>>;

const command = runServerCommand;

async function counts(db: ReturnType<typeof openDatabase>): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  const present = new Set(await tablesIn(db));
  for (const table of BACKUP_TABLES) {
    if (!present.has(table)) continue;
    // biome-ignore lint/suspicious/noExplicitAny: every table by name.
    const row = await (db.kysely as any)
      .selectFrom(table)
      .select((eb: { fn: { countAll: () => { as: (n: string) => unknown } } }) =>
        eb.fn.countAll().as('n'),
      )
      .executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}

describe('backup and restore of a running instance', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-backup-src-'));
  const restoredDir = mkdtempSync(join(tmpdir(), 'fogata-backup-dst-'));
  const work = mkdtempSync(join(tmpdir(), 'fogata-backup-'));
  const archive = join(work, 'copia.tar');
  const jwtSecret = randomBytes(32).toString('base64url');
  let sourcePg: PgDb = null;
  let targetPg: PgDb = null;
  let seed: FastifyInstance;
  let member: TestUser;
  let photoId: number;
  let hiddenPhotoId: number;

  beforeAll(async () => {
    sourcePg = await createPgDatabase();
    targetPg = await createPgDatabase();
    seed = await buildSeedApp(dataDir, jwtSecret, sourcePg?.url);
    member = await createUser(seed, { role: 'usuario', name: 'Marta Ruiz' });
    await createUser(seed, { role: 'admin' });
    const album = await createAlbum(seed, { withFiles: true });
    for (let i = 0; i < 6; i += 1) {
      photoId = (await createPhoto(seed, album.id, { withFiles: true })).id;
      await createComment(seed, 'photo', photoId, member.row.id);
    }
    await createNews(seed, { withFiles: true });
    // A photo hidden on a member's request (decision 018): a restore must not bring it back.
    hiddenPhotoId = (await createPhoto(seed, album.id, { withFiles: true })).id;
    await hideOnRequest(seed, album.id, hiddenPhotoId, member.row.id);
    const now = new Date().toISOString();
    // The group's structure (decision 140): a section of its own, a child with a family and a move
    // behind them, a scouter's section and an album for two sections all come back, in their order.
    const castores = await createSection(seed, { name: 'Castores' });
    const child = await createChild(seed, { sectionId: castores, guardians: [member.row.id] });
    const tropa = await sectionId(seed, 'Tropa');
    await seed.ctx.db.kysely
      .updateTable('child_sections')
      .set({ ended_at: now })
      .where('child_id', '=', child)
      .execute();
    await seed.ctx.db.kysely
      .insertInto('child_sections')
      .values({ child_id: child, section_id: tropa, started_at: now, ended_at: null })
      .execute();
    await seed.ctx.db.kysely
      .updateTable('children')
      .set({ section_id: tropa })
      .where('id', '=', child)
      .execute();
    const scouter = await createUser(seed, { role: 'scouter' });
    await assignScouter(seed, scouter.row.id, [castores, tropa]);
    await setAudience(seed, album.id, [castores, tropa]);
  }, 300_000);

  afterAll(async () => {
    await seed?.close();
    await sourcePg?.drop();
    await targetPg?.drop();
    for (const dir of [dataDir, restoredDir, work]) rmSync(dir, { recursive: true, force: true });
  });

  it('copies while comments are being written, and the copy restores and serves', async () => {
    const server = await startServerProcess(dataDir, {
      JWT_SECRET: jwtSecret,
      DATABASE_URL: sourcePg?.url,
    });
    const sourceEnv = { DATA_DIR: dataDir, JWT_SECRET: jwtSecret, DATABASE_URL: sourcePg?.url };
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        const res = await fetch(`${server.url}/api/photos/${photoId}/comments`, {
          method: 'POST',
          headers: { ...member.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ comment_text: `Durante la copia ${written}` }),
        });
        if (res.status === 201) written += 1;
        else if (res.status !== 429) throw new Error(`escritura fallida: ${res.status}`);
        else await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let result: Awaited<ReturnType<typeof command>>;
    try {
      // The writer reaches its comment limit before the copy: the limit must not travel with it.
      while (written < LIMITS.commentsPerUserPerMinute) await new Promise((r) => setTimeout(r, 20));
      result = await command(['backup', archive], sourceEnv);
      await new Promise((r) => setTimeout(r, 150));
    } finally {
      writing = false;
      await writer;
      await server.stop();
    }
    expect(result.out).toContain('Copia de seguridad creada en');
    expect(result.code).toBe(0);
    expect(written).toBeGreaterThan(0);
    expect(readdirSync(work)).toEqual(['copia.tar']);

    const restore = await command(['restore', archive], {
      DATA_DIR: restoredDir,
      DATABASE_URL: targetPg?.url,
    });
    expect(restore.out).toContain('restaurada en');
    expect(restore.code).toBe(0);

    // Rows: exactly the copy's manifest; files: every file a restored row points to, byte for byte.
    const manifest = JSON.parse(
      (await import('node:child_process'))
        .execFileSync('tar', ['-xOf', archive, 'fogata-backup.json'])
        .toString(),
    );
    const restoredDb = openDatabase({ dataDir: restoredDir, databaseUrl: targetPg?.url ?? null });
    try {
      const restoredCounts = await counts(restoredDb);
      expect(restoredCounts).toEqual(manifest.tables);
      expect(manifest.tables.comments).toBeGreaterThanOrEqual(6);
      expect(manifest.tables).toMatchObject({
        sections: 5,
        children: 1,
        child_sections: 2,
        guardians: 1,
        scouter_sections: 2,
        album_sections: 2,
      });
      const keys = await referencedKeys(restoredDb);
      expect(keys.size).toBeGreaterThan(10);
      const source = new LocalStorage(mediaRoot(dataDir));
      const restored = new LocalStorage(mediaRoot(restoredDir));
      for (const key of keys) {
        expect(readFileSync(restored.path(key)).equals(readFileSync(source.path(key)))).toBe(true);
      }
    } finally {
      await restoredDb.kysely.destroy();
    }
    expect(readFileSync(join(restoredDir, 'jwt-secret'), 'utf8')).toBe(jwtSecret);
    // Counters of tries mean nothing in the copy: the writer's comment limit does not come along.
    expect(manifest.tables).not.toHaveProperty('rate_limits');

    // A server on the restored copy: the account signs in, the photo shows through its signed link.
    const again = await startServerProcess(restoredDir, { DATABASE_URL: targetPg?.url });
    try {
      const login = await fetch(`${again.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: member.email, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const old = await fetch(`${again.url}/api/photos/${photoId}`, { headers: member.headers });
      expect(old.status).toBe(200);
      const photo = (await old.json()) as { image_url: string; thumb_url: string };
      for (const url of [photo.image_url, photo.thumb_url]) {
        const media = await fetch(`${again.url}${url}`);
        expect(media.status).toBe(200);
        expect(media.headers.get('content-type')).toBe('image/webp');
      }
      // The photo hidden on request stays hidden, and the request is still there for its author.
      const hidden = await fetch(`${again.url}/api/photos/${hiddenPhotoId}`, {
        headers: member.headers,
      });
      expect(hidden.status).toBe(404);
      const mine = await fetch(`${again.url}/api/removal-requests/mine`, {
        headers: member.headers,
      });
      expect(((await mine.json()) as { status: string }[]).map((r) => r.status)).toEqual([
        'pending',
      ]);
      // New rows get new ids (PostgreSQL's sequences continue after the restored ones).
      const comment = await fetch(`${again.url}/api/photos/${photoId}/comments`, {
        method: 'POST',
        headers: { ...member.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ comment_text: 'Después de restaurar' }),
      });
      expect(comment.status).toBe(201);
    } finally {
      await again.stop();
    }
  }, 300_000);

  it('refuses a DATA_DIR that is not empty, and replaces it with --force', async () => {
    const refused = await command(['restore', archive], {
      DATA_DIR: restoredDir,
      DATABASE_URL: targetPg?.url,
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(
      `No se pudo restaurar la copia: la carpeta de datos ${restoredDir} no está vacía. Restaura en una carpeta vacía, o usa --force para reemplazar su contenido.`,
    );
    const forced = await command(['restore', archive, '--force'], {
      DATA_DIR: restoredDir,
      DATABASE_URL: targetPg?.url,
    });
    expect(forced.code).toBe(0);
  }, 300_000);

  it('refuses a file that is not a Fogata backup', async () => {
    const bogus = join(work, 'otra-cosa.tar');
    (await import('node:fs')).writeFileSync(bogus, 'no soy un tar');
    const empty = mkdtempSync(join(tmpdir(), 'fogata-backup-empty-'));
    const res = await command(['restore', bogus], { DATA_DIR: empty });
    rmSync(empty, { recursive: true, force: true });
    expect(res.code).toBe(1);
    expect(res.out).toContain('No se pudo restaurar la copia:');
  });
});

describe('a backup that cannot finish', () => {
  it('says why in Spanish and leaves no half-written archive', async () => {
    const t = await buildTestApp();
    const out = mkdtempSync(join(tmpdir(), 'fogata-backup-fail-'));
    try {
      const album = await createAlbum(t.app, { withFiles: true });
      await createPhoto(t.app, album.id, { withFiles: true });
      const storage = t.app.ctx.storage;
      // One piece's unit test: a disk that refuses to read one file.
      const failing = Object.create(storage) as typeof storage;
      failing.read = async (key: string) => {
        if (key.startsWith('private/photos/')) {
          throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
        }
        return storage.read(key);
      };
      const attempt = createBackup(
        {
          db: t.app.ctx.db,
          dataDir: t.config.dataDir,
          storage: failing,
          jwtSecret: t.config.jwtSecret,
        },
        join(out, 'copia.tar'),
      );
      await expect(attempt).rejects.toBeInstanceOf(BackupError);
      await expect(attempt).rejects.toThrow(/^sin permiso para leer el archivo private\/photos\//);
      expect(readdirSync(out)).toEqual([]);
      expect(existsSync(join(out, 'copia.tar'))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
      await t.close();
    }
  });
});

describe('the tables a backup carries', () => {
  it('are every table of the migrated schema but the transient ones', async () => {
    const t = await buildTestApp();
    try {
      const tables = await tablesIn(t.app.ctx.db);
      const covered = new Set<string>([...BACKUP_TABLES, ...TRANSIENT_TABLES]);
      expect(tables.filter((table) => !covered.has(table))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
