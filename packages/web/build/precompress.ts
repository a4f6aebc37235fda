import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files worth compressing: text (scripts, styles, markup, SVG, JSON, source maps). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Smaller files go as they are: a compressed copy would save less than its headers cost. */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** The brotli (quality 11) and gzip (level 9) bytes of `data`: as small as they get. */
export function compressed(data: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz: gzipSync(data, { level: 9 }),
  };
}

/**
 * Writes `file.br` and `file.gz` beside each text file of the build, once, at the highest
 * settings: the server sends them as they are to whoever accepts them (@fastify/static's
 * preCompressed), so no request pays for compressing a file that never changes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fogata-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      for (const file of files(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${join(outDir, '.vite')}`)) continue;
        if (statSync(file).size < MIN_BYTES) continue;
        const { br, gz } = compressed(readFileSync(file));
        writeFileSync(`${file}.br`, br);
        writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
