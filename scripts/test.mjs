// `npm test`: every test, the way CI runs them.
//   1. typecheck, lint and the boundaries (no import across floors, no cycle)
//   2. unit and API tests on SQLite (shared, server, web)
//   3. the API tests again on PostgreSQL: DATABASE_URL when set, otherwise a throwaway server
//   4. the browser tests: the built app on a real server, in Debian's Chromium
//      (3 and 4 run side by side; the PostgreSQL output is printed when it ends)
//   5. the browser specs that must hold on both databases, again with the server on PostgreSQL
// Pass step names to run only some: `npm test -- unit pg` (static, unit, pg, e2e, e2e-pg).
// The last line sums up every test run: "tests: N passed, N failed".
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { aptInstall, buildIfNeeded, root, run, startThrowawayPostgres } from './lib.mjs';

const ALL = ['static', 'unit', 'pg', 'e2e', 'e2e-pg'];
// The browser specs run a second time with the server on PostgreSQL (step e2e-pg): the whole
// story of a feature whose rules live in SQL on both databases (decision 170).
const PG_E2E_SPECS = ['activities.spec.ts', 'camp.spec.ts'];
const asked = process.argv.slice(2).filter((a) => ALL.includes(a));
const steps = asked.length ? asked : ALL;
const out = join(root, '.tmp');
mkdirSync(out, { recursive: true });

// Many server tests wait on real processes, PostgreSQL and sockets rather than the CPU: three
// workers finish sooner than Vitest's default of one on a 2-core machine.
const WORKERS = `--maxWorkers=${process.env.FOGATA_TEST_WORKERS ?? 3}`;

const results = []; // { step, ok, passed, failed }
let passed = 0;
let failed = 0;

function section(title) {
  console.log(`\n━━ ${title} ━━`);
}

/** Reads a Vitest JSON report into counts. */
function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
  };
}

/** Reads a Playwright JSON report into counts. */
function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0),
  };
}

function record(step, code, counts = { passed: 0, failed: 0 }) {
  const good = code === 0 && counts.failed === 0;
  results.push({ step, ok: good, ...counts });
  passed += counts.passed;
  failed += counts.failed;
  if (code !== 0 && counts.failed === 0) failed += 1; // a step that failed outside any test still fails
}

if (steps.includes('static')) {
  section('Comprobación de tipos');
  record('typecheck', await run('npm', ['run', '--silent', 'typecheck']));
  section('Lint y formato (Biome)');
  record('lint', await run('npx', ['biome', 'check', '.']));
  // The floors of docs/architecture.md and no import cycle (.dependency-cruiser.mjs).
  record('boundaries', await run('npm', ['run', '--silent', 'depcruise']));
}

if (steps.includes('unit')) {
  section('Pruebas unitarias y de API sobre SQLite');
  const report = join(out, 'vitest-sqlite.json');
  rmSync(report, { force: true });
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      WORKERS,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { env },
  );
  record('unit (SQLite)', code, vitestCounts(report));
}

/**
 * The API tests on PostgreSQL. Their output goes to a log file when they run beside the browser
 * tests (printed once they end), so the two never interleave on the console.
 */
async function pgStep(logFile) {
  let pg = null;
  const say = (line) => (logFile ? appendFileSync(logFile, `${line}\n`) : console.log(line));
  try {
    let url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) {
      pg = await startThrowawayPostgres();
      url = pg.url;
      say(`PostgreSQL temporal en ${url}`);
    }
    const report = join(out, 'vitest-pg.json');
    rmSync(report, { force: true });
    const args = [
      'vitest',
      'run',
      WORKERS,
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ];
    const env = { ...process.env, DATABASE_URL: url };
    let code;
    if (logFile) {
      const fd = openSync(logFile, 'a');
      env.FORCE_COLOR = '0';
      code = await run('npx', args, { env, stdio: ['ignore', fd, fd] });
      closeSync(fd);
    } else {
      code = await run('npx', args, { env });
    }
    return { code, counts: vitestCounts(report) };
  } catch (err) {
    say(err.message);
    return { code: 1 };
  } finally {
    pg?.stop();
  }
}

/** The browser tests: every spec on SQLite, or `specs` with the server on PostgreSQL (`pgUrl`). */
async function e2eStep(specs = [], pgUrl = '') {
  const name = pgUrl ? 'e2e (PostgreSQL)' : 'e2e';
  if (!existsSync('/usr/bin/chromium')) aptInstall(['chromium']);
  if (!existsSync('/usr/bin/chromium')) return { name, code: 1 };
  if (!(await buildIfNeeded())) return { name: `${name} (build)`, code: 1 };
  const report = join(out, pgUrl ? 'playwright-pg.json' : 'playwright.json');
  rmSync(report, { force: true });
  const code = await run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_DATABASE_URL: pgUrl },
    },
  );
  return { name, code, counts: playwrightCounts(report) };
}

// The PostgreSQL pass waits on the database and the browser tests on Chromium and the server:
// on two cores they finish sooner side by side than one after the other.
const pgAlongside = steps.includes('pg') && steps.includes('e2e');
let pgRun = null;
const pgLog = join(out, 'vitest-pg.log');
if (pgAlongside) {
  section('Pruebas de API sobre PostgreSQL (en paralelo; salida en .tmp/vitest-pg.log)');
  rmSync(pgLog, { force: true });
  writeFileSync(pgLog, '');
  pgRun = pgStep(pgLog);
} else if (steps.includes('pg')) {
  section('Pruebas de API sobre PostgreSQL');
  const r = await pgStep(null);
  record('API (PostgreSQL)', r.code, r.counts);
}

if (steps.includes('e2e')) {
  section('Pruebas en el navegador (Chromium)');
  const r = await e2eStep();
  record(r.name, r.code, r.counts);
}

if (steps.includes('e2e-pg')) {
  section('Pruebas en el navegador con PostgreSQL (Chromium)');
  let pg = null;
  try {
    let url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) {
      pg = await startThrowawayPostgres();
      url = pg.url;
    }
    const r = await e2eStep(PG_E2E_SPECS, url);
    record(r.name, r.code, r.counts);
  } catch (err) {
    console.error(err.message);
    record('e2e (PostgreSQL)', 1);
  } finally {
    pg?.stop();
  }
}

if (pgRun) {
  const r = await pgRun;
  section('Pruebas de API sobre PostgreSQL (resultado)');
  const log = readFileSync(pgLog, 'utf8');
  // A pass prints its summary; a failure prints the whole log, with every failing test.
  const good = r.code === 0 && (r.counts?.failed ?? 1) === 0;
  console.log(good ? log.split('\n').slice(-12).join('\n') : log);
  record('API (PostgreSQL)', r.code, r.counts);
}

section('Resumen');
for (const r of results) {
  const counts = r.passed || r.failed ? ` (${r.passed} pasan, ${r.failed} fallan)` : '';
  console.log(`${r.ok ? '✔' : '✘'} ${r.step}${counts}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
