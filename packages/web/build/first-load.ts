import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compressed } from './precompress';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The landing page's module: `/` shows it, so its chunk is part of the first load. */
export const LANDING_PAGE = 'src/features/landing/pages/landing-page.tsx';

/**
 * The files a browser loads for `/` before the page is complete: the entry chunk (index.html's
 * script), every chunk it imports statically, their CSS, and the same for the landing page's
 * chunk. Lazy routes, modals and forms are not part of it.
 */
export function firstLoadFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit(LANDING_PAGE);
  return [...files];
}

/** Each first-load file of the build in `dist` with its size raw and brotli-compressed. */
export function firstLoad(dist: string): { file: string; raw: number; br: number }[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  return firstLoadFiles(manifest).map((file) => {
    const data = readFileSync(join(dist, file));
    return { file, raw: data.length, br: compressed(data).br.length };
  });
}
