import sharp from 'sharp';
import { lowerImageThreads } from '../image-threads.js';
import { type BlurBox, toBlurredVariants } from './face-blur.js';

/*
 * An album's cover as it travels inside a mail (decision 138): a JPEG (what every mail client
 * shows) 320 px wide, with the faces the recipient may not see blurred on the full display copy
 * (the padding is measured there) before it is made small.
 */

/** The width of a cover in a mail, in pixels. */
export const MAIL_COVER_WIDTH = 320;

export interface MailCover {
  content: Buffer;
  width: number;
  height: number;
}

/** The mail copy of the display copy `display`, `boxes` blurred. */
export async function toMailCover(display: Buffer, boxes: readonly BlurBox[]): Promise<MailCover> {
  const source =
    boxes.length > 0 ? (await toBlurredVariants(display, boxes)).display.data : display;
  const { data, info } = await sharp(source)
    .resize({ width: MAIL_COVER_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 72, mozjpeg: true })
    .toBuffer({ resolveWithObject: true })
    .finally(lowerImageThreads);
  return { content: data, width: info.width, height: info.height };
}
