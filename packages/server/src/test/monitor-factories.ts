import type { FastifyInstance } from 'fastify';
import { FACTORY_PLACEHOLDER, factoryImageKeys } from './factory-images.js';

let sequence = 0;

/** A factory-made monitor's photo can be served at its URL. */
const LOOK = { width: 6, height: 8, background: '#2c3e50' };

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
  const { key: imageKey, thumbKey } = await factoryImageKeys(
    app,
    'monitors',
    opts.withFiles ?? false,
    LOOK,
  );
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('monitors')
    .values({
      name: opts.name ?? `Monitor ${sequence}`,
      role_description: opts.roleDescription ?? 'Scouter de Tropa',
      description: opts.description ?? null,
      image_key: imageKey,
      image_thumb_key: thumbKey,
      image_placeholder: FACTORY_PLACEHOLDER,
      image_width: 6,
      image_height: 8,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey, thumbKey };
}
