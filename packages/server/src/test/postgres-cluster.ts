// A PostgreSQL server of a test's own, to stop and start under a running app: the shared one of
// the PostgreSQL pass must stay up for every other test.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/** Debian's newest PostgreSQL binaries, or null when the `postgresql` package is missing. */
export function postgresBinDir(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], 'bin') : null;
}

export interface PostgresCluster {
  url: string;
  /** `pg_ctl stop -m fast`: what an upgrade, a failover or a restart does to the clients. */
  stop(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  destroy(): void;
}

/** initdb, then start on a free port of 127.0.0.1; as root, the server runs as `postgres`. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('Falta PostgreSQL: instala el paquete "postgresql".');
  const dir = mkdtempSync(join(tmpdir(), 'fogata-pg-restart-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) => {
    const full = [...(root ? ['runuser', '-u', 'postgres', '--'] : []), join(bin, cmd), ...args];
    const r = spawnSync(full[0] as string, full.slice(1), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} falló (${r.status}): ${r.stderr}`);
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresUser(): { uid: number; gid: number } {
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('No existe el usuario postgres.');
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}
