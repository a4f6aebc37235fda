// Several app instances on one database and one bucket (the S3 emulator) behave as one site: they
// start at the same moment (one migrates and seeds, the other waits), each serves what the other
// wrote, one dies mid-way and the other goes on, and SIGTERM lets a running upload finish before
// the process exits. On PostgreSQL each instance has a DATA_DIR of its own, as on two machines;
// on SQLite they share the one holding the database file.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { createPgDatabase } from '../test/build-app.js';
import { jpegWithGps, multipart } from '../test/images.js';
import { startS3, type TestS3 } from '../test/s3.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const ADMIN = { email: 'kraal@example.org', password: 'contraseña-del-kraal' };

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return `Bearer ${(await json(res)).token as string}`;
}

describe('two instances on one database and one bucket', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-instances-'));
  const jwtSecret = randomBytes(32).toString('base64url');
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let s3: TestS3;
  let bucket: string;
  let servers: ServerProcess[] = [];
  const dataDirs = [dataDir];

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    s3 = await startS3();
    bucket = await s3.bucket();
    if (pgDb) dataDirs.push(mkdtempSync(join(tmpdir(), 'fogata-instances-')));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
    await pgDb?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('start at the same moment: one seeds the demo and makes the admin, the other waits', async () => {
    const env = {
      JWT_SECRET: jwtSecret,
      DATABASE_URL: pgDb?.url,
      DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3.env(bucket),
    };
    servers = await Promise.all([
      startServerProcess(dataDirs[0] as string, env),
      startServerProcess(dataDirs.at(-1) as string, env),
    ]);
    const outputs = servers.map((s) => s.output());
    expect(outputs.filter((o) => o.includes('Modo demo: base de datos vacía'))).toHaveLength(1);
    expect(
      outputs.filter((o) => o.includes('Modo demo: la base de datos ya tiene contenido')),
    ).toHaveLength(1);
    for (const o of outputs) expect(o).not.toContain('no pudo arrancar');

    const db = openDatabase({ dataDir, databaseUrl: pgDb?.url ?? null });
    try {
      const count = async (table: 'news' | 'albums' | 'photos') =>
        Number(
          (
            await db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect([await count('news'), await count('albums'), await count('photos')]).toEqual([
        6, 3, 15,
      ]);
      const admins = await db.kysely
        .selectFrom('users')
        .select('email')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await db.kysely.destroy();
    }

    for (const server of servers) {
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        status: 'ok',
        database: 'ok',
        storage: 'ok',
        disk: 'ok',
      });
    }
    // A ceiling, not a timing goal: seeding the demo into S3 is slow while the rest of the suite
    // runs on a small machine.
  }, 300_000);

  it('serve each other’s writes, and one keeps serving when the other is killed', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // The demo's admin (its password is only in the console): sign in as the one it printed.
    const line = a.output().includes('contraseña:') ? a.output() : b.output();
    const match = /admin\s+(\S+)\s+contraseña: (\S+)/.exec(line);
    expect(match).not.toBeNull();
    const auth = await signIn(a, match?.[1] as string, match?.[2] as string);

    // An album created through one instance, its photo uploaded through it, shown by the other.
    const albums = (await (
      await fetch(`${b.url}/api/albums`, { headers: { authorization: auth } })
    ).json()) as {
      id: number;
    }[];
    const albumId = albums[0]?.id as number;
    const form = multipart({ albumId: String(albumId) }, [
      { field: 'images', filename: 'fuego.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    ]);
    const upload = await fetch(`${a.url}/api/photos/upload`, {
      method: 'POST',
      headers: { authorization: auth, ...form.headers },
      body: form.payload,
    });
    expect(upload.status).toBe(201);
    const photo = ((await json(upload)).uploaded as { id: number; image_url: string }[])[0];
    const shown = await fetch(`${b.url}${photo?.image_url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/webp');
    // It lives in the bucket, not on either instance's disk.
    const path = (photo?.image_url ?? '').split('?')[0] ?? '';
    const key = `private/${path.slice('/media/p/'.length)}`;
    expect(await s3.keys(bucket)).toContain(key);
    for (const dir of dataDirs) expect(existsSync(join(dir, 'media-private'))).toBe(false);

    // Comments alternate between the instances; A dies half-way; B takes every later one.
    const posted: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      if (i === 10) await a.kill9();
      const server = i < 10 && i % 2 === 0 ? a : b;
      const text = `Comentario ${i}`;
      const res = await fetch(`${server.url}/api/photos/${photo?.id}/comments`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ comment_text: text }),
      });
      expect(res.status).toBe(201);
      posted.push(text);
    }
    const listed = (await (
      await fetch(`${b.url}/api/photos/${photo?.id}/comments?limit=50`, {
        headers: { authorization: auth },
      })
    ).json()) as { comment_text: string }[];
    expect(listed.map((c) => c.comment_text).sort()).toEqual([...posted].sort());
    const ready = await fetch(`${b.url}/api/health/ready`);
    expect(ready.status).toBe(200);
  }, 300_000);

  it('SIGTERM: stops taking new requests, finishes the running upload, then exits', async () => {
    const b = servers[1] as ServerProcess;
    const line = servers[0]?.output().includes('contraseña:') ? servers[0].output() : b.output();
    const match = /admin\s+(\S+)\s+contraseña: (\S+)/.exec(line);
    const auth = await signIn(b, match?.[1] as string, match?.[2] as string);
    const albums = (await (
      await fetch(`${b.url}/api/albums`, { headers: { authorization: auth } })
    ).json()) as {
      id: number;
    }[];
    const form = multipart({ albumId: String(albums[0]?.id) }, [
      { field: 'images', filename: 'lenta.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    ]);

    // The body goes in two halves; SIGTERM arrives between them.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${b.url}/api/photos/upload`,
        {
          method: 'POST',
          headers: {
            authorization: auth,
            ...form.headers,
            'content-length': String(form.payload.length),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(form.payload.length / 2);
      req.write(form.payload.subarray(0, half));
      setTimeout(() => {
        b.child.kill('SIGTERM');
        setTimeout(async () => {
          // Meanwhile, a new connection is refused.
          const late = await fetch(`${b.url}/api/health`).then(
            (r) => r.status,
            () => 'refused',
          );
          expect(late).toBe('refused');
          req.end(form.payload.subarray(half));
        }, 300);
      }, 300);
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    expect((JSON.parse(body) as { uploaded: unknown[] }).uploaded).toHaveLength(1);
    expect(await b.exited).toEqual({ code: 0, signal: null });
  }, 300_000);
});
