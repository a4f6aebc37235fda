import './styles/bootstrap-base.scss';
import './styles.css';
import { APP_STARTED_GLOBAL, LIMITS } from '@fogata/shared';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';
import { pageJson } from './lib/page-data';
import { createQueryClient } from './lib/query-client';

// From here on the page is the app's: the album page's inline script no longer draws into it.
(window as unknown as Record<string, unknown>)[APP_STARTED_GLOBAL] = true;
const container = document.getElementById('root')!;
const queryClient = createQueryClient();

// The query cache's state the server's render of a public page ended with (entry-server.tsx):
// the page's data as a visitor reads it, and the group's configuration.
const state = pageJson<DehydratedState>('fogata-state') ?? null;
// A reader with a session gets their own view (drafts, likes, a family's own copies of public
// images): React draws it over the visitor's page instead of hydrating the visitor's. What is
// the same for everyone (the configuration, the sections) still comes from the page.
const visitor = !localStorage.getItem(LIMITS.tokenStorageKey);
const hydrating = state !== null && visitor;
if (state) {
  const sameForEveryone = new Set(['config', 'sections']);
  // The page was checked against the database's version when it was sent: its data is as fresh
  // as a read made now, not as old as the render the server kept.
  const now = Date.now();
  hydrate(queryClient, {
    ...state,
    queries: state.queries
      .filter((q) => hydrating || sameForEveryone.has(String(q.queryKey[0])))
      .map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  });
}

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// The page stays as the server sent it until React has it (decision 013): its chunk, hinted by
// the server, is usually there already, and its first answers came in the page, so React draws
// (or hydrates) it once, in full, instead of a spinner first. As a transition, the render yields
// to the browser every few milliseconds instead of holding it for the whole page.
const render = () =>
  startTransition(() => {
    if (hydrating) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });

/**
 * The entry's whole stylesheet: the server inlines only what the page's markup uses and preloads
 * the rest (build/critical-css.ts); it goes in where the preload is, before any page's own styles.
 */
function loadStyles(): Promise<unknown>[] {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[data-fogata-css]');
  return [...preloads].map(
    (preload) =>
      new Promise((done) => {
        // The album page's inline script may have applied it already (decision 207).
        const href = preload.getAttribute('href');
        const applied = document.querySelector<HTMLLinkElement>(
          `link[rel="stylesheet"][href="${href}"]`,
        );
        if (applied?.sheet) return done(undefined);
        if (applied) {
          applied.addEventListener('load', done);
          applied.addEventListener('error', done);
          return;
        }
        const sheet = document.createElement('link');
        sheet.rel = 'stylesheet';
        sheet.href = preload.href;
        if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
        sheet.onload = done;
        sheet.onerror = done;
        preload.after(sheet);
      }),
  );
}

const styles = loadStyles();
// The page's route is found in a task of its own: matching the whole route table is slow on a
// phone, and evaluating the entry just before is already a long task: two in one would hold the
// first paint.
const page = new Promise((next) => setTimeout(next)).then(() =>
  preloadPage(window.location.pathname),
);
void Promise.allSettled([...styles, page]).then(render);
