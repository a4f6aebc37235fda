import { isPrivateKey } from './storage/storage.js';
import type { MediaScope, MediaUrlSigner } from './url-signer.js';

/*
 * The one place a stored key becomes a URL. Repositories return keys; the service (or route)
 * that makes an answer turns them into URLs here. A public key (avatars, news, experiences,
 * monitors) is served as it is, the same URL for everyone; a members-only key gets a signed,
 * expiring URL: the shared one, without scope, of what every member sees, or one viewer's own
 * (`scope`), which opens only while that account may see the file. Which of the two a viewer is
 * given is access/'s to say.
 */

/** Public media is served under this path, followed by its key. */
export const PUBLIC_MEDIA_PREFIX = '/media/';

/** The URL of `key`; for a members-only key, signed, and of `scope`'s viewer when one is given. */
export function mediaUrl(
  signer: Pick<MediaUrlSigner, 'url'>,
  key: string,
  scope: MediaScope | null = null,
): string {
  if (!isPrivateKey(key)) return `${PUBLIC_MEDIA_PREFIX}${key}`;
  return scope ? signer.url(key, undefined, scope) : signer.url(key);
}

/** mediaUrl of a key a row may lack (no image, no avatar): null stays null. */
export function mediaUrlOf(
  signer: Pick<MediaUrlSigner, 'url'>,
  key: string | null,
  scope: MediaScope | null = null,
): string | null {
  return key === null ? null : mediaUrl(signer, key, scope);
}

/** Turns keys into the URLs of one viewer (or the shared ones): what an answer's mapper is given. */
export interface KeyUrls {
  url(key: string): string;
  /** url of a key a row may lack: null stays null. */
  urlOf(key: string | null): string | null;
}

/** The KeyUrls of `scope` (null: the shared URLs, the same for every viewer). */
export function keyUrls(
  signer: Pick<MediaUrlSigner, 'url'>,
  scope: MediaScope | null = null,
): KeyUrls {
  return {
    url: (key) => mediaUrl(signer, key, scope),
    urlOf: (key) => mediaUrlOf(signer, key, scope),
  };
}
