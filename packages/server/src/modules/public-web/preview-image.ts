import { groupNumber } from '@fogata/shared';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { lowerImageThreads } from '../../media/image-threads.js';

/*
 * The image a shared link shows (decision 116). It is the public copy of the item's image — the
 * one the 'Web pública' rule makes, faces blurred where a family did not allow it — as a JPEG no
 * larger than a preview needs: link-preview bots take JPEG and PNG everywhere, WebP not
 * everywhere. Its URL is made from the public copy's key, and it answers only while that key is
 * still the item's copy: when consent changes and the copy is replaced, the old preview URL stops
 * serving with it. An item without an image, and every list page, show the group's logo.
 */

/** Where preview images are served. */
export const PREVIEW_PREFIX = '/og/';

/** The logo's preview: a wide picture, as summary_large_image cards draw them. */
export const LOGO_PATH = `${PREVIEW_PREFIX}logo.png`;
export const LOGO_WIDTH = 1200;
export const LOGO_HEIGHT = 630;

/** A preview's longer side at most: what the cards draw, and a file preview bots accept. */
const MAX_SIDE = 1200;

/** The public copies a preview is made of: a news item's or an experience's display copy. */
const PUBLIC_KEY = /^(news|experiences)\/[0-9a-f]{32}\.webp$/;

/** A preview image as the page's head names it. */
export interface PreviewImage {
  url: string;
  width: number | null;
  height: number | null;
  type: 'image/jpeg' | 'image/png';
}

/** The size of the preview of a copy of `width`×`height` (null when not known). */
export function previewSize(
  width: number | null,
  height: number | null,
): { width: number; height: number } | null {
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The preview of the public copy stored under `key`, or null when it is not one of those. */
export function previewImage(
  ctx: AppContext,
  key: string | null,
  width: number | null,
  height: number | null,
): PreviewImage | null {
  if (!key || !PUBLIC_KEY.test(key)) return null;
  const size = previewSize(width, height);
  return {
    url: `${ctx.config.publicUrl}${PREVIEW_PREFIX}${key.replace(/\.webp$/, '.jpg')}`,
    width: size?.width ?? null,
    height: size?.height ?? null,
    type: 'image/jpeg',
  };
}

/** The group's logo as a preview. */
export function logoImage(ctx: AppContext): PreviewImage {
  return {
    url: `${ctx.config.publicUrl}${LOGO_PATH}`,
    width: LOGO_WIDTH,
    height: LOGO_HEIGHT,
    type: 'image/png',
  };
}

/** The public copy's key a preview's path names, or null when it names none. */
export function keyOfPreviewPath(path: string): string | null {
  if (!path.startsWith(PREVIEW_PREFIX) || !path.endsWith('.jpg')) return null;
  const key = `${path.slice(PREVIEW_PREFIX.length, -'.jpg'.length)}.webp`;
  return PUBLIC_KEY.test(key) ? key : null;
}

/** A public copy's bytes as a preview JPEG of the given size (or, not known, one that fits). */
export async function renderPreview(
  source: Buffer,
  size: { width: number; height: number } | null,
): Promise<Buffer> {
  const resized = size
    ? sharp(source).resize({ width: size.width, height: size.height, fit: 'fill' })
    : sharp(source).resize({
        width: MAX_SIDE,
        height: MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
  return resized
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85 })
    .toBuffer()
    .finally(lowerImageThreads);
}

/**
 * The group's mark (the web app's logo: a campfire in a badge, with the group's number when its
 * name has one) on the theme's green, as PNG.
 */
export function renderLogo(groupName: string): Promise<Buffer> {
  const number = groupNumber(groupName);
  const side = 440;
  const text = number
    ? `<text x="32" y="61" text-anchor="middle" font-size="${number.length > 2 ? 9 : 11}" font-weight="700" font-family="sans-serif" fill="#1f3d2b">${number}</text>`
    : '';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 64 64">` +
    '<circle cx="32" cy="32" r="30" fill="#f8f3e6" stroke="#f59f00" stroke-width="3"/>' +
    '<path d="M32 10c4 8 11 12 11 21a11 11 0 0 1-22 0c0-6 4-9 6-13 1 4 2 5 4 6-2-6 0-10 1-14z" fill="#e8590c"/>' +
    '<path d="M32 26c2 4 6 6 6 10a6 6 0 0 1-12 0c0-3 3-5 6-10z" fill="#ffd43b"/>' +
    '<path d="M17 50l30-6M17 44l30 6" stroke="#7f5539" stroke-width="4" stroke-linecap="round"/>' +
    `${text}</svg>`;
  return sharp({
    create: { width: LOGO_WIDTH, height: LOGO_HEIGHT, channels: 3, background: '#1f3d2b' },
  })
    .composite([{ input: Buffer.from(svg), gravity: 'centre' }])
    .png()
    .toBuffer()
    .finally(lowerImageThreads);
}
