import type { onSessionEnd as end, onAppStart as start } from './offline';

/*
 * The camp's code one hop away from the first load: boot.ts imports this small chunk, which then
 * imports the rest. Imported straight from boot.ts, the list of the rest's files (which the
 * bundler writes beside each lazy import) would weigh on every visitor's first load.
 */

export const onAppStart: typeof start = (userId) =>
  import('./offline').then((m) => m.onAppStart(userId));

export const onSessionEnd: typeof end = (userId, token) =>
  import('./offline').then((m) => m.onSessionEnd(userId, token));
