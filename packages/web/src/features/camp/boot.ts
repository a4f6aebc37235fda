import { MARKS_KEY, PACKS_KEY } from './keys';

/*
 * The camp's hooks into the app's start and the session's end. They stay on the first load
 * (tiny: a look at localStorage), and load the camp's code only when a pack or a waiting mark
 * is kept in this browser.
 */

/** Whether anything of the camp is kept here: a pack, or marks waiting to be sent. */
export const hasCampData = () =>
  localStorage.getItem(PACKS_KEY) !== null || localStorage.getItem(MARKS_KEY) !== null;

const offline = () => import('./later');

/**
 * On every start of the app and change of session: wipe what is due, send what waits. (Both
 * hooks run only in the browser: from an effect, and when a session ends.)
 */
export function campAppStart(userId: number | null): void {
  if (hasCampData()) void offline().then((m) => m.onAppStart(userId));
}

/**
 * When the session ends (sign-out, expiry, a rejected token): every pack goes, after the
 * scouter's waiting marks are sent with the ending session's `token` if the network allows.
 */
export function campSessionEnd(userId: number | null, token: string | null): void {
  if (hasCampData()) void offline().then((m) => m.onSessionEnd(userId, token));
}
