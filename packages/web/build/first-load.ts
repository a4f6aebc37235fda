import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressed } from './precompress';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The landing page's module: `/` shows it, so its chunk is part of the first load. */
export const LANDING_PAGE = 'src/features/landing/pages/landing-page.tsx';

/** The chunk files `keys` load statically (themselves, their static imports, and with `css` their stylesheets). */
export function staticFiles(
  manifest: Record<string, ManifestChunk>,
  keys: string[],
  { css = false } = {},
): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    if (css) for (const sheet of chunk.css ?? []) files.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/**
 * The files a browser loads for `/` before the page is complete: the entry chunk (index.html's
 * script), every chunk it imports statically, their CSS, and the same for the landing page's
 * chunk. Lazy routes, modals and forms are not part of it.
 */
export function firstLoadFiles(manifest: Record<string, ManifestChunk>): string[] {
  return staticFiles(manifest, ['index.html', LANDING_PAGE], { css: true });
}

/** Each first-load file of the build in `dist` with its size raw and brotli-compressed. */
export function firstLoad(dist: string): { file: string; raw: number; br: number }[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  return firstLoadFiles(manifest).map((file) => {
    const data = readFileSync(join(dist, file));
    return { file, raw: data.length, br: compressed(data).br.length };
  });
}
