import { hasCampData } from './lib/pack-index';

/*
 * The camp's hooks into the app's start and the session's end. They stay on the first load
 * (tiny: a look at localStorage), and load the camp's code only when a pack or a waiting mark
 * is kept in this browser.
 */

const offline = () => import('./offline');

/** On every start of the app and change of session: wipe what is due, send what waits. */
export function campAppStart(userId: number | null): void {
  if (typeof window === 'undefined' || !hasCampData()) return;
  void offline().then((m) => m.onAppStart(userId));
}

/**
 * When the session ends (sign-out, expiry, a rejected token): every pack goes, after the
 * scouter's waiting marks are sent with the ending session's `token` if the network allows.
 */
export function campSessionEnd(userId: number | null, token: string | null): void {
  if (typeof window === 'undefined' || !hasCampData()) return;
  void offline().then((m) => m.onSessionEnd(userId, token));
}
