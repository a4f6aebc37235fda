import { attendanceTransport } from './api';
import { hasIndexedDb } from './lib/camp-db';
import { packIndex } from './lib/pack-index';
import { registerCampWorker } from './lib/service-worker';
import { wipeDue, wipeOnSignOut } from './lib/wipe';

/* What boot.ts loads when a pack or a waiting mark is kept here. */

// One run at a time: a sign-out whose send is refused ends the session a second time.
let queue: Promise<void> = Promise.resolve();
const inTurn = (run: () => Promise<void>) => {
  queue = queue.then(run, run);
  return queue;
};

export function onAppStart(userId: number | null): Promise<void> {
  return inTurn(async () => {
    if (!hasIndexedDb()) return;
    try {
      await wipeDue(userId, attendanceTransport());
      // The worker of a pack still kept is updated with the app (a new build, new code).
      if (Object.keys(packIndex()).length > 0) void registerCampWorker();
    } catch (error) {
      console.error(error);
    }
  });
}

/** When a camp page opens: the same wipe, in turn with any other. */
export function wipeOnPageOpen(userId: number | null): Promise<void> {
  return inTurn(async () => {
    if (!hasIndexedDb()) return;
    await wipeDue(userId, attendanceTransport()).catch((error: unknown) => console.error(error));
  });
}

export function onSessionEnd(userId: number | null, token: string | null): Promise<void> {
  return inTurn(async () => {
    if (!hasIndexedDb()) return;
    try {
      await wipeOnSignOut(userId, attendanceTransport(token));
    } catch (error) {
      console.error(error);
    }
  });
}
