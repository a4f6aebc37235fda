import type { Plugin } from 'vite';

/**
 * index.html's entry script at low fetch priority (decision 030). A module script never blocks
 * the paint, and the static shell paints without it (decision 013); at its default (high)
 * priority it still competes with the stylesheets and the page's largest image on a slow link.
 * The server gives the pages' own chunks the same priority (server plugins/web-page.ts).
 */
export function lowPriorityScripts(): Plugin {
  return {
    name: 'fogata-low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module" crossorigin src=/g,
          '<script type="module" fetchpriority="low" crossorigin src=',
        ),
    },
  };
}
