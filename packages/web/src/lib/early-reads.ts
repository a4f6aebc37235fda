import { EARLY_ANSWERS_GLOBAL, EARLY_READS_GLOBAL } from '@fogata/shared';

type Reads = Record<string, unknown>;

const early = (name: string) => (window as unknown as Record<string, Reads | undefined>)[name];

/**
 * The answer to `path` that the page's inline script already received with the member's token
 * (decision 038), once, so the page draws with it at once: undefined when it has not come (yet),
 * when it was taken, or when that read failed.
 */
export function takeEarlyAnswer<T>(path: string): T | undefined {
  const answers = early(EARLY_ANSWERS_GLOBAL);
  if (!answers || !(path in answers)) return undefined;
  const answer = answers[path] as T;
  delete answers[path];
  delete early(EARLY_READS_GLOBAL)?.[path];
  return answer;
}

/**
 * The answer to `path` that the page's inline script already asked for with the member's token
 * (decision 038), once: undefined when it did not, when it was taken, or when that read failed
 * (the caller then asks as usual, with its own errors).
 */
export async function takeEarlyRead<T>(path: string): Promise<T | undefined> {
  const reads = early(EARLY_READS_GLOBAL);
  const read = reads?.[path] as Promise<T | undefined> | undefined;
  if (!read) return undefined;
  delete reads![path];
  delete early(EARLY_ANSWERS_GLOBAL)?.[path];
  return await read;
}
