// `npm test`: every test, the way CI runs them.
//   1. typecheck, lint and the boundaries (no import across floors, no cycle)
//   2. unit and API tests on SQLite (shared, server, web)
//   3. the API tests again on PostgreSQL: DATABASE_URL when set, otherwise a throwaway server
//      (the server's test files that never reach a database are left out: they ran in step 2)
//   4. the browser tests: the built app on a real server, in Debian's Chromium
//   5. the browser specs that must hold on both databases, again with the server on PostgreSQL
//      (3 then 5 run beside 4; their output is printed when they end)
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
import { databaseFreeServerTests } from './db-free-tests.mjs';
import { aptInstall, buildIfNeeded, freePort, root, run, startThrowawayPostgres } from './lib.mjs';

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
      // What never reaches a database ran as it would here in the SQLite pass (decision 203).
      ...databaseFreeServerTests().flatMap((file) => ['--exclude', file]),
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

// The app is built once, whichever browser run asks first (the two may run side by side).
let building = null;
const built = () => {
  if (!existsSync('/usr/bin/chromium')) aptInstall(['chromium']);
  building ??= existsSync('/usr/bin/chromium') ? buildIfNeeded() : Promise.resolve(false);
  return building;
};

/**
 * The browser tests: every spec on SQLite, or `specs` with the server on PostgreSQL (`pgUrl`).
 * `logFile`: the run's output goes there (it runs beside another), on ports and in a folder of
 * its own.
 */
async function e2eStep(specs = [], pgUrl = '', logFile = null) {
  const name = pgUrl ? 'e2e (PostgreSQL)' : 'e2e';
  if (!(await built())) return { name: `${name} (build)`, code: 1 };
  const report = join(out, pgUrl ? 'playwright-pg.json' : 'playwright.json');
  rmSync(report, { force: true });
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_DATABASE_URL: pgUrl };
  const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs];
  if (!logFile)
    return { name, code: await run('npx', args, { env }), counts: playwrightCounts(report) };
  env.E2E_OUTPUT = join(out, 'e2e-pg');
  env.FORCE_COLOR = '0';
  for (const key of ['E2E_PORT', 'E2E_SMTP_PORT', 'E2E_OIDC_PORT', 'E2E_CONTROL_PORT'])
    env[key] = String(await freePort());
  const fd = openSync(logFile, 'a');
  const code = await run('npx', args, { env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return { name, code, counts: playwrightCounts(report) };
}

/** The browser specs that must hold on both databases, with the server on PostgreSQL. */
async function e2ePgStep(logFile = null) {
  let pg = null;
  try {
    let url = process.env.DATABASE_URL;
    if (!url?.startsWith('postgres')) {
      pg = await startThrowawayPostgres();
      url = pg.url;
    }
    return await e2eStep(PG_E2E_SPECS, url, logFile);
  } catch (err) {
    if (logFile) appendFileSync(logFile, `${err.message}\n`);
    else console.error(err.message);
    return { name: 'e2e (PostgreSQL)', code: 1 };
  } finally {
    pg?.stop();
  }
}

// Beside the browser tests on SQLite, one after the other: the API tests on PostgreSQL, then the
// browser specs on PostgreSQL. The SQLite browser run waits on Chromium and the server more than
// it computes, so the second core does this meanwhile (decision 203). Their output goes to log
// files, printed when they end, so the runs never interleave on the console.
const alongside = steps.includes('e2e') ? steps.filter((s) => s === 'pg' || s === 'e2e-pg') : [];
const pgLog = join(out, 'vitest-pg.log');
const e2ePgLog = join(out, 'playwright-pg.log');
let sideRun = null;
if (alongside.length) {
  section(`Al lado de las pruebas en el navegador: ${alongside.join(', ')} (salida en .tmp/)`);
  sideRun = (async () => {
    const done = [];
    if (alongside.includes('pg')) {
      writeFileSync(pgLog, '');
      done.push({ step: 'pg', log: pgLog, ...(await pgStep(pgLog)) });
    }
    if (alongside.includes('e2e-pg')) {
      writeFileSync(e2ePgLog, '');
      done.push({ step: 'e2e-pg', log: e2ePgLog, ...(await e2ePgStep(e2ePgLog)) });
    }
    return done;
  })();
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

if (steps.includes('e2e-pg') && !alongside.includes('e2e-pg')) {
  section('Pruebas en el navegador con PostgreSQL (Chromium)');
  const r = await e2ePgStep();
  record(r.name, r.code, r.counts);
}

for (const r of sideRun ? await sideRun : []) {
  const title =
    r.step === 'pg' ? 'Pruebas de API sobre PostgreSQL' : 'Pruebas en el navegador con PostgreSQL';
  section(`${title} (resultado)`);
  const log = readFileSync(r.log, 'utf8');
  // A pass prints its summary; a failure prints the whole log, with every failing test.
  const good = r.code === 0 && (r.counts?.failed ?? 1) === 0;
  console.log(good ? log.split('\n').slice(-12).join('\n') : log);
  record(r.step === 'pg' ? 'API (PostgreSQL)' : (r.name ?? 'e2e (PostgreSQL)'), r.code, r.counts);
}

section('Resumen');
for (const r of results) {
  const counts = r.passed || r.failed ? ` (${r.passed} pasan, ${r.failed} fallan)` : '';
  console.log(`${r.ok ? '✔' : '✘'} ${r.step}${counts}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
