import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The boundary rules are written over whatever folder a file is in, so a feature or a module
 * added tomorrow is held by them with nothing to add. This proves it with the check itself: the
 * same depcruise and configuration `npm run depcruise` runs, over a throwaway tree whose folders
 * are named nowhere in the rules, must fail on each crossing and pass what stays inside a folder.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const config = join(root, '.dependency-cruiser.mjs');

/** Folder names that no rule, and no folder of the repository, has ever had. */
const FEATURE = 'throwaway-feature';
const OTHER_FEATURE = 'throwaway-other-feature';
const MODULE = 'throwaway-module';
const OTHER_MODULE = 'throwaway-other-module';

const FILES: Record<string, string> = {
  [`packages/web/src/features/${FEATURE}/pages/page.tsx`]: [
    "import { own } from '../texts';",
    `import { other } from '../../${OTHER_FEATURE}/api/calls';`,
    'export const page = [own, other];',
  ].join('\n'),
  [`packages/web/src/features/${FEATURE}/texts.ts`]: "export const own = 'propio';",
  [`packages/web/src/features/${OTHER_FEATURE}/api/calls.ts`]: "export const other = 'ajeno';",
  [`packages/server/src/modules/${MODULE}/${MODULE}.routes.ts`]: [
    `import { mine } from './${MODULE}.repository';`,
    `import { service } from '../${OTHER_MODULE}/${OTHER_MODULE}.service';`,
    `import { helper } from '../${OTHER_MODULE}/${OTHER_MODULE}.helpers';`,
    'export const routes = [mine, service, helper];',
  ].join('\n'),
  [`packages/server/src/modules/${MODULE}/${MODULE}.repository.ts`]: "export const mine = 'mío';",
  [`packages/server/src/modules/${OTHER_MODULE}/${OTHER_MODULE}.service.ts`]:
    "export const service = 'servicio';",
  [`packages/server/src/modules/${OTHER_MODULE}/${OTHER_MODULE}.helpers.ts`]:
    "export const helper = 'ayuda';",
};

let dir = '';
let output = '';
let code: number | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fogata-boundaries-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${text}\n`);
  }
  // The configuration resolves imports through the repository's TypeScript settings.
  copyFileSync(join(root, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  ({ output, code } = await new Promise<{ output: string; code: number | null }>((resolve) => {
    execFile(
      depcruise,
      ['packages', '--config', config, '--output-type', 'err'],
      { cwd: dir },
      (error, stdout, stderr) =>
        resolve({ output: `${stdout}${stderr}`, code: error ? (error.code as number) : 0 }),
    );
  }));
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The violations depcruise reported, as 'rule: from → to'. */
function violations(): string[] {
  return [...output.matchAll(/error (\S+): (\S+) → (\S+)/g)].map(
    ([, rule, from, to]) => `${rule}: ${from} → ${to}`,
  );
}

describe('the boundary rules on folders they have never seen', () => {
  it('fail the check on a new feature importing another, and on a new module reaching past a service', () => {
    expect(code, output).not.toBe(0);
    expect(violations().sort()).toEqual(
      [
        `feature-imports-no-feature: packages/web/src/features/${FEATURE}/pages/page.tsx → packages/web/src/features/${OTHER_FEATURE}/api/calls.ts`,
        `module-through-entry-points: packages/server/src/modules/${MODULE}/${MODULE}.routes.ts → packages/server/src/modules/${OTHER_MODULE}/${OTHER_MODULE}.helpers.ts`,
      ].sort(),
    );
  });
});
