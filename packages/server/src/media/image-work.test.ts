// The recipes of the image process, run here in the test's own process: what each job decodes and
// how it encodes (decision 201). sharp is watched, not replaced: every image below is real.
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { metadataTraces, phonePhoto } from '../test/images.js';
import type { ImageVariants } from './image-variants.js';
import { DISPLAY_WEBP_EFFORT, runImageWork } from './image-work.js';

/** Every image sharp was asked to open, and every WebP encoding asked of it, in order. */
const seen = vi.hoisted(() => ({
  opened: [] as ('encoded' | 'pixels')[],
  webp: [] as ({ effort?: number } | undefined)[],
}));

vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof import('sharp').default }>()).default;
  const watched = (input?: unknown, options?: { raw?: unknown; create?: unknown }) => {
    seen.opened.push(options?.raw || options?.create ? 'pixels' : 'encoded');
    const image = real(input as Buffer, options as never);
    const webp = image.webp.bind(image);
    image.webp = (encoding?: import('sharp').WebpOptions) => {
      seen.webp.push(encoding);
      return webp(encoding);
    };
    return image;
  };
  return { default: Object.assign(watched, real) };
});

/** The efforts asked of the display copy's and the thumbnail's encodings. */
const efforts = () => seen.webp.map((encoding) => encoding?.effort);

describe('the image process recipes', () => {
  it('decode an uploaded photo once: every variant made from its pixels, none decoded again', async () => {
    const photo = await phonePhoto();
    seen.opened.length = 0;
    seen.webp.length = 0;
    const variants = (await runImageWork({ kind: 'variants', input: photo })) as ImageVariants;
    expect(seen.opened.filter((kind) => kind === 'encoded')).toEqual(['encoded']);
    // Turned upright from its orientation, no metadata in any variant.
    expect([variants.display.width, variants.display.height]).toEqual([480, 640]);
    const placeholder = Buffer.from(variants.placeholder.split(',')[1] ?? '', 'base64');
    for (const variant of [variants.display.data, variants.thumb.data, placeholder]) {
      expect(await metadataTraces(variant)).toEqual([]);
    }
    // The display copy at the effort chosen for it; the thumbnail at libwebp's own.
    expect(efforts().slice(0, 2)).toEqual([DISPLAY_WEBP_EFFORT, undefined]);
  });

  it('decode a stored copy once to blur its faces, and a thumbnail once to blur a photo whole', async () => {
    const { display, thumb } = (await runImageWork({
      kind: 'variants',
      input: await phonePhoto(),
    })) as ImageVariants;

    seen.opened.length = 0;
    const box = { x: 0.3, y: 0.3, width: 0.2, height: 0.2 };
    const blurred = (await runImageWork({
      kind: 'blurred',
      display: display.data,
      boxes: [box],
    })) as ImageVariants;
    expect(seen.opened.filter((kind) => kind === 'encoded')).toEqual(['encoded']);
    expect([blurred.display.width, blurred.display.height]).toEqual([480, 640]);

    seen.opened.length = 0;
    seen.webp.length = 0;
    const whole = (await runImageWork({
      kind: 'whole-blur',
      small: thumb.data,
      width: display.width,
      height: display.height,
    })) as ImageVariants;
    expect(seen.opened.filter((kind) => kind === 'encoded')).toEqual(['encoded']);
    expect([whole.display.width, whole.display.height]).toEqual([480, 640]);
    // A smooth image: its display copy and thumbnail with the least effort.
    expect(efforts().slice(0, 2)).toEqual([0, 0]);
    expect((await sharp(whole.display.data).metadata()).format).toBe('webp');
  });
});
