import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineShellCss } from './build/critical-css';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), inlineShellCss(), precompress()],
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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
