/** One entry of a ZIP as its central directory lists it. */
export interface ZipEntry {
  name: string;
  /** 0: stored, 8: deflated. */
  method: number;
  size: number;
  /** The entry's bytes (stored entries only; null for compressed ones). */
  data: Buffer | null;
}

/**
 * Reads a whole ZIP archive (tests only): the end-of-central-directory record, then every
 * central directory entry and, for stored entries, their bytes from the local header. Throws
 * when the archive is not a well-formed, single-disk, non-ZIP64 ZIP.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central entry ${i}`);
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name,
      method,
      size,
      data: method === 0 ? zip.subarray(start, start + compressed) : null,
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The number of entries an archive's end-of-central-directory record announces. */
export function zipEntryCount(tail: Buffer): number {
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory');
  return tail.readUInt16LE(eocd + 10);
}
