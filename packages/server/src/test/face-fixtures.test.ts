import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { groupPhoto, iou, matchFaces } from './face-fixtures.js';

// The group-photo helper that the face tests (detection, blur, e2e) rely on: the boxes it
// answers are where the faces were put, in the upright photo, whatever the EXIF orientation.

/** Mean RGB of a box (fractions) of the upright image. */
async function meanIn(data: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { data: px, info } = await sharp(data).rotate().raw().toBuffer({ resolveWithObject: true });
  const [x0, y0] = [Math.round(box.x * info.width), Math.round(box.y * info.height)];
  const [w, h] = [Math.round(box.width * info.width), Math.round(box.height * info.height)];
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y += 1) {
    for (let x = x0; x < x0 + w; x += 1) {
      for (let c = 0; c < 3; c += 1)
        sum[c] = (sum[c] as number) + (px[(y * info.width + x) * info.channels + c] as number);
    }
  }
  return sum.map((s) => s / (w * h));
}

describe('groupPhoto', () => {
  it('puts each face where its box says, on the plain background elsewhere', async () => {
    const photo = await groupPhoto({
      width: 800,
      height: 600,
      background: 'plain',
      faces: [{ fixture: 'astronaut', x: 100, y: 120, size: 150 }],
    });
    expect(photo.boxes[0]).toEqual({
      x: 100 / 800,
      y: 120 / 600,
      width: 150 / 800,
      height: 180 / 600,
    });
    const face = await meanIn(photo.data, photo.boxes[0] as never);
    const corner = await meanIn(photo.data, { x: 0.8, y: 0.8, width: 0.1, height: 0.1 });
    // The plain background is #8a9a7b; a face is skin-coloured: red above green above blue.
    [138, 154, 123].forEach((v, c) => {
      expect(Math.abs((corner[c] as number) - v)).toBeLessThan(4);
    });
    expect(face[0]).toBeGreaterThan((face[2] as number) + 30);
  });

  it('stores the pixels turned with the EXIF orientation, boxes staying upright', async () => {
    const faces = [{ fixture: 'camera' as const, x: 50, y: 300, size: 120 }];
    const upright = await groupPhoto({ width: 800, height: 600, faces, background: 'plain' });
    const turned = await groupPhoto({
      width: 800,
      height: 600,
      faces,
      background: 'plain',
      orientation: 6,
    });
    const meta = await sharp(turned.data).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([600, 800, 6]);
    expect(turned.boxes).toEqual(upright.boxes);
    expect(iou(turned.boxes[0] as never, upright.boxes[0] as never)).toBeCloseTo(1, 6);
    const a = await meanIn(upright.data, upright.boxes[0] as never);
    const b = await meanIn(turned.data, turned.boxes[0] as never);
    for (let c = 0; c < 3; c += 1)
      expect(Math.abs((a[c] as number) - (b[c] as number))).toBeLessThan(4);
  });
});

describe('matchFaces', () => {
  const box = (x: number) => ({ x, y: 0.1, width: 0.1, height: 0.1 });
  it('counts found faces, duplicates and strays', () => {
    expect(matchFaces([box(0.1), box(0.5)], [box(0.1), box(0.105), box(0.8)])).toEqual({
      found: 1,
      duplicates: 1,
      strays: 1,
      missed: [box(0.5)],
    });
  });
});
