// `npm run backup -- <archivo>`, `npm run restore -- <archivo> [--force]` and
// `npm run migrate-media -- --to s3`: the server bundle's other entries, built first when needed,
// with the same configuration as `npm start` (DATA_DIR, DATABASE_URL, STORAGE…).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildServerIfNeeded, root } from './lib.mjs';

if (!(await buildServerIfNeeded())) {
  console.error('No se pudo construir Fogata.');
  process.exit(1);
}
const child = spawn(
  process.execPath,
  [join(root, 'packages/server/dist/server.js'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: process.cwd() },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
