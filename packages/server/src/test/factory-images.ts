import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { newMediaKey } from '../media/storage/storage.js';

/** The placeholder of an image a factory makes (the start of a WebP, inline). */
export const FACTORY_PLACEHOLDER = 'data:image/webp;base64,UklGRg==';

/** How a factory's images look: each kind its own size and colour, so a test can tell them apart. */
export interface FactoryLook {
  width: number;
  height: number;
  background: string;
}

const made = new Map<string, Promise<Buffer>>();

/** A tiny real WebP of `look`, made once per test process. */
function tinyWebp({ width, height, background }: FactoryLook): Promise<Buffer> {
  const name = `${width}x${height}${background}`;
  let image = made.get(name);
  if (!image) {
    image = sharp({ create: { width, height, channels: 3, background } })
      .webp()
      .toBuffer();
    made.set(name, image);
  }
  return image;
}

/**
 * The display and thumbnail keys under `folder` of an image a factory writes straight in the
 * database; real files behind them only with `withFiles`, so it can be served at its URL (the
 * HTTP tests make real images through the API).
 */
export async function factoryImageKeys(
  app: FastifyInstance,
  folder: string,
  withFiles: boolean,
  look: FactoryLook,
): Promise<{ key: string; thumbKey: string }> {
  const key = newMediaKey(folder, 'webp');
  const thumbKey = newMediaKey(folder, 'webp');
  if (withFiles) {
    const data = await tinyWebp(look);
    await app.ctx.storage.save(key, data, 'image/webp');
    await app.ctx.storage.save(thumbKey, data, 'image/webp');
  }
  return { key, thumbKey };
}
