import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { can, SERVER_ERRORS } from '@fogata/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZipFile } from 'yazl';
import { Access } from '../../access/access.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { recordPublications } from '../../media/copies/public-copies.repository.js';
import { ImageRenditions } from '../../media/renditions/blurred-copies.js';
import type { Guard } from '../../plugins/auth.js';
import { type UserRow, UsersRepository } from '../users/users.repository.js';
import { AlbumsRepository } from './albums.repository.js';
import { PhotosRepository } from './photos.repository.js';

/** The longest slug a file name starts with (the album title's). */
const SLUG_MAX = 60;

/**
 * An album title as a file name: lower case ASCII letters and digits joined by hyphens
 * ('Campamento de Verano ¡2025!' → 'campamento-de-verano-2025'); 'album' when nothing is left.
 */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'album';
}

/** The entry names of an album of `count` photos: `<slug>-001.webp` … (at least 3 digits). */
export function entryName(slug: string, index: number, count: number, key: string): string {
  const digits = Math.max(3, String(count).length);
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase() || 'webp';
  return `${slug}-${String(index + 1).padStart(digits, '0')}.${extension}`;
}

/**
 * Streams album `id` as a ZIP of its photos' display copies (already metadata-free WebP, STOREd
 * since they are compressed): hidden photos never, a draft only to managers (a 404 otherwise, as
 * for the album itself). Entries are named from the title in the album's order (newest first, as
 * the album page shows them). Each file is opened only when the archive reaches it, through
 * MediaStorage, and the archive is written as the client reads it: memory stays flat whatever
 * the album's size, and nothing is written to disk.
 */
export async function sendAlbumZip(
  ctx: AppContext,
  viewer: UserRow,
  id: number,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const access = new Access(ctx);
  await access.require(viewer, 'album.see', id);
  const album = await new AlbumsRepository(ctx.db).findRow(id);
  if (!album) throw new AppError(404, SERVER_ERRORS.albumNotFound);
  const photos = await new PhotosRepository(ctx.db).displayCopies(id);
  const slug = fileSlug(album.title);
  // Each entry is the viewer's copy (decision 080): the faces they may not see come blurred; a
  // copy not made yet is made when the archive reaches it, one at a time like the reads.
  const copies = await access.copiesFor(
    viewer,
    'photo',
    photos.map((photo) => ({
      id: photo.id,
      key: photo.image_key,
      thumbKey: null,
      placeholder: null,
      restricted: false,
      hasFaces: Boolean(photo.has_faces),
    })),
  );
  const renditions = new ImageRenditions(ctx);
  // The ledger (decision 086): this album's photos left the app, to this member.
  await recordPublications(ctx.db.kysely, [
    {
      image_kind: 'album',
      image_id: id,
      channel: 'zip',
      title: album.title,
      recipients: 1,
      recipient_id: viewer.id,
      created_at: new Date().toISOString(),
    },
  ]);

  const zip = new ZipFile();
  let current: Readable | null = null;
  photos.forEach((photo, index) => {
    zip.addReadStreamLazy(
      entryName(slug, index, photos.length, photo.image_key),
      { compress: false, mtime: new Date(photo.created_at) },
      (cb) => {
        const copy = copies.get(photo.id);
        const opened =
          copy?.spec && copy.key
            ? renditions.open(copy.spec, copy.key)
            : ctx.storage.read(photo.image_key);
        opened.then(
          (file) => {
            if (!file) return cb(new Error(`falta el archivo ${photo.image_key}`), null as never);
            current = file.stream;
            cb(null, file.stream);
          },
          (err: Error) => cb(err, null as never),
        );
      },
    );
  });
  zip.end();

  const output = zip.outputStream as unknown as Readable;
  // Headers are gone by then: a file that cannot be read cuts the download off (the browser
  // shows it failed) rather than ending a ZIP that silently lacks photos.
  zip.on('error', (err: Error) => {
    ctx.log.error({ err, albumId: id }, 'no se pudo generar el ZIP del álbum');
    current?.destroy();
    reply.raw.destroy(err);
  });
  // The client went away: Fastify destroys the archive's stream; close the file in hand too.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) current?.destroy();
  });
  const filename = `${slug}.zip`;
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(output);
}

/** How long a download link opens the download (it then runs as long as it needs). */
export const DOWNLOAD_LINK_TTL_SECONDS = 60;

function linkSignature(ctx: AppContext, albumId: number, userId: number, exp: number): Buffer {
  return createHmac('sha256', ctx.jwtKey)
    .update(`album-download:${albumId}:${userId}:${exp}`)
    .digest();
}

/**
 * A link that starts album `albumId`'s download for `user` without an Authorization header, so
 * the browser downloads it itself (its own progress, nothing held in the page): valid for a
 * minute, for this album and this user only; the user is read again when it is opened.
 */
export async function downloadLink(
  ctx: AppContext,
  user: UserRow,
  albumId: number,
): Promise<{ url: string }> {
  await new Access(ctx).require(user, 'album.see', albumId);
  const exp = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const sig = linkSignature(ctx, albumId, user.id, exp).toString('base64url');
  return { url: `/api/albums/${albumId}/download?token=${user.id}.${exp}.${sig}` };
}

/**
 * Guard of the download: a `token` from downloadLink (its user must still exist and may still
 * download albums), or else the usual Bearer session with 'album:download'.
 */
export function downloadGuard(bearerGuard: Guard) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = (req.query as { token?: unknown }).token;
    if (typeof token !== 'string') {
      return new Promise<void>((done, fail) =>
        bearerGuard(req, reply, (error) => (error ? fail(error) : done())),
      );
    }
    const { ctx } = req.server;
    const albumId = Number((req.params as { id?: string }).id);
    const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
    const userId = Number(match?.[1]);
    const exp = Number(match?.[2]);
    // Compared as text: decoding would let the unused low bits of the last character vary, so
    // four spellings of one signature would all pass.
    const given = Buffer.from(match?.[3] ?? '');
    const expected = Buffer.from(
      match ? linkSignature(ctx, albumId, userId, exp).toString('base64url') : '',
    );
    const valid =
      match !== null &&
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      exp >= Math.floor(Date.now() / 1000);
    const user = valid ? await new UsersRepository(ctx.db).findById(userId) : undefined;
    if (!user) throw new AppError(401, SERVER_ERRORS.mediaLinkInvalid);
    if (!can(user.role, 'album:download')) throw new AppError(403, SERVER_ERRORS.forbidden);
    req.user = user;
  };
}
