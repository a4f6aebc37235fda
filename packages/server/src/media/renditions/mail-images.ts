import { blurSetKey, type FaceBox, FaceVisibility } from '../../access/face-visibility.js';
import type { AppContext } from '../../context.js';
import type { InlineImage } from '../../mail/mailer.js';
import { toMailCover } from '../copies/mail-cover.js';
import { recordPublications } from '../copies/public-copies.repository.js';

/*
 * The images inside a queued mail, checked as it goes out (decision 101). A digest's album covers
 * are rendered for their recipient when the digest is queued (decision 087); if the mail server is
 * down, the mail may wait for hours, and a family may withdraw consent meanwhile. So, just before
 * the send, each cover is asked of the face rule again: the same faces blurred and the same cover,
 * it goes as it is; otherwise it is made again from the album's cover as it is now (and the ledger
 * notes what went). A cover whose album, cover or recipient is gone goes no further.
 */

type Shown = InlineImage & { shows: NonNullable<InlineImage['shows']> };

export async function checkMailImages(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  images: InlineImage[],
): Promise<InlineImage[]> {
  const shown = images.filter((image): image is Shown => image.shows !== undefined);
  if (shown.length === 0) return images;
  const db = ctx.db.kysely;
  const recipients = [...new Set(shown.map((image) => image.shows.recipient))];
  const albumIds = [...new Set(shown.map((image) => image.shows.album))];
  const [users, albums] = await Promise.all([
    db.selectFrom('users').select(['id', 'role']).where('id', 'in', recipients).execute(),
    db
      .selectFrom('albums')
      .select(['id', 'title', 'cover_key'])
      .where('id', 'in', albumIds)
      .execute(),
  ]);
  const albumById = new Map(albums.map((album) => [album.id, album]));
  const rule = new FaceVisibility(db);
  const blurFor = new Map<number, Map<number, FaceBox[]>>();
  for (const user of users) {
    const ids = shown.filter((i) => i.shows.recipient === user.id).map((i) => i.shows.album);
    blurFor.set(user.id, await rule.facesToBlur(user, 'album', ids));
  }
  const result: InlineImage[] = [];
  const remade: Parameters<typeof recordPublications>[1] = [];
  for (const image of images) {
    if (!image.shows) {
      result.push(image);
      continue;
    }
    const { album: albumId, recipient } = image.shows;
    const album = albumById.get(albumId);
    const blur = blurFor.get(recipient)?.get(albumId);
    if (!album?.cover_key || !blur) continue;
    const setKey = blurSetKey(blur);
    if (setKey === image.shows.blurred && album.cover_key === image.shows.source) {
      result.push(image);
      continue;
    }
    const file = await ctx.storage.read(album.cover_key);
    if (!file) continue;
    const display = Buffer.concat((await file.stream.toArray()) as Buffer[]);
    const cover = await toMailCover(display, blur);
    result.push({
      ...image,
      content: cover.content,
      shows: { ...image.shows, blurred: setKey, source: album.cover_key },
    });
    remade.push({
      image_kind: 'album',
      image_id: albumId,
      channel: 'digest',
      title: album.title,
      recipients: 1,
      recipient_id: recipient,
      blurred_faces: setKey,
      created_at: new Date().toISOString(),
    });
  }
  await recordPublications(db, remade);
  return result;
}
