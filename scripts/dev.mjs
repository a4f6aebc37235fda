// `npm run dev`: the server from its bundle (rebuilt first when its sources changed) plus Vite's
// dev server, which reloads the web app on change and proxies /api and /media to the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded, root, serverNodeFlags } from './lib.mjs';

if (!(await buildIfNeeded())) process.exit(1);
const server = spawn(
  process.execPath,
  [...serverNodeFlags, join(root, 'packages/server/dist/server.js')],
  { stdio: 'inherit', cwd: root },
);
const web = spawn('npm', ['run', 'dev', '-w', '@fogata/web'], { stdio: 'inherit', cwd: root });
const stop = () => {
  server.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
