import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The script of a process the server starts beside itself (the face detector's processes, the
 * image process). The built server has it beside itself (`dist/<name>.js`); run from the
 * TypeScript sources (the tests), it is bundled once per process into the package's `.tmp/`.
 */

/** The scripts, by name: each is found or bundled once per process. */
const scripts = new Map<string, Promise<URL>>();

export function workerScript(name: 'face-worker' | 'image-worker'): Promise<URL> {
  let script = scripts.get(name);
  if (!script) {
    script = findOrBundleScript(name).catch((err: unknown) => {
      scripts.delete(name);
      throw err;
    });
    scripts.set(name, script);
  }
  return script;
}

async function findOrBundleScript(name: string): Promise<URL> {
  const built = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(built)) return built;
  const source = new URL(`./${name}.ts`, import.meta.url);
  if (!existsSync(source)) throw new Error(`${name}: no está junto a ${import.meta.url}`);
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const outDir = join(root, '.tmp');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${name}-${process.pid}.mjs`);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(source)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: Object.keys(pkg.dependencies).filter((dep) => dep !== '@fogata/shared'),
    logLevel: 'warning',
    // Some CommonJS dependencies call require(); ESM output needs one.
    banner: {
      js: "import { createRequire as __fogataCreateRequire } from 'node:module'; const require = __fogataCreateRequire(import.meta.url);",
    },
  });
  process.on('exit', () => rmSync(outfile, { force: true }));
  return new URL(`file://${outfile}`);
}
