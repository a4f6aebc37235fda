import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detail, greyRegion as grey, meanDifference } from '../../test/face-pixels.js';
import { toImageVariants } from '../image-pipeline.js';
import { paddedRegion, toBlurredVariants } from './face-blur.js';

const astronaut = readFileSync(
  fileURLToPath(new URL('../../../../../fixtures/faces/astronaut.png', import.meta.url)),
);
/** Around the astronaut's face, as fractions of the 512 px picture. */
const FACE = { x: 0.33, y: 0.1, width: 0.25, height: 0.3 };

describe('the face blur', () => {
  it('pads the box by half its size on each side, within the picture', () => {
    expect(paddedRegion({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 }, 1000, 500)).toEqual({
      left: 300,
      top: 150,
      width: 400,
      height: 200,
    });
    expect(paddedRegion({ x: 0, y: 0.9, width: 0.2, height: 0.2 }, 100, 100)).toEqual({
      left: 0,
      top: 80,
      width: 30,
      height: 20,
    });
  });

  it('leaves no detail in the face and changes little elsewhere, in every variant', async () => {
    const clean = await toImageVariants(astronaut);
    const blurred = await toBlurredVariants(clean.display.data, [FACE]);
    const { width, height } = clean.display;
    expect([blurred.display.width, blurred.display.height]).toEqual([width, height]);

    const box = paddedRegion(
      { ...FACE, width: FACE.width / 2, height: FACE.height / 2 },
      width,
      height,
    );
    const before = await grey(clean.display.data, box);
    const after = await grey(blurred.display.data, box);
    expect(detail(before, box.width)).toBeGreaterThan(4);
    expect(detail(after, box.width)).toBeLessThan(1.5);
    expect(meanDifference(before, after)).toBeGreaterThan(10);

    // The bottom-right corner is far from the face: the same picture, but for compression.
    const corner = { left: width - 100, top: height - 100, width: 100, height: 100 };
    expect(
      meanDifference(
        await grey(clean.display.data, corner),
        await grey(blurred.display.data, corner),
      ),
    ).toBeLessThan(3);

    // The thumbnail comes from the blurred copy.
    const thumbBox = paddedRegion(
      { ...FACE, width: FACE.width / 2, height: FACE.height / 2 },
      blurred.thumb.width,
      blurred.thumb.height,
    );
    const cleanThumb = await grey(clean.thumb.data, thumbBox);
    const blurredThumb = await grey(blurred.thumb.data, thumbBox);
    expect(detail(blurredThumb, thumbBox.width)).toBeLessThan(
      detail(cleanThumb, thumbBox.width) / 3,
    );
    expect(blurred.placeholder).not.toBe(clean.placeholder);
  });
});
