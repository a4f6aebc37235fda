// Small helpers shared by the project's own scripts (start, test, bench).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// Fogata is tested on Node 22 and 24 (decision 035); on Node 20 better-sqlite3 crashes the
// process, so every script stops first with the way out.
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `Fogata necesita Node.js 22 o 24; este es ${process.version}. ` +
      'Instálalo con: export PATH="$(scripts/node.sh 24)/bin:$PATH" (y después npm ci).',
  );
  process.exit(1);
}

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * The flags node runs the server with, wherever it is started (npm start, npm run dev, the e2e
 * tests, the bench; deploy/fogata.service lists them too). V8's memory reducer, which shrinks
 * the heap once the process looks idle, left the server costlier on every request for as long as
 * it ran afterwards; a server of a group is idle most of the day (decision 137).
 */
export const serverNodeFlags = JSON.parse(
  readFileSync(join(root, 'packages/server/node-flags.json'), 'utf8'),
);

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err.message);
      resolvePromise(1);
    });
  });
}

/** Runs a command synchronously and returns whether it exited 0. */
export function ok(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { stdio: 'ignore', ...opts }).status === 0;
}

/** The newest modification time (ms) of any file under the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        walk(join(p, entry));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(p);
  return newest;
}

/** Whether `output` is missing or older than any of `sources`. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(sources);
}

/** Builds the web app and the server when they are missing or older than their sources. */
export async function buildIfNeeded() {
  const shared = [join(root, 'packages/shared/src'), join(root, 'packages/shared/package.json')];
  const webOut = join(root, 'packages/web/dist/index.html');
  const webSrc = [
    join(root, 'packages/web/src'),
    join(root, 'packages/web/index.html'),
    join(root, 'packages/web/vite.config.ts'),
    join(root, 'packages/web/build'),
    join(root, 'packages/web/public'),
    ...shared,
  ];
  // The server's render of the public pages is built with the app (vite build --ssr).
  const serverRender = join(root, 'packages/web/dist-server/entry-server.js');
  if (isStale(webOut, webSrc) || isStale(serverRender, webSrc)) {
    console.log('Construyendo la aplicación web…');
    if ((await run('npm', ['run', 'build', '-w', '@fogata/web'])) !== 0) return false;
  }
  return buildServerIfNeeded();
}

/** Builds the server bundle when it is missing or older than its sources. */
export async function buildServerIfNeeded() {
  const shared = [join(root, 'packages/shared/src'), join(root, 'packages/shared/package.json')];
  const serverOut = join(root, 'packages/server/dist/server.js');
  const serverSrc = [
    join(root, 'packages/server/src'),
    join(root, 'packages/server/build.mjs'),
    ...shared,
  ];
  if (isStale(serverOut, serverSrc)) {
    console.log('Construyendo el servidor…');
    if ((await run('npm', ['run', 'build', '-w', '@fogata/server'])) !== 0) return false;
  }
  return true;
}

/** Whether this process runs as root. */
export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

let aptUpdated = false;
/** Installs Debian packages when running as root (CI and the README's machine); false otherwise. */
export function aptInstall(packages) {
  if (!isRoot()) {
    console.error(
      `Falta ${packages.join(', ')}: instálalo con "sudo apt-get install ${packages.join(' ')}".`,
    );
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env })
      .status === 0
  );
}

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((res) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** Debian's newest PostgreSQL binaries, or null when the `postgresql` package is missing. */
export function pgBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : null;
}

/** Starts a throwaway PostgreSQL server on 127.0.0.1; returns { url, stop }. */
export async function startThrowawayPostgres() {
  let bin = pgBinDir();
  if (!bin) {
    aptInstall(['postgresql']);
    bin = pgBinDir();
  }
  if (!bin) throw new Error('No se encontró PostgreSQL (initdb).');
  const dir = mkdtempSync(join(tmpdir(), 'fogata-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root: as root, run the server as the postgres user.
  const asUser = isRoot() ? ['runuser', '-u', 'postgres', '--'] : [];
  if (isRoot()) spawnSync('chown', ['-R', 'postgres', dir]);
  const exec = (cmd, args) => {
    const full = [...asUser, join(bin, cmd), ...args];
    const r = spawnSync(full[0], full.slice(1), { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} falló (${r.status}).`);
  };
  exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
  exec('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        exec('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
