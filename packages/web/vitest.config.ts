import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineProject } from 'vitest/config';
import { PREACT_ALIASES } from './build/preact';

// Its exports map has no package.json entry: found from its CommonJS index.
const restartUi = join(dirname(createRequire(import.meta.url).resolve('@restart/ui')), '..', 'esm');

export default defineProject({
  resolve: {
    // The same Preact as the build (decision 089), so the tests test what ships. Libraries
    // must come as ES modules, run through these aliases: their CommonJS copies would `require`
    // the real React. @restart/ui offers Node its CommonJS copy first, so it is named here.
    alias: [
      ...PREACT_ALIASES,
      { find: /^@restart\/ui\/(.+)$/, replacement: `${restartUi}/$1.js` },
      { find: /^@restart\/ui$/, replacement: `${restartUi}/index.js` },
    ],
    mainFields: ['module', 'main'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whatever imports React runs through Vite, so that it meets the aliases above.
    server: {
      deps: {
        inline: [
          /node_modules[\\/](@testing-library[\\/]react|react-bootstrap|@restart|react-router|@tanstack|react-hook-form|@hookform|uncontrollable|react-transition-group|@react-aria)[\\/]/,
        ],
      },
    },
  },
});
