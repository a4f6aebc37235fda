import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** One chunk of Vite's manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** What the camp pages load lazily besides their own chunk (the router's lazyPage). */
const CAMP_ROOTS = [
  'src/features/camp/pages/camp-pack-page.tsx',
  'src/features/camp/pages/camp-roll-page.tsx',
  'src/styles/bootstrap-rest.scss',
];
/** The camp's own code, whose lazy imports the offline pages need too. */
const CAMP_CODE = /^src\/features\/camp\//;

/** `key`'s files with everything it imports statically, and the camp's lazy imports. */
function collect(manifest: Manifest, key: string, into: Set<string>, seen = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  into.add(chunk.file);
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) into.add(file);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, into, seen);
  for (const lazy of chunk.dynamicImports ?? []) {
    if (CAMP_CODE.test(lazy)) collect(manifest, lazy, into, seen);
  }
}

/**
 * The files the camp pages need with no signal: the entry (the app's shell, its styles, fonts
 * and images), the pack's and the roll's chunks with what they import, and the rest of
 * Bootstrap's styles. Absolute URLs, sorted.
 */
export function campAssets(manifest: Manifest): string[] {
  const files = new Set<string>();
  collect(manifest, 'index.html', files);
  for (const root of CAMP_ROOTS) collect(manifest, root, files);
  return [...files].map((file) => `/${file}`).sort();
}

/**
 * The worker's source: it keeps the shell (a signed-in page as the server sends it) and `assets`
 * in a cache named after them, so a new build gets a new cache and the old one goes. It never
 * keeps an API answer or a media file: the camp's data lives only in IndexedDB, which the app
 * wipes. Navigations go to the network first (the public pages are drawn by the server); only
 * with no answer at all does the kept shell stand in.
 */
export function campWorkerSource(assets: string[]): string {
  const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
  return `// Fogata's camp worker: made by the web build (build/camp-worker.ts), not by hand.
const CACHE = 'fogata-shell-${version}';
const SHELL = '/__fogata-shell';
const SHELL_FROM = '/actividades';
const ASSETS = ${JSON.stringify(assets)};
const KEPT = new Set(ASSETS);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(ASSETS);
      const shell = await fetch(SHELL_FROM, { headers: { accept: 'text/html' }, cache: 'no-store' });
      if (!shell.ok) throw new Error('shell ' + shell.status);
      await cache.put(SHELL, shell);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('fogata-shell-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The API and the media always go to the network, and are never kept here.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => {
        const shell = await caches.match(SHELL, { cacheName: CACHE, ignoreVary: true });
        return shell || Response.error();
      }),
    );
    return;
  }
  if (KEPT.has(url.pathname)) {
    event.respondWith(
      caches
        .match(url.pathname, { cacheName: CACHE, ignoreVary: true })
        .then((kept) => kept || fetch(request)),
    );
  }
});
`;
}

/** Writes dist/sw.js from the build's manifest, once the bundle (and the manifest) is written. */
export function campWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fogata-camp-worker',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const manifest = JSON.parse(
        readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Manifest;
      writeFileSync(join(outDir, 'sw.js'), campWorkerSource(campAssets(manifest)));
    },
  };
}
