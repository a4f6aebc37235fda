import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { campWorker } from './build/camp-worker';
import { inlineShellCss } from './build/critical-css';
import { precompress } from './build/precompress';
import { lowPriorityScripts } from './build/script-priority';

/** Modules of the app and of its UI libraries that pages may share (see build.codeSplitting). */
const SHARED_PIECES =
  /packages[\\/]web[\\/]src[\\/](components|lib)[\\/]|node_modules[\\/](react-bootstrap|@restart|dom-helpers|@tanstack|uncontrollable|classnames|prop-types)[\\/]/;
/** What only managers' forms and dialogs use: never in the shared file. */
const NOT_SHARED =
  /Modal|Form|Offcanvas|Overlay|Dropdown|Tab|Toast|Popover|Tooltip|Transition|Fade|Collapse|zod|hook-form|image-compression|image-field|file-picker|confirm-modal/i;

/**
 * The server's render of the public pages (`vite build --ssr`, src/entry-server.tsx): the same
 * components for Node, into dist-server/, which the server imports. Its libraries stay in
 * node_modules, as the server's own do.
 */
const serverRender = defineConfig({
  plugins: [react()],
  // react-bootstrap's deep imports (react-bootstrap/Col) are folders Node's ES loader will not
  // open: it is bundled, with its own helpers.
  ssr: {
    noExternal: [
      'react-bootstrap',
      '@restart/ui',
      '@restart/hooks',
      'dom-helpers',
      'uncontrollable',
      'react-transition-group',
    ],
  },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});

const browserApp = defineConfig({
  // The camp's service worker (sw.js) is written before the copies are compressed.
  plugins: [react(), inlineShellCss(), lowPriorityScripts(), campWorker(), precompress()],
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions: dart-sass warns about
      // every use. Our own files are plain CSS.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions'],
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  preview: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  // The manifest says which files each page loads: the server's page hints and the first-load
  // budget test read it.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first screen runs comes as one file instead of six: each request costs a
        // round trip and its headers on a phone (decision 059). Pages keep their own chunks.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            // What the landing's cards draw with, apart from the shared file below: the landing
            // then loads no more than these (decision 113).
            {
              name: 'cards',
              test: /packages[\\/]web[\\/]src[\\/](components[\\/](image-with-placeholder|local-date|skeleton-card)|lib[\\/](format-date|use-hydrated))\./,
            },
            // The small pieces most pages share (cards, images, dates, alerts, likes) in one
            // file rather than a dozen; never the forms and dialogs, which stay with whoever
            // opens them.
            {
              name: 'shared',
              minShareCount: 3,
              test: (id) => SHARED_PIECES.test(id) && !NOT_SHARED.test(id),
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRender : browserApp));
