import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { campAssets, campWorkerSource } from '../../../build/camp-worker';

// The camp's service worker as the build writes it (build/camp-worker.ts): its list of files from
// Vite's manifest, and what it answers from its cache — the shell and those files, never an API
// answer or a media file.

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    css: ['assets/index-1.css'],
    assets: ['assets/font-1.woff2'],
    imports: ['_shared.js'],
    dynamicImports: ['src/features/camp/offline.ts', 'src/features/gallery/pages/album-page.tsx'],
  },
  '_shared.js': { file: 'assets/shared-1.js' },
  'src/features/camp/offline.ts': { file: 'assets/offline-1.js', imports: ['_shared.js'] },
  'src/features/gallery/pages/album-page.tsx': { file: 'assets/album-page-1.js' },
  'src/features/camp/pages/camp-pack-page.tsx': {
    file: 'assets/camp-pack-page-1.js',
    imports: ['_shared.js', '_form.js'],
  },
  '_form.js': { file: 'assets/Form-1.js' },
  'src/features/camp/pages/camp-roll-page.tsx': { file: 'assets/camp-roll-page-1.js' },
  'src/styles/bootstrap-rest.scss': { file: 'assets/bootstrap-rest-1.css' },
  'src/features/posts/pages/post-list-page.tsx': { file: 'assets/post-list-page-1.js' },
};

describe('campAssets', () => {
  it('is the entry, the camp pages and their imports, the camp’s lazy code and the rest of the styles', () => {
    expect(campAssets(MANIFEST)).toEqual([
      '/assets/Form-1.js',
      '/assets/bootstrap-rest-1.css',
      '/assets/camp-pack-page-1.js',
      '/assets/camp-roll-page-1.js',
      '/assets/font-1.woff2',
      '/assets/index-1.css',
      '/assets/index-1.js',
      '/assets/offline-1.js',
      '/assets/shared-1.js',
    ]);
  });
});

type Listener = (event: {
  request?: { method: string; url: string; mode: string };
  respondWith?: (answer: Promise<unknown>) => void;
  waitUntil?: (work: Promise<unknown>) => void;
}) => void;

/** Runs the worker's source with a stand-in `self`, cache and network (up or down). */
function worker(networkUp: boolean) {
  const listeners: Record<string, Listener> = {};
  const cache = new Map<string, string>();
  const fetched: string[] = [];
  const network = async (input: string | { url: string }) => {
    const url = typeof input === 'string' ? input : input.url;
    fetched.push(url);
    if (!networkUp) throw new TypeError('Failed to fetch');
    return { ok: true, status: 200, body: `red:${url}` };
  };
  const caches = {
    open: async () => ({
      addAll: async (urls: string[]) => {
        for (const url of urls) cache.set(url, `kept:${url}`);
      },
      put: async (key: string, response: { body: string }) => cache.set(key, response.body),
    }),
    match: async (key: string) => (cache.has(key) ? { body: cache.get(key) } : undefined),
    keys: async () => [],
    delete: async () => true,
  };
  const self = {
    location: { origin: 'https://grupo.example' },
    addEventListener: (name: string, listener: Listener) => {
      listeners[name] = listener;
    },
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  runInNewContext(campWorkerSource(campAssets(MANIFEST)), {
    self,
    caches,
    fetch: network,
    URL,
    Set,
    Response: { error: () => ({ body: 'error' }) },
  });
  const install = async () => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.install!({ waitUntil: (w) => (work = w) });
    await work;
  };
  /** What the worker answers for a request, or 'network' when it lets the browser go on. */
  const answer = async (path: string, mode = 'cors', method = 'GET') => {
    let response: Promise<unknown> | null = null;
    listeners.fetch!({
      request: { method, url: `https://grupo.example${path}`, mode },
      respondWith: (r) => (response = r),
    });
    return response ? ((await response) as { body: string }).body : 'network';
  };
  return { install, answer, cache, fetched };
}

describe('the worker', () => {
  it('on install keeps the camp’s files and a signed-in page’s shell, nothing else', async () => {
    const w = worker(true);
    await w.install();
    expect([...w.cache.keys()]).toEqual([...campAssets(MANIFEST), '/__fogata-shell']);
    expect(w.cache.get('/__fogata-shell')).toBe('red:/actividades');
  });

  it('never answers an API call or a media file, online or not', async () => {
    const w = worker(false);
    await w.install().catch(() => {});
    expect(await w.answer('/api/activities/5/camp-pack')).toBe('network');
    expect(await w.answer('/api/activities/5/attendance', 'cors', 'POST')).toBe('network');
    expect(await w.answer('/media/p/abc.webp')).toBe('network');
    expect(await w.answer('/assets/album-page-1.js')).toBe('network');
  });

  it('pages come from the network while there is one, the kept shell when there is none', async () => {
    const online = worker(true);
    await online.install();
    expect(await online.answer('/actividades/5/campamento', 'navigate')).toBe(
      'red:https://grupo.example/actividades/5/campamento',
    );
    expect(await online.answer('/assets/index-1.js')).toBe('kept:/assets/index-1.js');

    const offline = worker(true);
    await offline.install();
    const cut = worker(false);
    // The same cache, the network gone.
    for (const [key, value] of offline.cache) cut.cache.set(key, value);
    expect(await cut.answer('/actividades/5/lista', 'navigate')).toBe('red:/actividades');
    expect(await cut.answer('/news', 'navigate')).toBe('red:/actividades');
    expect(await cut.answer('/assets/camp-roll-page-1.js')).toBe(
      'kept:/assets/camp-roll-page-1.js',
    );
  });
});
