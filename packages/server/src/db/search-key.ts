/**
 * What a name is searched by (decision 047): lower-case, without accents or other combining marks
 * ("José Núñez" → "jose nunez"), and the spaces squeezed, so a search finds the name however it is
 * typed, on SQLite and PostgreSQL alike.
 */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
