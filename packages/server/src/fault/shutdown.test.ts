// SIGTERM during a rolling deploy: the request in flight (an upload, its body still
// coming) finishes, a client's idle keep-alive connection is closed at once, and the process
// exits within seconds of its last answer, not after the keep-alive timeout.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../test/build-app.js';
import { multipart, pngImage } from '../test/images.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const ADMIN = { email: 'kraal@example.org', password: 'contraseña-del-kraal' };
/** How long after its last answer the process may take to exit on a loaded machine. */
const EXIT_WITHIN_MS = 5_000;

interface Answer {
  status: number;
  body: string;
}

/** A request through `agent`, with its body written in the parts given, `gapMs` apart. */
function send(
  server: ServerProcess,
  agent: Agent,
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    parts?: Buffer[];
    gapMs?: number;
    beforeLast?: () => void;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.url}${path}`,
      { agent, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const parts = options.parts ?? [];
    if (parts.length === 0) {
      req.end();
      return;
    }
    req.write(parts[0]);
    setTimeout(() => {
      options.beforeLast?.();
      req.end(parts[1]);
    }, options.gapMs ?? 0);
  });
}

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-shutdown-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> = null;
  let server: ServerProcess;

  beforeAll(async () => {
    pgDb = await createPgDatabase();
    server = await startServerProcess(dataDir, {
      JWT_SECRET: randomBytes(32).toString('base64url'),
      DATABASE_URL: pgDb?.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => {
    await server?.kill9();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the upload in flight, closes idle connections at once, and exits', async () => {
    const agent = new Agent({ keepAlive: true });
    const json = { 'content-type': 'application/json' };
    const login = await send(server, agent, '/api/auth/login', {
      method: 'POST',
      headers: json,
      parts: [Buffer.from(JSON.stringify(ADMIN)), Buffer.alloc(0)],
    });
    const auth = `Bearer ${(JSON.parse(login.body) as { token: string }).token}`;
    const cover = multipart({ title: 'Acampada de otoño' }, [
      { field: 'cover', filename: 'portada.png', type: 'image/png', data: await pngImage() },
    ]);
    const created = await send(server, agent, '/api/albums/newAlbum', {
      method: 'POST',
      headers: {
        authorization: auth,
        ...cover.headers,
        'content-length': String(cover.payload.length),
      },
      parts: [cover.payload, Buffer.alloc(0)],
    });
    expect(created.status, created.body).toBe(201);
    const albumId = (JSON.parse(created.body) as { album: { id: number } }).album.id;

    // A second client's connection: kept alive and idle when the signal comes.
    const idleAgent = new Agent({ keepAlive: true });
    expect((await send(server, idleAgent, '/api/health', {})).status).toBe(200);
    const idleSocket = Object.values(idleAgent.freeSockets)[0]?.[0];
    expect(idleSocket).toBeDefined();
    const idleClosed = new Promise<number>((resolve) =>
      idleSocket?.once('close', () => resolve(Date.now())),
    );

    // The upload's body goes in two halves; SIGTERM arrives between them.
    const form = multipart({ albumId: String(albumId) }, [
      { field: 'images', filename: 'lenta.png', type: 'image/png', data: await pngImage() },
    ]);
    const half = Math.floor(form.payload.length / 2);
    let signalled = 0;
    const upload = send(server, new Agent({ keepAlive: true }), '/api/photos/upload', {
      method: 'POST',
      headers: {
        authorization: auth,
        ...form.headers,
        'content-length': String(form.payload.length),
      },
      parts: [form.payload.subarray(0, half), form.payload.subarray(half)],
      gapMs: 1_000,
      beforeLast: () => undefined,
    });
    setTimeout(() => {
      signalled = Date.now();
      server.child.kill('SIGTERM');
    }, 300);

    const answer = await upload;
    const answeredAt = Date.now();
    expect(answer.status, answer.body).toBe(201);
    expect((JSON.parse(answer.body) as { uploaded: unknown[] }).uploaded).toHaveLength(1);
    // The idle connection went as soon as the signal came, not when the upload was done.
    expect((await idleClosed) - signalled).toBeLessThan(answeredAt - signalled);

    const exited = await Promise.race([
      server.exited,
      new Promise<'still running'>((resolve) =>
        setTimeout(() => resolve('still running'), EXIT_WITHIN_MS),
      ),
    ]);
    expect(exited).toEqual({ code: 0, signal: null });
    agent.destroy();
    idleAgent.destroy();
  }, 300_000);
});
