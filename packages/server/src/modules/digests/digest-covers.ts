import { blurSetKey, FaceVisibility } from '../../access/face-visibility.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { InlineImage } from '../../mail/mailer.js';
import type { BlurBox } from '../../media/copies/face-blur.js';
import { MAIL_COVER_WIDTH, type MailCover, toMailCover } from '../../media/copies/mail-cover.js';

/*
 * Album covers inside the digest mail (decision 087): the image travels in the
 * message (an inline CID attachment), never as a link that could outlive a family's consent, and
 * it is rendered for THAT recipient by the face rule — a family whose child lacks gallery consent
 * gets the child blurred. Small: a JPEG (what every mail client shows) 320 px wide.
 */

/** The width of a cover in the mail, in pixels. */
export const DIGEST_COVER_WIDTH = MAIL_COVER_WIDTH;

/** One album's cover as it goes in one recipient's mail. */
export interface DigestCover extends InlineImage {
  albumId: number;
  width: number;
  height: number;
  /** The faces it blurs (`blurSetKey`), for the ledger. */
  blurredFaces: string;
}

/** A cover's bytes for a set of blurred faces, made once per check for every recipient alike. */
type Rendition = MailCover;

/** Renders the covers of a digest run, each set of blurred faces once. */
export class DigestCovers {
  private readonly renditions = new Map<string, Promise<Rendition | null>>();

  constructor(private readonly ctx: AppContext) {}

  /** The covers of `albums` for `recipient`, by the rule as it stands now. */
  async for(
    recipient: NonNullable<Viewer>,
    albums: readonly { id: number; cover_key?: string | null }[],
  ): Promise<DigestCover[]> {
    const withCover = albums.filter((album) => album.cover_key);
    if (withCover.length === 0) return [];
    const blur = await new FaceVisibility(this.ctx.db.kysely).facesToBlur(
      recipient,
      'album',
      withCover.map((album) => album.id),
    );
    const covers: DigestCover[] = [];
    for (const album of withCover) {
      const boxes = blur.get(album.id) ?? [];
      const setKey = blurSetKey(boxes);
      const cacheKey = `${album.id}:${setKey}`;
      let rendition = this.renditions.get(cacheKey);
      if (!rendition) {
        rendition = this.render(album.cover_key ?? '', boxes);
        this.renditions.set(cacheKey, rendition);
      }
      const made = await rendition;
      if (!made) continue;
      covers.push({
        albumId: album.id,
        cid: `album-${album.id}@fogata`,
        filename: `portada-${album.id}.jpg`,
        contentType: 'image/jpeg',
        ...made,
        blurredFaces: setKey,
        // Checked again as the mail goes out (decision 101).
        shows: {
          album: album.id,
          recipient: recipient.id,
          blurred: setKey,
          source: album.cover_key ?? '',
        },
      });
    }
    return covers;
  }

  private async render(key: string, boxes: readonly BlurBox[]) {
    try {
      const file = await this.ctx.storage.read(key);
      if (!file) return null;
      return await toMailCover(Buffer.concat((await file.stream.toArray()) as Buffer[]), boxes);
    } catch (err) {
      // A cover that cannot be read leaves the album as a line of text, as before.
      this.ctx.log.warn({ err, key }, 'no se pudo preparar la portada para el resumen');
      return null;
    }
  }
}
