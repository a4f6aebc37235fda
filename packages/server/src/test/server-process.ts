// Real server processes for the fault suite: a crash (kill -9), two processes on one SQLite file,
// a flood from outside. The server is bundled once per test file with esbuild, as `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { multipart, pngImage } from './images.js';

const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
let bundle: Promise<string> | null = null;

/**
 * Bundles src/server.ts, and the scripts of the processes it starts beside it, into a folder of
 * packages/server/.tmp/ (ignored by git), beside node_modules so their external dependencies
 * resolve as in dist/. Once per test process.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const pkg = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const outDir = join(
      serverRoot,
      '.tmp',
      `server-${process.pid}-${randomBytes(4).toString('hex')}`,
    );
    mkdirSync(outDir, { recursive: true });
    await build({
      entryPoints: {
        server: join(serverRoot, 'src', 'server.ts'),
        'face-worker': join(serverRoot, 'src', 'media', 'face-worker.ts'),
        'image-worker': join(serverRoot, 'src', 'media', 'image-worker.ts'),
      },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: Object.keys(pkg.dependencies).filter((name) => name !== '@fogata/shared'),
      logLevel: 'warning',
      banner: {
        js: "import { createRequire as __fogataCreateRequire } from 'node:module'; const require = __fogataCreateRequire(import.meta.url);",
      },
    });
    process.on('exit', () => rmSync(outDir, { recursive: true, force: true }));
    return join(outDir, 'server.js');
  })();
  return bundle;
}

/** The flags node runs the server with, as npm start runs it (decision 137). */
export function serverNodeFlags(): string[] {
  return JSON.parse(readFileSync(join(serverRoot, 'node-flags.json'), 'utf8')) as string[];
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, as a power cut would; resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM and wait (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/**
 * Starts the bundled server on `dataDir` with `env` (PORT, HOST and DATA_DIR are set here;
 * DATABASE_URL only if given) and resolves once it listens; `wrapper` is a command that execs
 * it (a namespace of its own, a small file system). Passwords get the real scrypt cost.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string | undefined> = {},
  options: { wrapper?: string[] } = {},
): Promise<ServerProcess> {
  const file = await serverBundle();
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Image work at the server's own priority: a machine busy with other runs would starve it.
    IMAGE_NICE: '0',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  for (const [key, value] of Object.entries(childEnv))
    if (value === undefined) delete childEnv[key];
  // A wrapper (e.g. `unshare … sh -c '…; exec "$0" "$@"'`) runs first and execs node, so the
  // child's pid stays the server's.
  const [command, ...args] = [
    ...(options.wrapper ?? []),
    process.execPath,
    ...serverNodeFlags(),
    file,
  ];
  const child = spawn(command as string, args, {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => {
    child.on('exit', (code, signal) => res({ code, signal }));
  });
  // A ceiling for a loaded machine (a demo start seeds images), not a timing goal.
  const ready = new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`el servidor no arrancó:\n${out}`)), 300_000);
    const check = () => {
      if (out.includes('Fogata escuchando')) {
        clearTimeout(timer);
        res();
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      rej(new Error(`el servidor terminó al arrancar:\n${out}`));
    });
  });
  await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    output: () => out,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs one of the bundle's other entries (`backup`, `restore`, `migrate-media`) with `env` only;
 * resolves with its exit code and everything it printed.
 */
export async function runServerCommand(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; out: string }> {
  const file = await serverBundle();
  const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, LOG_LEVEL: 'warn' };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env: childEnv });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** The first admin a server process makes at its first start (its environment's names). */
export const FIRST_ADMIN = {
  ADMIN_EMAIL: 'jefa@example.org',
  ADMIN_PASSWORD: 'una-clave-de-prueba-larga',
};

/**
 * Signs in to the server at `url` as its first admin (`FIRST_ADMIN`, set in its environment) and
 * creates an album (a small PNG cover) titled `title`: the session's Authorization header and the
 * album's id.
 */
export async function signInWithAlbum(
  url: string,
  title = 'Campamento de verano',
): Promise<{ auth: { authorization: string }; albumId: number }> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: FIRST_ADMIN.ADMIN_EMAIL, password: FIRST_ADMIN.ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const albumForm = multipart({ title }, [
    { field: 'cover', filename: 'portada.png', type: 'image/png', data: await pngImage() },
  ]);
  const created = await fetch(`${url}/api/albums/newAlbum`, {
    method: 'POST',
    headers: { ...auth, ...albumForm.headers },
    body: new Uint8Array(albumForm.payload),
  });
  if (created.status !== 201) throw new Error(`álbum: ${created.status}`);
  return { auth, albumId: ((await created.json()) as { album: { id: number } }).album.id };
}
