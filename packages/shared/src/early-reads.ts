import { LIMITS } from './limits.js';

/**
 * The API reads an album's page starts with (the album, then its first page of photos), as the
 * web app asks for them (without /api). Members-only: they cannot travel in the page as the
 * public pages' answers do (decision 021), so the page's inline script starts them with the
 * member's own token before the app's scripts have loaded (decision 038).
 */
export function albumFirstReads(albumId: number | string): string[] {
  return [`/albums/${albumId}`, `/photos/album/${albumId}?page=1&limit=${LIMITS.photosPageSize}`];
}

/** The window property where the inline script leaves its reads: path → Promise of the JSON. */
export const EARLY_READS_GLOBAL = '__fogataEarlyReads';
/** And where it leaves the answers already come (path → JSON), for the app's first render. */
export const EARLY_ANSWERS_GLOBAL = '__fogataEarlyAnswers';

/**
 * How many of the first photos' thumbnails the script asks for at once: a phone's first row. On
 * a slow link every byte asked before the app's scripts delays them, and the page draws nothing
 * until they run; the rest of the first screen is asked for as the app draws it.
 */
export const FIRST_THUMBNAILS = 2;

/**
 * The inline script of /album/{id} (decision 038): with a session, it asks for the album and its
 * first page of photos at once, keeps the promises (and the answers, once come) for the app, and
 * preloads the first row's thumbnails as soon as the page of photos comes. A read that fails
 * leaves undefined, and the app asks again as usual (its errors, a 401's sign-out). Fixed text:
 * the CSP names its hash.
 */
export const ALBUM_EARLY_SCRIPT = `(function () {
  try {
    var token = localStorage.getItem(${JSON.stringify(LIMITS.tokenStorageKey)});
    var match = /^\\/album\\/([1-9]\\d{0,8})$/.exec(location.pathname);
    if (!token || !match || !window.fetch) return;
    var id = match[1];
    var reads = (window[${JSON.stringify(EARLY_READS_GLOBAL)}] = {});
    var answers = (window[${JSON.stringify(EARLY_ANSWERS_GLOBAL)}] = {});
    var paths = ["/albums/" + id, "/photos/album/" + id + "?page=1&limit=${LIMITS.photosPageSize}"];
    paths.forEach(function (path, i) {
      reads[path] = fetch("/api" + path, { headers: { Authorization: "Bearer " + token } })
        .then(function (res) { return res.ok ? res.json() : undefined; })
        .then(function (body) {
          if (body !== undefined) answers[path] = body;
          if (i === 1 && Array.isArray(body)) {
            body.slice(0, ${FIRST_THUMBNAILS}).forEach(function (photo) {
              var link = document.createElement("link");
              link.rel = "preload";
              link.as = "image";
              link.href = photo.thumb_url;
              link.fetchPriority = "high";
              document.head.appendChild(link);
            });
          }
          return body;
        })
        .catch(function () { return undefined; });
    });
  } catch (e) {}
})();`;
