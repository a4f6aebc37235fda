import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES } from './read-cache.js';

/**
 * Compresses answers by content negotiation (brotli, else gzip) above a small size: JSON from
 * the API, and any static file the build did not compress beforehand (the web app's assets come
 * with .br and .gz copies, which @fastify/static serves as they are). Images are left alone.
 * Brotli at quality 4 costs about what gzip does and saves more; the highest qualities are for
 * build time, not for every request.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
