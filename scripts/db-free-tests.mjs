// Which server test files never reach a database: the PostgreSQL pass of `npm test` leaves them
// out, since they would run exactly as they already did on SQLite (decision 203). A file counts
// as reaching one when anything it imports, however deep (relative imports, `import()`, and
// worker or child files named by `new URL(…, import.meta.url)`), imports a database driver or
// Kysely, or reads DATABASE_URL. Unsure means reaching: a file this cannot follow stays in.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { root } from './lib.mjs';

const serverSrc = join(root, 'packages/server/src');

/** A database driver, Kysely, or the variable that picks the database. */
const TOUCHES_DATABASE =
  /from ['"](kysely|pg|better-sqlite3|pg-[\w-]+)['"]|import\(['"](kysely|pg|better-sqlite3)['"]\)|DATABASE_URL|require\(['"](pg|better-sqlite3)['"]\)/;
const RELATIVE = /(?:from|import\(|new URL\()\s*['"](\.\.?\/[^'"]+)['"]/g;

/** The source file an import of `spec` from `file` names (`.js` in imports is `.ts` on disk). */
function resolveImport(file, spec) {
  const base = resolve(dirname(file), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  // A folder (a root to resolve from) is not code.
  return found ?? (existsSync(base) && statSync(base).isDirectory() ? base : null);
}

const verdicts = new Map(); // file → reaches a database (true/false), or null while being read

/** Whether `file`, or anything it imports, reaches a database. */
function reachesDatabase(file) {
  if (verdicts.has(file)) return verdicts.get(file) ?? false; // a cycle: decided by the others
  verdicts.set(file, null);
  // Comments name files as examples; only code counts.
  const text = readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
  let reaches = TOUCHES_DATABASE.test(text);
  for (const [, spec] of text.matchAll(RELATIVE)) {
    if (reaches) break;
    const target = resolveImport(file, spec);
    // A relative import this cannot find (a generated file, a path built at run time): unsure.
    if (!target) reaches = !/\.(json|wasm|onnx|png|jpe?g|webp|bin|txt)$/.test(spec);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(target)) reaches = reachesDatabase(target);
  }
  verdicts.set(file, reaches);
  return reaches;
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The server's test files that never reach a database, relative to packages/server. */
export function databaseFreeServerTests() {
  return testFiles(serverSrc)
    .filter((file) => !reachesDatabase(file))
    .map((file) => relative(dirname(serverSrc), file))
    .sort();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of databaseFreeServerTests()) console.log(file);
}
