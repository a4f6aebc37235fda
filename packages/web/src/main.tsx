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
preloadPage(window.location.pathname).then(render, render);
