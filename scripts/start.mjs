// `npm start`: build what is not built yet, then run the server (it migrates the database itself).
// Arguments after `--` go to the server, e.g. `npm start -- --demo`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded, root, serverNodeFlags } from './lib.mjs';

if (!(await buildIfNeeded())) {
  console.error('No se pudo construir Fogata.');
  process.exit(1);
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags, join(root, 'packages/server/dist/server.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    cwd: root,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
