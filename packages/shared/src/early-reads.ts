import { albumGridMath } from './album-grid.js';
import { LIMITS, ROLES } from './limits.js';
import { can } from './permissions.js';

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
 * The album page's texts that its inline script draws too (decision 207): one copy, for the app
 * and the script. `downloadHelp` refers to nothing outside itself: the script carries its source.
 */
export const ALBUM_PAGE_TEXTS = {
  back: 'Volver a la galería',
  download: 'Descargar álbum',
  downloadHelp: (n: number) =>
    n === 1 ? 'Un archivo ZIP con 1 foto.' : `Un archivo ZIP con ${n} fotos.`,
};

/**
 * The roles whose album page the inline script draws before the app: those whose page holds
 * nothing but the album, its download and its photos. A manager's has the draft bar and the
 * faces to review, which only the app draws.
 */
export const EARLY_DRAWN_ROLES = ROLES.filter(
  (role) =>
    can(role, 'album:download') && !can(role, 'gallery:review') && !can(role, 'faces:review'),
);

/** The global the app sets as it starts: from then on the page is the app's to draw. */
export const APP_STARTED_GLOBAL = '__fogataAppStarted';

/**
 * The inline script of /album/{id} (decision 038): with a session, it asks for the album and its
 * first page of photos at once, keeps the promises (and the answers, once come) for the app, and
 * preloads the first row's thumbnails as soon as the page of photos comes. A read that fails
 * leaves undefined, and the app asks again as usual (its errors, a 401's sign-out).
 *
 * Then, for a member (EARLY_DRAWN_ROLES), it draws the page's header and the photos on screen
 * the way the app's first drawing has them (decision 207): the same markup and classes, the
 * grid's geometry from the same code (album-grid.ts), so nothing moves when the app draws over
 * it. It applies the page's stylesheets first (the app finds them applied), and draws nothing
 * once the app has started, for a draft, an album for some sections (their badges are the app's),
 * an empty album or a photo open in the address. Fixed text: the CSP names its hash.
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
    var payload = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));
    if (${JSON.stringify(EARLY_DRAWN_ROLES)}.indexOf(payload.role) < 0) return;
    if (!(payload.exp * 1000 > Date.now()) || location.search) return;
    var texts = {
      back: ${JSON.stringify(ALBUM_PAGE_TEXTS.back)},
      download: ${JSON.stringify(ALBUM_PAGE_TEXTS.download)},
      downloadHelp: ${ALBUM_PAGE_TEXTS.downloadHelp.toString()}
    };
    var parsed = new Promise(function (done) {
      if (document.readyState !== "loading") return done();
      document.addEventListener("readystatechange", done, { once: true });
    });
    var started = function () { return window[${JSON.stringify(APP_STARTED_GLOBAL)}]; };
    Promise.all([reads[paths[0]], reads[paths[1]], parsed])
      .then(function (both) {
        if (started() || !drawable(both[0], both[1])) return;
        return Promise.all(applyStyles()).then(function () {
          if (!started()) draw(both[0], both[1]);
        });
      })
      .catch(function () {});
  } catch (e) {}

  function drawable(album, photos) {
    return album && album.published !== false && Array.isArray(album.audience) &&
      album.audience.length === 0 && Array.isArray(photos) && photos.length > 0;
  }

  // The page's stylesheets, preloaded by the server, applied where the app would apply them:
  // the entry's where its preload is, the page's own after it, at the end of the head.
  function applyStyles() {
    var links = document.querySelectorAll('link[rel="preload"][as="style"]');
    return Array.prototype.map.call(links, function (preload) {
      var href = preload.getAttribute("href");
      if (document.querySelector('link[rel="stylesheet"][href="' + href + '"]')) return null;
      var sheet = document.createElement("link");
      sheet.rel = "stylesheet";
      sheet.setAttribute("href", href);
      if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
      if (preload.hasAttribute("data-fogata-css")) preload.after(sheet);
      else document.head.appendChild(sheet);
      return new Promise(function (done) { sheet.onload = done; sheet.onerror = done; });
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function draw(album, photos) {
    var box = document.querySelector("#root main .container-lg");
    if (!box) return;
    var grid = (${albumGridMath.toString()})();
    var section = el("section", "pb-5");
    var back = el("p", "mb-2");
    var link = el("a", "small", "\\u2190 " + texts.back);
    link.href = "/gallery";
    back.appendChild(link);
    section.appendChild(back);
    section.appendChild(el("h1", "h2 mb-2 text-break", album.title));
    if (album.description) {
      section.appendChild(el("p", "lead text-body-secondary text-break album-description", album.description));
    }
    if (album.photos_count > 0) {
      var download = el("div", "d-flex flex-wrap align-items-center gap-2 mb-3");
      download.appendChild(el("span", "btn btn-outline-dark btn-sm", texts.download));
      download.appendChild(el("small", "text-body-secondary", texts.downloadHelp(album.photos_count)));
      section.appendChild(download);
    }
    var rows = el("div", "photo-rows-virtual");
    // Photos without their names and buttons yet: the app's, a moment later, are what to read.
    rows.setAttribute("aria-hidden", "true");
    section.appendChild(el("div", "mt-3")).appendChild(rows);
    // The shell's footer sits at the foot of the screen; the album would push it off, a shift
    // of the page. It goes until the app draws its own below the grid.
    var footer = document.querySelector("#root footer");
    if (footer) footer.style.display = "none";
    box.textContent = "";
    box.appendChild(section);
    var width = rows.clientWidth;
    if (!width) return;
    var aspects = photos.map(function (p) { return p.width > 0 && p.height > 0 ? p.width / p.height : 1; });
    var layout = grid.gridLayout(aspects, width, Math.max(album.photos_count, photos.length), function (items) {
      return grid.tileBodyHeight(items.map(function (i) { return photos[i].description; }));
    });
    rows.style.height = layout.height + "px";
    var range = grid.rowsNear(layout, -rows.getBoundingClientRect().top, window.innerHeight, 0);
    for (var r = range[0]; r <= Math.min(range[1], layout.rows.length - 1); r++) {
      var row = layout.rows[r];
      var line = el("div", "photo-row");
      line.style.top = layout.tops[r] + "px";
      line.style.height = layout.heights[r] + "px";
      row.items.forEach(function (i) {
        var item = el("div", "photo-rows-item");
        if (row.full) item.style.flex = aspects[i] + " 1 0px";
        else { item.style.flex = "none"; item.style.width = aspects[i] * row.height + "px"; }
        item.appendChild(card(photos[i], layout.heights[r] - row.height));
        line.appendChild(item);
      });
      rows.appendChild(line);
    }
  }

  // A photo's card as the app's first drawing has it, its buttons still to come with the app.
  function card(photo, below) {
    var tile = el("div", "h-100 shadow-sm border-0 overflow-hidden photo-tile card");
    var open = el("button", "border-0 p-0 bg-transparent d-block w-100");
    open.type = "button";
    open.tabIndex = -1;
    var media = el("div", "media-box");
    media.style.aspectRatio = String(photo.width && photo.height ? photo.width / photo.height : 4 / 3);
    if (photo.placeholder) {
      var blur = el("img", "media-box-placeholder");
      blur.src = photo.placeholder;
      blur.alt = "";
      blur.setAttribute("aria-hidden", "true");
      media.appendChild(blur);
    }
    var image = el("img", "media-box-image is-loaded");
    image.alt = "";
    if (photo.width) image.width = photo.width;
    if (photo.height) image.height = photo.height;
    image.fetchPriority = "high";
    image.style.objectFit = "cover";
    image.src = photo.thumb_url;
    media.appendChild(image);
    open.appendChild(media);
    tile.appendChild(open);
    var body = el("div", "p-2 d-flex flex-column gap-2 photo-tile-body card-body");
    body.style.height = below + "px";
    tile.appendChild(body);
    return tile;
  }
})();`;
