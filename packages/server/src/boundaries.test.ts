import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The feature and module boundaries are one rule each in .dependency-cruiser.mjs, written over
 * the folder a file is in: a folder added under features/ or modules/ is held by it the day it
 * appears, with nothing to copy. These tests hold the rules to every folder there is today.
 */

interface PathRule {
  path: string | string[];
  pathNot?: string | string[];
}
interface Rule {
  name: string;
  from: PathRule;
  to: PathRule;
}

const root = new URL('../../../', import.meta.url);
const configUrl = new URL('.dependency-cruiser.mjs', root).href;
const config: { forbidden: Rule[] } = (await import(configUrl)).default;

const list = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Whether `rule` forbids `from` importing `to`, as dependency-cruiser reads it ($1: from's group). */
function forbids(ruleName: string, from: string, to: string): boolean {
  const rule = config.forbidden.find((r) => r.name === ruleName);
  if (!rule) throw new Error(`No rule ${ruleName}`);
  const fromMatch = list(rule.from.path)
    .map((path) => new RegExp(path).exec(from))
    .find(Boolean);
  if (!fromMatch || list(rule.from.pathNot).some((path) => new RegExp(path).test(from))) {
    return false;
  }
  const withGroups = (path: string) =>
    path.replace(/\$(\d)/g, (_, n) => fromMatch[Number(n)] ?? '');
  return (
    list(rule.to.path).some((path) => new RegExp(withGroups(path)).test(to)) &&
    !list(rule.to.pathNot).some((path) => new RegExp(withGroups(path)).test(to))
  );
}

const folders = (path: string) =>
  readdirSync(new URL(path, root), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the boundaries rules', () => {
  const features = folders('packages/web/src/features/');
  const modules = folders('packages/server/src/modules/');

  it('hold every feature apart from every other, each free inside itself', () => {
    expect(features).toContain('faces');
    for (const feature of features) {
      const file = `packages/web/src/features/${feature}/pages/page.tsx`;
      expect(
        forbids(
          'feature-imports-no-feature',
          file,
          `packages/web/src/features/${feature}/texts.ts`,
        ),
      ).toBe(false);
      for (const other of features.filter((name) => name !== feature)) {
        expect(
          forbids(
            'feature-imports-no-feature',
            file,
            `packages/web/src/features/${other}/api/calls.ts`,
          ),
          `${feature} → ${other}`,
        ).toBe(true);
      }
    }
  });

  it('let a module reach another only through its service and the shared pieces', () => {
    for (const module of modules) {
      const file = `packages/server/src/modules/${module}/${module}.routes.ts`;
      const rule = 'module-through-entry-points';
      expect(
        forbids(rule, file, `packages/server/src/modules/${module}/${module}.repository.ts`),
      ).toBe(false);
      for (const other of modules.filter((name) => name !== module)) {
        const inOther = `packages/server/src/modules/${other}/`;
        expect(forbids(rule, file, `${inOther}${other}.service.ts`), `${module} → ${other}`).toBe(
          false,
        );
        expect(forbids(rule, file, `${inOther}${other}.helpers.ts`), `${module} → ${other}`).toBe(
          true,
        );
      }
      expect(forbids(rule, file, 'packages/server/src/modules/users/users.repository.ts')).toBe(
        false,
      );
    }
  });

  it('leave tests free to compose', () => {
    expect(
      forbids(
        'feature-imports-no-feature',
        'packages/web/src/features/posts/pages/news.test.tsx',
        'packages/web/src/features/gallery/api/calls.ts',
      ),
    ).toBe(false);
  });
});
