// Figures computed in the bench's own process from the server's sources: `entry` (under
// packages/server/src/test) is bundled with esbuild, its dependencies left to node_modules as the
// built server does, and its export `name` returns the lines to print.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from '../lib.mjs';

export async function inProcessFigures(entry, name) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(root, 'packages/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@fogata/shared');
  const outfile = join(root, '.tmp', `${entry}.mjs`);
  await build({
    entryPoints: [join(root, `packages/server/src/test/${entry}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
  });
  // SQLite, like the server the bench starts, whatever the shell says.
  delete process.env.DATABASE_URL;
  const module = await import(pathToFileURL(outfile).href);
  return module[name]();
}
