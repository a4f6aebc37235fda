import type { ConsentGiver, ConsentPurpose, FaceStatus } from '@fogata/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../lib/tokens.js';

/*
 * Image consent straight in the database: consents and faces, for the tests of what
 * reads them. The calls that record them have tests of their own.
 */

/** Appends a consent record for `childId` (a guardian's, unless `givenBy` says otherwise). */
export async function recordConsent(
  app: FastifyInstance,
  childId: number,
  purpose: ConsentPurpose,
  granted: boolean,
  opts: { givenBy?: ConsentGiver; recordedBy?: number | null; textVersion?: number } = {},
): Promise<void> {
  await app.ctx.db.kysely
    .insertInto('child_consents')
    .values({
      child_id: childId,
      purpose,
      granted: granted ? 1 : 0,
      given_by: opts.givenBy ?? 'guardian',
      recorded_by: opts.recordedBy ?? null,
      note: null,
      text_version: opts.textVersion ?? 1,
      created_at: nowIso(),
    })
    .execute();
}

/** Where a face is: a photo, an album's cover, a news item's image, an experience's image. */
export type FaceImage =
  | { photoId: number }
  | { albumId: number }
  | { newsId: number }
  | { experienceId: number };

/** A box as fractions of the image's width and height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Adds a face to an image (pending review unless `status` says otherwise); returns its id. */
export async function addFace(
  app: FastifyInstance,
  image: FaceImage,
  box: Box,
  opts: { status?: FaceStatus; childId?: number | null; source?: 'detector' | 'manual' } = {},
): Promise<number> {
  const row = await app.ctx.db.kysely
    .insertInto('faces')
    .values({
      photo_id: 'photoId' in image ? image.photoId : null,
      album_id: 'albumId' in image ? image.albumId : null,
      news_id: 'newsId' in image ? image.newsId : null,
      experience_id: 'experienceId' in image ? image.experienceId : null,
      ...box,
      score: opts.source === 'manual' ? null : 0.9,
      source: opts.source ?? 'detector',
      status: opts.status ?? (opts.childId ? 'child' : 'pending'),
      child_id: opts.childId ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
