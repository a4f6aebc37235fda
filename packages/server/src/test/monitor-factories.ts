import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { newMediaKey } from '../media/storage/storage.js';

let sequence = 0;

/** A tiny real WebP, so a factory-made monitor's photo can be served at its URL. */
let tinyWebp: Promise<Buffer> | null = null;
function tinyImage(): Promise<Buffer> {
  tinyWebp ??= sharp({ create: { width: 6, height: 8, channels: 3, background: '#2c3e50' } })
    .webp()
    .toBuffer();
  return tinyWebp;
}

/**
 * Creates a monitor straight in the database, with its photo keys in the public `monitors`
 * folder; the files exist only with `withFiles` (the HTTP tests make real ones through the API).
 */
export async function createMonitor(
  app: FastifyInstance,
  opts: {
    name?: string;
    roleDescription?: string;
    description?: string | null;
    createdAt?: string;
    withFiles?: boolean;
  } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const imageKey = newMediaKey('monitors', 'webp');
  const thumbKey = newMediaKey('monitors', 'webp');
  if (opts.withFiles) {
    const data = await tinyImage();
    await app.ctx.storage.save(imageKey, data, 'image/webp');
    await app.ctx.storage.save(thumbKey, data, 'image/webp');
  }
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('monitors')
    .values({
      name: opts.name ?? `Monitor ${sequence}`,
      role_description: opts.roleDescription ?? 'Scouter de Tropa',
      description: opts.description ?? null,
      image_key: imageKey,
      image_thumb_key: thumbKey,
      image_placeholder: 'data:image/webp;base64,UklGRg==',
      image_width: 6,
      image_height: 8,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey, thumbKey };
}
