import sharp from 'sharp';
import { blurSetKey, FaceVisibility } from '../../access/face-visibility.js';
import type { Viewer } from '../../access/viewer.js';
import type { AppContext } from '../../context.js';
import type { InlineImage } from '../../mail/mailer.js';
import { toBlurredVariants } from '../../media/face-blur.js';

/*
 * Album covers inside the digest mail (issue #25 §3, decision 087): the image travels in the
 * message (an inline CID attachment), never as a link that could outlive a family's consent, and
 * it is rendered for THAT recipient by the face rule — a family whose child lacks gallery consent
 * gets the child blurred. Small: a JPEG (what every mail client shows) 320 px wide.
 */

/** The width of a cover in the mail, in pixels. */
export const DIGEST_COVER_WIDTH = 320;

/** One album's cover as it goes in one recipient's mail. */
export interface DigestCover extends InlineImage {
  albumId: number;
  width: number;
  height: number;
  /** The faces it blurs (`blurSetKey`), for the ledger. */
  blurredFaces: string;
}

/** A cover's bytes for a set of blurred faces, made once per check for every recipient alike. */
interface Rendition {
  content: Buffer;
  width: number;
  height: number;
}

/** Renders the covers of a digest run, each set of blurred faces once. */
export class DigestCovers {
  private readonly renditions = new Map<string, Promise<Rendition | null>>();

  constructor(private readonly ctx: AppContext) {}

  /** The covers of `albums` for `recipient`, by the rule as it stands now. */
  async for(
    recipient: Viewer,
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
      });
    }
    return covers;
  }

  private async render(key: string, boxes: Parameters<typeof toBlurredVariants>[1]) {
    try {
      const file = await this.ctx.storage.read(key);
      if (!file) return null;
      const display = Buffer.concat((await file.stream.toArray()) as Buffer[]);
      // Blurred on the full display copy (the padding is measured there), then made small.
      const source =
        boxes.length > 0 ? (await toBlurredVariants(display, boxes)).display.data : display;
      const { data, info } = await sharp(source)
        .resize({ width: DIGEST_COVER_WIDTH, withoutEnlargement: true })
        .jpeg({ quality: 72, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { content: data, width: info.width, height: info.height };
    } catch (err) {
      // A cover that cannot be read leaves the album as a line of text, as before.
      this.ctx.log.warn({ err, key }, 'no se pudo preparar la portada para el resumen');
      return null;
    }
  }
}
