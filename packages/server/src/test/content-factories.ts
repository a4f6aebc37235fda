import type { ExperienceCategory } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { FACTORY_PLACEHOLDER, factoryImageKeys } from './factory-images.js';
import { multipartParts } from './images.js';

let sequence = 0;

/** A factory-made news or experience image can be served at its public URL. */
const LOOK = { width: 8, height: 6, background: '#27ae60' };

/** Image columns under `folder`; the keys point at real files only with `withFiles`. */
async function imageColumns(app: FastifyInstance, folder: string, withFiles: boolean) {
  const { key, thumbKey } = await factoryImageKeys(app, folder, withFiles, LOOK);
  return {
    image_key: key,
    image_thumb_key: thumbKey,
    image_placeholder: FACTORY_PLACEHOLDER,
    image_width: 8,
    image_height: 6,
  };
}

/** Creates a news item straight in the database (HTTP tests make real images through the API). */
export async function createNews(
  app: FastifyInstance,
  opts: { title?: string; createdAt?: string; withFiles?: boolean } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const image = await imageColumns(app, 'news', opts.withFiles ?? false);
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('news')
    .values({
      title: opts.title ?? `Noticia ${sequence}`,
      description: `Resumen de la noticia ${sequence}`,
      content: `Contenido completo de la noticia ${sequence}.`,
      ...image,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey: image.image_key, thumbKey: image.image_thumb_key };
}

/** Creates an experience straight in the database. */
export async function createExperience(
  app: FastifyInstance,
  opts: {
    title?: string;
    category?: ExperienceCategory;
    createdAt?: string;
    withFiles?: boolean;
  } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const image = await imageColumns(app, 'experiences', opts.withFiles ?? false);
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('experiences')
    .values({
      title: opts.title ?? `Experiencia ${sequence}`,
      description: `Lo que vivimos en la experiencia ${sequence}.`,
      category: opts.category ?? 'ruta',
      ...image,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey: image.image_key, thumbKey: image.image_thumb_key };
}

/**
 * Posts a news item with `picture` (PNG) as its image through the API, as the user of `headers`:
 * the real upload, faces and public copy. Answers its id.
 */
export async function postNewsWithImage(
  app: FastifyInstance,
  headers: Record<string, string>,
  picture: Buffer,
  texts: { title?: string; description?: string; content?: string } = {},
): Promise<number> {
  const body = multipartParts([
    { name: 'title', value: texts.title ?? 'Campamento de verano' },
    { name: 'description', value: texts.description ?? 'Resumen breve' },
    { name: 'content', value: texts.content ?? 'Diez días en el Pirineo.' },
    { field: 'image', filename: 'grupo.png', type: 'image/png', data: picture },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/news',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`POST /api/news: ${res.statusCode} ${res.body}`);
  return res.json().news.id;
}
