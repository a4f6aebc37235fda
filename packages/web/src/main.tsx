import './styles/bootstrap-base.scss';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';

const root = createRoot(document.getElementById('root')!);
// The static shell stays until React has the page (decision 013): its chunk, hinted by the
// server, is usually there already, and its first answers came in the page (lib/page-data.ts),
// so React draws it once, in full, instead of a spinner first. As a transition, the render
// yields to the browser every few milliseconds instead of holding it for the whole page.
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

/**
 * The entry's whole stylesheet: the build inlines only what the shell uses and preloads the rest
 * (build/critical-css.ts); it goes in where the preload is, before any page's own styles.
 */
function loadStyles(): Promise<unknown>[] {
  const preloads = document.querySelectorAll<HTMLLinkElement>('link[data-fogata-css]');
  return [...preloads].map(
    (preload) =>
      new Promise((done) => {
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
// phone, and evaluating the entry just before is already a long task (issue #12).
const page = new Promise((next) => setTimeout(next)).then(() =>
  preloadPage(window.location.pathname),
);
void Promise.allSettled([...styles, page]).then(render);
