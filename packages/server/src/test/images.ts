import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { LocalStorage } from '../media/storage/storage.js';

/** A JPEG carrying EXIF with a camera make and a GPS position, like a phone photo. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CamaraEspia', Copyright: 'Fogata' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .toBuffer();
}

/** A tiny PNG whose header claims 10000×10000 pixels: a decompression bomb in miniature. */
export async function pngClaimingHugeSize(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(10_000, 16); // IHDR width
  png.writeUInt32BE(10_000, 20); // IHDR height
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR CRC over type + data
  return png;
}

/** A multipart/form-data body built by hand, for app.inject. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fogata${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A plain PNG of the given size, e.g. for an upload that should land. */
export function pngImage(width = 300, height = 200, background = '#2980b9'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The first half of a real JPEG: the type sniffs as JPEG, but it cannot be decoded. */
export async function truncatedJpeg(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#27ae60' },
  })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** An SVG image: a picture, but not one of the allowed types (it can carry scripts). */
export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A part of a hand-built multipart body: a text field, or a file. */
export type Part =
  | { name: string; value: string }
  | { field: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body with its parts in exactly the given order. */
export function multipartParts(parts: Part[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----fogataparts${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('name' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Text fields as parts, in the object's order. */
export function textParts(fields: Record<string, string>): Part[] {
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/** An image as a file part: the `image` field of a news item, an experience or a monitor. */
export function imagePart(data: Buffer, filename = 'imagen.png', type = 'image/png'): Part {
  return { field: 'image', filename, type, data };
}

/** Sends `parts` as one multipart body, with `headers` (a user's; none: an anonymous visitor). */
export function injectParts(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  parts: Part[],
  headers: Record<string, string> = {},
) {
  const body = multipartParts(parts);
  return app.inject({
    method,
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** POST /api/photos/upload of `images` (PNGs named a.png, b.png…) into `albumId`: the answer. */
export function sendPhotos(
  app: FastifyInstance,
  headers: Record<string, string>,
  albumId: number,
  images: Buffer[],
) {
  const files = images.map(
    (data, i): Part => ({
      field: 'images',
      filename: `${String.fromCharCode(97 + i)}.png`,
      type: 'image/png',
      data,
    }),
  );
  return injectParts(
    app,
    'POST',
    '/api/photos/upload',
    [{ name: 'albumId', value: String(albumId) }, ...files],
    headers,
  );
}

/** The file behind a public media URL (`/media/…`) on the app's local storage. */
export function localFileOf(app: { ctx: { storage: unknown } }, url: string): string {
  return (app.ctx.storage as LocalStorage).path(url.replace(/^\/media\//, ''));
}

/**
 * A multipart body of `count` zero-filled files of `size` bytes each, generated as it is read
 * (one shared 1 MiB chunk), so a body of hundreds of MB costs no memory. No Content-Length.
 */
export function streamedZeroFiles(
  fields: Record<string, string>,
  field: string,
  count: number,
  size: number,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----fogatazeros${Date.now().toString(16)}`;
  const zeros = Buffer.alloc(1024 * 1024);
  async function* body() {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
    }
    for (let i = 0; i < count; i += 1) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="ceros-${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      );
      for (let left = size; left > 0; left -= zeros.length) {
        yield left >= zeros.length ? zeros : zeros.subarray(0, left);
      }
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(body(), { objectMode: false }),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** EXIF's GPS IFD pointer tag (0x8825, type LONG) as a little-endian JPEG from sharp writes it. */
export const GPS_TAG_BYTES = Buffer.from([0x25, 0x88, 0x04, 0x00]);

/**
 * A phone photo in miniature: 640×480 pixels stored sideways (EXIF orientation 6, so it shows
 * as 480×640), with a camera make, a GPS position and an XMP packet naming its author.
 */
export function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#8e44ad' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'CamaraEspia' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 0/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>AutorEspia</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

/** Checks made on every stored variant: no metadata block at all, no trace of the original's. */
export async function metadataTraces(image: Buffer): Promise<string[]> {
  const meta = await sharp(image).metadata();
  const traces: string[] = [];
  if (meta.exif) traces.push('exif');
  if (meta.xmp) traces.push('xmp');
  if (meta.iptc) traces.push('iptc');
  if (meta.comments?.length) traces.push('comments');
  if (image.includes(GPS_TAG_BYTES)) traces.push('gps tag');
  for (const text of ['Exif', 'CamaraEspia', 'AutorEspia', 'xmpmeta']) {
    if (image.includes(Buffer.from(text))) traces.push(text);
  }
  return traces;
}

/**
 * A camera-sized JPEG of random noise (3000×2000 by default, ~4 MB): it compresses badly and
 * takes a real share of a second to re-encode, like a phone photo.
 */
export function noisyJpeg(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The bytes stored under `key` in `app`'s storage (throws when there is no such file). */
export async function storedBytes(
  app: {
    ctx: { storage: { read(key: string): Promise<{ stream: NodeJS.ReadableStream } | null> } };
  },
  key: string,
): Promise<Buffer> {
  const file = await app.ctx.storage.read(key);
  if (!file) throw new Error(`no file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
