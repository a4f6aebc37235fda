/*
 * The service worker that opens the camp pages with no signal (built by build/camp-worker.ts into
 * /sw.js). It is registered only when a pack is taken or kept here, and goes when the last pack
 * does: the rest of the app and the public pages keep working straight from the network.
 */

const SCRIPT = '/sw.js';
/** The prefix of the worker's caches (the shell and the camp's code, never an API answer). */
export const SHELL_CACHE_PREFIX = 'fogata-shell-';

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Registers the worker and waits (up to `waitMs`) until it is active, so that the camp pages
 * open offline from then on. False when the browser has none or it could not install.
 */
export async function registerCampWorker(waitMs = 20_000): Promise<boolean> {
  if (!supported()) return false;
  try {
    await navigator.serviceWorker.register(SCRIPT, { scope: '/' });
    const ready = navigator.serviceWorker.ready.then(() => true);
    const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs));
    return await Promise.race([ready, late]);
  } catch {
    // No worker (the development server, a browser that refuses it): the pack still reads
    // offline from an open tab.
    return false;
  }
}

/** Removes the worker and its caches. */
export async function unregisterCampWorker(): Promise<void> {
  if (!supported()) return;
  try {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(
      registrations
        .filter((r) => (r.active ?? r.waiting ?? r.installing)?.scriptURL.endsWith(SCRIPT))
        .map((r) => r.unregister()),
    );
    if (typeof caches !== 'undefined') {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(SHELL_CACHE_PREFIX)).map((n) => caches.delete(n)),
      );
    }
  } catch {
    // Nothing of it kept any data: what could not be removed now goes next time.
  }
}
