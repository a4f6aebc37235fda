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

/** Inserts a row of `table` with `texts` and a factory image, created at `createdAt` or now. */
async function insertItem(
  app: FastifyInstance,
  table: 'news' | 'experiences',
  texts: { title: string; description: string } & (
    | { content: string }
    | { category: ExperienceCategory }
  ),
  opts: { createdAt?: string; withFiles?: boolean },
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  const image = await imageColumns(app, table, opts.withFiles ?? false);
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto(table)
    .values({
      ...texts,
      ...image,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey: image.image_key, thumbKey: image.image_thumb_key };
}

/** Creates a news item straight in the database (HTTP tests make real images through the API). */
export function createNews(
  app: FastifyInstance,
  opts: { title?: string; createdAt?: string; withFiles?: boolean } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const texts = {
    title: opts.title ?? `Noticia ${sequence}`,
    description: `Resumen de la noticia ${sequence}`,
    content: `Contenido completo de la noticia ${sequence}.`,
  };
  return insertItem(app, 'news', texts, opts);
}

/** Creates an experience straight in the database. */
export function createExperience(
  app: FastifyInstance,
  opts: {
    title?: string;
    category?: ExperienceCategory;
    createdAt?: string;
    withFiles?: boolean;
  } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const texts = {
    title: opts.title ?? `Experiencia ${sequence}`,
    description: `Lo que vivimos en la experiencia ${sequence}.`,
    category: opts.category ?? 'ruta',
  };
  return insertItem(app, 'experiences', texts, opts);
}

/**
 * Posts a news item (or, with `kind`, an experience) with `picture` (PNG) as its image through the
 * API, as the user of `headers`: the real upload, faces and public copy. Answers its id.
 */
export async function postItemWithImage(
  app: FastifyInstance,
  headers: Record<string, string>,
  picture: Buffer,
  texts: {
    kind?: 'news' | 'experiences';
    title?: string;
    description?: string;
    content?: string;
  } = {},
): Promise<number> {
  const kind = texts.kind ?? 'news';
  const body = multipartParts([
    { name: 'title', value: texts.title ?? 'Campamento de verano' },
    { name: 'description', value: texts.description ?? 'Resumen breve' },
    kind === 'news'
      ? { name: 'content', value: texts.content ?? 'Diez días en el Pirineo.' }
      : { name: 'category', value: 'campamento' },
    { field: 'image', filename: 'grupo.png', type: 'image/png', data: picture },
  ]);
  const url = `/api/${kind}`;
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return (json.news ?? json.experience).id;
}
