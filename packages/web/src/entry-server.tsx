// The server's render of the public pages (built by `vite build --ssr` into dist-server/ and
// imported by the server, packages/server/src/plugins/web-page.ts): the same App, routes and
// components the browser runs, drawn as a visitor without a session sees them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { escapeHtml } from '@fogata/shared';
import { dehydrate } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { PUBLIC_NAV } from './app/layout/public-nav';
import { preloadPage } from './app/router';
import { setPageDataSource } from './lib/page-data';
import { createQueryClient } from './lib/query-client';

export { criticalCss } from '../build/critical-css';

type Answers = Record<string, unknown>;

// Each render's answers, by the render's own async context: renders of different pages may
// interleave while React streams them.
const answersOfRender = new AsyncLocalStorage<Answers>();
setPageDataSource(() => answersOfRender.getStore());

/** What the server's render of a page gives: the markup inside #root and the query cache's state. */
export interface RenderedPage {
  html: string;
  /** TanStack Query's dehydrated state, as JSON: the browser's cache starts from it. */
  state: string;
}

/**
 * The page at `url` drawn by React on the server, its queries starting with `answers` (the
 * anonymous API answers the page reads first, keyed by API path without /api, e.g.
 * '/news?limit=3', '/config'), read by the server through its own services. Waits for the
 * whole page (nothing is left to a Suspense fallback), so it can be kept and sent at once.
 */
export async function renderPage(url: string, answers: Answers): Promise<RenderedPage> {
  const pathname = new URL(url, 'http://fogata.invalid').pathname;
  // The page's chunk first, as main.tsx does before hydrating: the page draws in one pass.
  await preloadPage(pathname);
  const queryClient = createQueryClient();
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const html = await answersOfRender.run(
    answers,
    () =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(Buffer.from(chunk));
            done();
          },
          final(done) {
            resolve(Buffer.concat(chunks).toString('utf8'));
            done();
          },
        });
        let failure: unknown = null;
        const stream = renderToPipeableStream(
          <StrictMode>
            <App queryClient={queryClient} router={Router} />
          </StrictMode>,
          {
            // A large boundary is otherwise sent apart and revealed by an inline script, which
            // the pages' CSP does not allow: the page is sent whole, in place.
            progressiveChunkSize: Number.POSITIVE_INFINITY,
            onAllReady() {
              if (failure) reject(failure);
              else stream.pipe(sink);
            },
            onShellError: reject,
            onError(error) {
              failure ??= error;
            },
          },
        );
      }),
  );
  const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
  return { html, state };
}

/**
 * Links to the public pages for a reader without JavaScript, whose drawer cannot open: the
 * server puts them in a <noscript> beside the page.
 */
export function publicNavHtml(): string {
  const links = PUBLIC_NAV.map(
    (entry) =>
      `<a class="nav-link text-white px-0" href="${entry.to}">${escapeHtml(entry.label)}</a>`,
  ).join('');
  return `<nav class="app-navbar" aria-label="Secciones"><div class="container-lg d-flex flex-wrap gap-3 py-1">${links}</div></nav>`;
}
