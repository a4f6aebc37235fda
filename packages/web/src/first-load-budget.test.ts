import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLoad, type ManifestChunk, staticFiles } from '../build/first-load';

/**
 * What a phone downloads for / (decision 059), compressed as the server sends it: the entry chunk,
 * its static imports, their CSS and the landing page's chunk, from a fresh production build. A
 * careless import (a library in the entry, a stylesheet of everything) fails here, not in a
 * benchmark. Sizes only: timings belong to `npm run bench`. The line is today's figure with
 * React 19 (decision 113), the error texts of the activities and the server apart from the
 * client's, and a little room, so any growth is noticed.
 */
const BUDGET_BYTES = 106 * 1024;

const root = join(__dirname, '..');
let outDir: string;
let files: ReturnType<typeof firstLoad>;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'fogata-web-build-'));
  // Vitest runs with NODE_ENV=test, which would build React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  files = firstLoad(outDir);
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the first load of /', () => {
  it(`stays under ${BUDGET_BYTES / 1024} KB compressed`, () => {
    const total = files.reduce((sum, f) => sum + f.br, 0);
    const detail = [...files]
      .sort((a, b) => b.br - a.br)
      .map((f) => `${f.file}: ${(f.br / 1024).toFixed(1)} KB`)
      .join('\n');
    expect(total, `${(total / 1024).toFixed(1)} KB:\n${detail}`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('carries neither zod, nor the forms, nor the dialogs', () => {
    const names = files.map((f) => f.file).join(' ');
    expect(names).not.toMatch(/zod|Form-|Modal|form-modal|bootstrap-rest/);
    expect(files.some((f) => f.file.endsWith('.css'))).toBe(true);
  });

  it('draws /login without zod: the form loads its checks when first used (decision 029)', () => {
    const manifest = JSON.parse(
      readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const login = 'src/features/auth/pages/login-page.tsx';
    const hasZod = (file: string) => readFileSync(join(outDir, file), 'utf8').includes('ZodError');
    const statics = staticFiles(manifest, [login]);
    expect(statics.length).toBeGreaterThan(1);
    expect(statics.filter(hasZod)).toEqual([]);
    // …and zod is still there, behind the form's first use.
    const behind = staticFiles(manifest, manifest[login]?.dynamicImports ?? []);
    expect(behind.some(hasZod)).toBe(true);
  });

  it('draws the public pages without zod: their labels come apart from the schemas', () => {
    const manifest = JSON.parse(
      readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const hasZod = (file: string) => readFileSync(join(outDir, file), 'utf8').includes('ZodError');
    for (const page of [
      'src/features/landing/pages/landing-page.tsx',
      'src/features/posts/pages/post-list-page.tsx',
      'src/features/posts/pages/post-detail-page.tsx',
      'src/features/whoweare/pages/who-we-are-page.tsx',
    ]) {
      expect(staticFiles(manifest, [page]).filter(hasZod), page).toEqual([]);
    }
  });

  it('paints the shell without waiting for a stylesheet: its rules inline, the sheet preloaded', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('.app-navbar{');
    expect(inline).toContain('.hero{');
    expect(inline).not.toMatch(/\.(modal|card|form-control)\b/);
    expect(html).toMatch(
      /<link rel="preload" as="style" crossorigin href="\/assets\/index-[\w-]+\.css" data-fogata-css>/,
    );
  });

  it('asks for the entry script at low priority, after the styles and the image (decision 030)', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(
      /<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/,
    );
    expect(html).not.toMatch(/<script type="module" crossorigin/);
  });

  it('formats no date with Intl: its first DateTimeFormat costs a phone ~80 ms (lib/format-date.ts)', () => {
    const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const withIntl = scripts.filter((f) =>
      readFileSync(join(outDir, 'assets', f), 'utf8').includes('Intl.DateTimeFormat'),
    );
    expect(withIntl).toEqual([]);
  });
});
