import { crc32 } from 'node:zlib';
import sharp from 'sharp';

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
