import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { ImageRenditionsRepository } from '../media/copies/copies.repository.js';
import {
  copyOpening,
  type RenditionSpec,
  renditionImage,
  renditionKeys,
} from '../media/copies/copy-names.js';
import {
  type PublicImageKind,
  PublicImagesRepository,
} from '../media/copies/public-copies.repository.js';
import type { MediaUrlSigner } from '../media/url-signer.js';
import { blurSetKey, FaceVisibility, seesEveryFace } from './face-visibility.js';
import type { Viewer } from './viewer.js';

/*
 * Who gets a family's own copy of a public image, and whether one opens (decision 100): a
 * guardian always sees their own child. A news item's or an experience's image has one public
 * copy, the same for every visitor, with the faces blurred that 'Web pública' does not cover. A
 * signed-in guardian whose child is in it gets, instead, a copy of their own: their child clear,
 * everyone else as the rule says for them. It is a blurred copy like the gallery's, made from the
 * private original on demand by media/renditions/ (own-copies.ts), behind a URL signed for that
 * account alone, and it opens only while the rule still gives that copy to that account.
 */

/** A family's own files of a public image: display copy and thumbnail (private keys). */
export interface OwnCopy {
  imageKey: string;
  thumbKey: string;
}

/**
 * A column of a query on `news` or `experiences` (`idColumn` its id): true when a face in its
 * image is assigned to a child of `userId` — the rows for which ownPublicCopies has work to do.
 * Asked in the list's own query, so a reader with no child in any image costs no query more.
 */
export function ownChildInImageSql(
  kind: PublicImageKind,
  idColumn: string,
  userId: number | null,
): RawBuilder<boolean> {
  if (userId === null) return sql<boolean>`(1 = 0)`;
  const column = sql.ref(kind === 'news' ? 'own_faces.news_id' : 'own_faces.experience_id');
  return sql<boolean>`exists (select 1 from faces own_faces join guardians own_guardians on own_guardians.child_id = own_faces.child_id where ${column} = ${sql.ref(idColumn)} and own_guardians.user_id = ${userId})`;
}

/** The ids of the rows whose image has a child of the reader's in it (ownChildInImageSql). */
export function withOwnChild(rows: readonly { id: number; has_own_child: boolean | number }[]) {
  return rows.filter((row) => Boolean(row.has_own_child)).map((row) => row.id);
}

/**
 * For the images `ids` of `kind` where a child of `viewer`'s appears (ownChildInImageSql) and
 * `viewer` sees differently from a visitor — the faces blurred for them are not the public
 * copy's — the keys of their own copy. Nothing for a visitor or a manager (the public copy;
 * managers review originals in 'Revisar caras').
 */
export async function ownPublicCopies(
  db: Executor,
  signer: Pick<MediaUrlSigner, 'derivedName'>,
  viewer: Viewer,
  kind: PublicImageKind,
  ids: readonly number[],
): Promise<Map<number, OwnCopy>> {
  const result = new Map<number, OwnCopy>();
  if (!viewer || seesEveryFace(viewer) || ids.length === 0) return result;
  const [rows, blur] = await Promise.all([
    new PublicImagesRepository(db).rows(kind, ids),
    new FaceVisibility(db).facesToBlur(viewer, kind, ids),
  ]);
  for (const row of rows) {
    const boxes = blur.get(row.id) ?? [];
    // A row from before 017 (no original kept) has only its public copy, which is its original.
    const source = row.image_original_key ?? row.image_key;
    if (!source || blurSetKey(boxes) === (row.image_blur_set ?? '')) continue;
    result.set(row.id, renditionKeys(signer, { kind, imageId: row.id, source, boxes }));
  }
  return result;
}

/**
 * Which of the storage `keys` are a family's own copies of public images that `viewer` is given
 * now (ownPublicCopies), with what each is made of — or an older copy of theirs that still hides
 * every face the rule blurs for them. Used by the members-only media route.
 */
export async function openableOwnPublicCopies(
  db: Executor,
  signer: Pick<MediaUrlSigner, 'derivedName'>,
  viewer: Viewer,
  keys: readonly string[],
): Promise<Map<string, { spec: RenditionSpec }>> {
  const result = new Map<string, { spec: RenditionSpec }>();
  if (!viewer) return result;
  const copies = keys.flatMap((key) => {
    const image = renditionImage(key);
    return image && (image.kind === 'news' || image.kind === 'experience')
      ? [{ key, kind: image.kind, id: image.id }]
      : [];
  });
  if (copies.length === 0) return result;
  const made = await new ImageRenditionsRepository(db).byKeys(copies.map((copy) => copy.key));
  for (const kind of ['news', 'experience'] as const) {
    const ofKind = copies.filter((copy) => copy.kind === kind);
    if (ofKind.length === 0) continue;
    const ids = ofKind.map((copy) => copy.id);
    const [rows, blur] = await Promise.all([
      new PublicImagesRepository(db).rows(kind, ids),
      new FaceVisibility(db).facesToBlur(viewer, kind, ids),
    ]);
    const sources = new Map(rows.map((row) => [row.id, row.image_original_key ?? row.image_key]));
    for (const copy of ofKind) {
      const source = sources.get(copy.id);
      const needed = blur.get(copy.id);
      if (!source || !needed) continue;
      const row = made.find((r) => r.image_key === copy.key || r.thumb_key === copy.key);
      const image = { kind, imageId: copy.id, source };
      const spec = copyOpening(signer, copy.key, image, needed, row);
      if (spec) result.set(copy.key, { spec });
    }
  }
  return result;
}
