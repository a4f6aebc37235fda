// The processes the bench measures: the built Fogata server (demo mode on a fresh data directory)
// and a bare Fastify server that answers fixed bodies, each in its own child process.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, serverNodeFlags } from '../lib.mjs';

const here = new URL('.', import.meta.url).pathname;

/** Resolves with the first line of `child`'s stdout that `pattern` matches (its match). */
function waitForLine(child, pattern, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error(`${what}: no arrancó a tiempo.`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString('utf8');
      const match = pattern.exec(buffer);
      if (match) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        resolve({ match, output: buffer });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what}: terminó al arrancar (código ${code}).`));
    });
  });
}

/**
 * Resolves with the text of `file` once `pattern` matches it (the match and the text), polling:
 * the server writes its output into a file, not a pipe (see startDemoServer).
 */
function waitForFileLine(child, file, pattern, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const onExit = (code) => {
      clearInterval(timer);
      reject(new Error(`${what}: terminó al arrancar (código ${code}).`));
    };
    const timer = setInterval(() => {
      const output = readFileSync(file, 'utf8');
      const match = pattern.exec(output);
      if (match) {
        clearInterval(timer);
        child.off('exit', onExit);
        resolve({ match, output });
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        child.off('exit', onExit);
        reject(new Error(`${what}: no arrancó a tiempo.`));
      }
    }, 100);
    child.once('exit', onExit);
  });
}

function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * The environment of a server the bench starts: SQLite in `dataDir`, no mail, on `port` of
 * 127.0.0.1, a first admin only when `admin` is given, and no login limit to trip on.
 */
export function benchServerEnv(port, dataDir, admin = { email: '', password: '' }) {
  return {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '100000',
  };
}

/**
 * The built server in demo mode on SQLite in a fresh data directory: `{ base, dataDir, pid,
 * accounts: { admin, scouter, usuario }, stop() }`, the accounts with the passwords the demo
 * printed. Everything else as a fresh install runs it (request logging at `info` included). Its
 * output (the access log's line per request) goes to a file in the data directory, as a
 * service's log does: read through a pipe, ~5 MB/s of lines under load would be read by the
 * bench's own process, which is also the load generator, and slow the load for Fogata alone.
 * `nodeFlags` are node's flags for the server (npm start's, scripts/lib.mjs), `nodeArgs` more of
 * them (e.g. --cpu-prof); `serverJs` is another build of the server to compare.
 */
export async function startDemoServer({
  nodeArgs = [],
  nodeFlags = serverNodeFlags,
  env = {},
  serverJs = join(root, 'packages/server/dist/server.js'),
} = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'fogata-bench-demo-'));
  const port = 4100 + Math.floor(Math.random() * 800);
  const logFile = join(dataDir, 'server.log');
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeFlags, ...nodeArgs, serverJs, '--demo'], {
    cwd: root,
    env: { ...benchServerEnv(port, dataDir), ...env },
    stdio: ['ignore', logFd, 'inherit'],
  });
  closeSync(logFd);
  try {
    const { output } = await waitForFileLine(
      child,
      logFile,
      /Fogata escuchando en/,
      // A ceiling for a machine shared with others' work: the demo runs the real face detector.
      300_000,
      'Fogata',
    );
    const accounts = {};
    for (const m of output.matchAll(/^\s+(\w+)\s+(\S+@\S+)\s+contraseña: (\S+)/gm)) {
      accounts[m[1]] = { email: m[2], password: m[3] };
    }
    await untilQuiet(child.pid);
    return {
      base: `http://127.0.0.1:${port}`,
      dataDir,
      pid: child.pid,
      accounts,
      async stop() {
        await stop(child);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Resolves once process `pid` has used under 2 % of a core for a whole second (at most after
 * `timeoutMs`): the demo keeps working after it listens (the blurred copies of its faces, made by
 * sharp on its own threads), and that work, counted in its CPU, would be charged to the reads.
 */
async function untilQuiet(pid, timeoutMs = 120_000) {
  const started = Date.now();
  let before = cpuMs(pid);
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid);
    if (now === null || now - before < 20) return;
    before = now;
  }
}

/**
 * A bare Fastify server in its own process answering each of `routes` (`{ path, contentType,
 * body: Buffer, encoding? }`) with exactly those bytes: the ceiling the framework allows.
 */
export async function startBareServer(routes) {
  const dir = mkdtempSync(join(tmpdir(), 'fogata-bench-bare-'));
  const file = join(dir, 'routes.json');
  writeFileSync(
    file,
    JSON.stringify(
      routes.map((r) => ({ ...r, body: Buffer.from(r.body).toString('base64') })),
      null,
      0,
    ),
  );
  // With node's flags of the server (scripts/lib.mjs): only the two servers' own work differs.
  const child = spawn(process.execPath, [...serverNodeFlags, join(here, 'bare-server.mjs'), file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const { match } = await waitForLine(child, /listening (\d+)/, 20_000, 'Fastify mínimo');
    child.stdout.resume();
    return {
      base: `http://127.0.0.1:${match[1]}`,
      pid: child.pid,
      async stop() {
        await stop(child);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Signs in through the API; returns the session token. */
export async function signIn(base, { email, password }) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).token;
}

/** A GET whose body comes back as sent (no decompression): `{ status, headers, body }`. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** CPU time (ms, user + system) that process `pid` has used so far; null when unreadable. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/**
 * Resolves once the server's face scan has nothing left to do (`remaining` 0 in its progress),
 * polling; answers how long it took. A ceiling, not a goal: `timeoutMs`.
 */
export async function scanIdle(base, adminToken, timeoutMs = 30 * 60_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const res = await fetch(`${base}/api/faces/scan-progress`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (!res.ok) throw new Error(`scan-progress: ${res.status}`);
    if ((await res.json()).remaining === 0) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('la revisión de caras no terminó a tiempo');
}
