import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { InteractionTarget } from '../db/schema.js';
import { FACTORY_PLACEHOLDER, factoryImageKeys } from './factory-images.js';
import { multipart, multipartParts } from './images.js';

let sequence = 0;

/** A factory-made photo or cover can be served through its signed URL. */
const LOOK = { width: 8, height: 6, background: '#e67e22' };
const keys = (app: FastifyInstance, folder: string, withFiles: boolean) =>
  factoryImageKeys(app, folder, withFiles, LOOK);

/**
 * Creates an album straight in the database. Its cover keys point at no file unless
 * `withFiles` (the HTTP tests make real ones through the API).
 */
export async function createAlbum(
  app: FastifyInstance,
  opts: {
    title?: string;
    description?: string | null;
    createdAt?: string;
    withFiles?: boolean;
  } = {},
): Promise<{ id: number; coverKey: string; coverThumbKey: string }> {
  sequence += 1;
  const cover = await keys(app, 'private/albums', opts.withFiles ?? false);
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('albums')
    .values({
      title: opts.title ?? `Álbum ${sequence}`,
      description: opts.description ?? null,
      cover_key: cover.key,
      cover_thumb_key: cover.thumbKey,
      cover_placeholder: FACTORY_PLACEHOLDER,
      cover_width: 8,
      cover_height: 6,
      created_by: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, coverKey: cover.key, coverThumbKey: cover.thumbKey };
}

/** Creates a photo in `albumId` straight in the database (files only with `withFiles`). */
export async function createPhoto(
  app: FastifyInstance,
  albumId: number,
  opts: { createdAt?: string; withFiles?: boolean; description?: string | null } = {},
): Promise<{ id: number; imageKey: string; thumbKey: string }> {
  sequence += 1;
  const files = await keys(app, 'private/photos', opts.withFiles ?? false);
  const row = await app.ctx.db.kysely
    .insertInto('photos')
    .values({
      album_id: albumId,
      image_key: files.key,
      thumb_key: files.thumbKey,
      placeholder: FACTORY_PLACEHOLDER,
      width: 8,
      height: 6,
      description: opts.description ?? null,
      uploaded_by: null,
      created_at: opts.createdAt ?? new Date(Date.now() + sequence).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, imageKey: files.key, thumbKey: files.thumbKey };
}

/**
 * Uploads `data` as one PNG photo into `albumId` through the API, as the user of `headers`; the
 * photo's id. Its faces are looked for by the scan after the answer (`faceScanIdle` waits).
 */
export async function uploadPhoto(
  app: FastifyInstance,
  headers: Record<string, string>,
  albumId: number,
  data: Buffer,
): Promise<number> {
  const body = multipartParts([
    { field: 'images', filename: 'grupo.png', type: 'image/png', data },
    { name: 'albumId', value: String(albumId) },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/photos/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`subida: ${res.statusCode} ${res.body}`);
  return res.json().uploaded[0].id as number;
}

/**
 * Creates an album through the API with `cover` (PNG), as the user of `headers`; `fields` are the
 * form's other fields (`publish`, `audience`…). Answers the album as the API does.
 */
export async function postAlbum(
  app: FastifyInstance,
  headers: Record<string, string>,
  cover: Buffer,
  fields: { title: string } & Record<string, string>,
): Promise<{ id: number; published: boolean; cover: string; cover_thumb: string }> {
  const body = multipart(fields, [
    { field: 'cover', filename: 'portada.png', type: 'image/png', data: cover },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/albums/newAlbum',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`nuevo álbum: ${res.statusCode} ${res.body}`);
  return res.json().album;
}

/**
 * Hides photo `photoId` of album `albumId` on a pending removal request by `requestedBy` (null: an
 * account since deleted), straight in the database, as a member's request leaves them; the
 * request's id. The calls that make and resolve requests have tests of their own.
 */
export async function hideOnRequest(
  app: FastifyInstance,
  albumId: number,
  photoId: number,
  requestedBy: number | null = null,
): Promise<number> {
  const db = app.ctx.db.kysely;
  const now = new Date().toISOString();
  await db.updateTable('photos').set({ hidden_at: now }).where('id', '=', photoId).execute();
  const row = await db
    .insertInto('photo_removal_requests')
    .values({
      photo_id: photoId,
      album_id: albumId,
      album_title: 'Álbum',
      requested_by: requestedBy,
      reason: null,
      status: 'pending',
      resolution_note: null,
      resolved_by: null,
      resolved_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A like by `userId` on a target, straight in the database. */
export async function createLike(
  app: FastifyInstance,
  targetType: InteractionTarget,
  targetId: number,
  userId: number,
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('likes')
    .values({
      target_type: targetType,
      target_id: targetId,
      user_id: userId,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** A comment by `userId` on a target, straight in the database; returns its id. */
export async function createComment(
  app: FastifyInstance,
  targetType: InteractionTarget,
  targetId: number,
  userId: number,
  opts: { text?: string; createdAt?: string } = {},
): Promise<number> {
  sequence += 1;
  const createdAt = opts.createdAt ?? new Date(Date.now() + sequence).toISOString();
  const row = await app.ctx.db.kysely
    .insertInto('comments')
    .values({
      target_type: targetType,
      target_id: targetId,
      user_id: userId,
      comment_text: opts.text ?? `Comentario ${sequence}`,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows of likes and comments a target has (to check that deletion removed them). */
export async function interactionRows(
  app: FastifyInstance,
  targetType: InteractionTarget,
  targetIds: number[],
): Promise<number> {
  if (targetIds.length === 0) return 0;
  const db = app.ctx.db.kysely;
  const likes = await db
    .selectFrom('likes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('target_type', '=', targetType)
    .where('target_id', 'in', targetIds)
    .executeTakeFirstOrThrow();
  const comments = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('target_type', '=', targetType)
    .where('target_id', 'in', targetIds)
    .executeTakeFirstOrThrow();
  return Number(likes.n) + Number(comments.n);
}

/**
 * Runs `fn` and counts the SQL statements the app sends meanwhile (every query goes through
 * `ctx.db.kysely`, so a plugin on it sees them all, inside transactions too).
 */
export async function countQueries<T>(
  app: FastifyInstance,
  fn: () => Promise<T>,
): Promise<{ result: T; queries: number }> {
  const db = app.ctx.db;
  const original = db.kysely;
  let queries = 0;
  const counter: KyselyPlugin = {
    transformQuery(args) {
      queries += 1;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  db.kysely = original.withPlugin(counter);
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    db.kysely = original;
  }
}

/**
 * The albums list as the user of `headers` reads it after `addAlbums(1)` and again after
 * `addAlbums(29)`, with the SQL statements each read sent.
 */
export async function albumsListGrowing(
  app: FastifyInstance,
  headers: Record<string, string>,
  addAlbums: (n: number) => Promise<void>,
) {
  const read = () => countQueries(app, () => app.inject({ url: '/api/albums', headers }));
  await addAlbums(1);
  const small = await read();
  await addAlbums(29);
  const large = await read();
  return { small, large };
}
