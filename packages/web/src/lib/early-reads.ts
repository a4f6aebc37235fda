import { EARLY_READS_GLOBAL } from '@fogata/shared';

type EarlyReads = Record<string, Promise<unknown> | undefined>;

/**
 * The answer to `path` that the page's inline script already asked for with the member's token
 * (decision 038), once: undefined when it did not, when it was taken, or when that read failed
 * (the caller then asks as usual, with its own errors).
 */
export async function takeEarlyRead<T>(path: string): Promise<T | undefined> {
  const reads = (window as unknown as Record<string, EarlyReads | undefined>)[EARLY_READS_GLOBAL];
  const read = reads?.[path];
  if (!read) return undefined;
  delete reads[path];
  return (await read) as T | undefined;
}
