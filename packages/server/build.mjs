// Bundles the server into dist/server.js, and beside it the scripts of the face detector's
// processes (dist/face-worker.js, decisions 139, 212) and of the image process
// (dist/image-worker.js, decision 197):
// @fogata/shared inline (it ships as TypeScript source), every npm dependency external (native
// modules and their own files stay in node_modules).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@fogata/shared');

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'face-worker': new URL('./src/media/face-worker.ts', import.meta.url).pathname,
    'image-worker': new URL('./src/media/image-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Some CommonJS dependencies call require(); ESM output needs one.
  banner: {
    js: "import { createRequire as __fogataCreateRequire } from 'node:module'; const require = __fogataCreateRequire(import.meta.url);",
  },
});
console.log('Servidor construido en packages/server/dist/server.js');
