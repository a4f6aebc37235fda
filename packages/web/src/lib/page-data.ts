import { LIMITS } from '@fogata/shared';

let answers: Record<string, unknown> | undefined;

/**
 * The anonymous API answer for `path` (e.g. '/news/1') that the server wrote into the page
 * (decision 013), so the page draws with its content at once instead of asking first; undefined
 * when the page did not bring it, when it was already used (later reads go to the server), or
 * for a visitor with a session, whose answers may differ (drafts, likes): they are fetched.
 */
export function pageData<T>(path: string, sameForEveryone = false): T | undefined {
  if (answers === undefined) {
    answers = {};
    const text = document.getElementById('fogata-data')?.textContent;
    if (text) {
      try {
        answers = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // A page without usable answers: the app asks for them.
      }
    }
  }
  if (!(path in answers)) return undefined;
  const answer = answers[path] as T;
  delete answers[path];
  // `sameForEveryone`: an answer a session does not change (the sections), good for members too.
  return !sameForEveryone && localStorage.getItem(LIMITS.tokenStorageKey) ? undefined : answer;
}
