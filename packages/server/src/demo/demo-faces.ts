import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/*
 * The demo's photos with faces: group pictures composed at start from the two real
 * photographs in fixtures/faces/ (public domain and CC0), so `DEMO=1` shows image consent at work —
 * the real detector finds the faces, a scouter's review assigned them, and each account sees
 * them blurred or clear by their families' consents.
 */

/** Who stands where in a group picture: the two portraits, left and right. */
export interface DemoGroupPhoto {
  caption: string;
  /** Left then right: a child's name, 'adulto', or null (left for the scouter to review). */
  faces: [string | 'adulto' | null, string | 'adulto' | null];
  /** Which portrait stands left. */
  left: 'astronaut' | 'camera';
  /** The field's colour behind them. */
  background: string;
}

/** The summer camp's album, which holds them. */
export const DEMO_GROUP_ALBUM = {
  title: 'Campamento de verano',
  description: 'Diez días junto al río: juegos, cenas y una salida al amanecer.',
  daysAgo: 3,
};

/** The summer camp's pictures: consented, unanswered, withdrawn, an adult, one to review. */
export const DEMO_GROUP_PHOTOS: DemoGroupPhoto[] = [
  {
    caption: 'Juegos junto al río',
    faces: ['Pablo Gómez Ortega', 'Hugo López Martín'],
    left: 'astronaut',
    background: '#7d8f69',
  },
  {
    caption: 'La cena del último día',
    faces: ['Irene Sánchez Vidal', 'adulto'],
    left: 'camera',
    background: '#8c7a5b',
  },
  {
    caption: 'Salida al amanecer',
    faces: [null, 'Lucía Gómez Ortega'],
    left: 'astronaut',
    background: '#6b7f95',
  },
];

const WIDTH = 1600;
const HEIGHT = 1000;
const PORTRAIT = 620;

/** fixtures/faces/ of the installation, found upwards from this file; null when absent. */
export function demoFacesFolder(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'fixtures', 'faces');
    if (existsSync(join(candidate, 'astronaut.png'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** A group picture as a camera's JPEG: the two portraits side by side on a plain field. */
export async function groupPictureJpeg(folder: string, photo: DemoGroupPhoto): Promise<Buffer> {
  const portrait = (name: string) =>
    sharp(readFileSync(join(folder, `${name}.png`)))
      .resize(PORTRAIT, PORTRAIT)
      .toBuffer();
  const right = photo.left === 'astronaut' ? 'camera' : 'astronaut';
  const top = Math.round((HEIGHT - PORTRAIT) / 2);
  return sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: photo.background },
  })
    .composite([
      { input: await portrait(photo.left), left: 120, top },
      { input: await portrait(right), left: WIDTH - 120 - PORTRAIT, top },
    ])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/**
 * Which detected face (ids with their boxes' left edge) is the left one and which the right:
 * sorted by position, the first two (a group picture here has two).
 */
export function leftAndRight(faces: { id: number; x: number }[]): [number | null, number | null] {
  const sorted = [...faces].sort((a, b) => a.x - b.x);
  return [sorted[0]?.id ?? null, sorted.length > 1 ? (sorted.at(-1)?.id ?? null) : null];
}
