import { describe, expect, it } from 'vitest';
import { keyUrls, mediaUrl, mediaUrlOf } from './media-urls.js';
import { newMediaKey } from './storage/storage.js';
import { MediaUrlSigner, PRIVATE_MEDIA_PREFIX, viewerScope } from './url-signer.js';

const signer = new MediaUrlSigner('secreto-de-prueba');

function signedParts(url: string) {
  const parsed = new URL(url, 'http://fogata.test');
  return {
    path: parsed.pathname,
    exp: parsed.searchParams.get('exp'),
    sig: parsed.searchParams.get('sig'),
    scope: parsed.searchParams.get('scope') ?? undefined,
  };
}

describe('media URLs', () => {
  it('gives public keys a plain /media/ URL and private ones a signed, expiring one', () => {
    const publicKey = newMediaKey('news', 'webp');
    expect(mediaUrl(signer, publicKey)).toBe(`/media/${publicKey}`);
    const privateKey = newMediaKey('private/photos', 'webp');
    const { path, exp, sig } = signedParts(mediaUrl(signer, privateKey));
    expect(path.startsWith(PRIVATE_MEDIA_PREFIX)).toBe(true);
    expect(signer.verify(path, exp, sig)?.key).toBe(privateKey);
    expect(signer.verify(path, exp, 'x'.repeat(43))).toBeNull();
    expect(mediaUrl(signer, privateKey)).toBe(signer.url(privateKey));
  });

  it("signs a viewer's own URL with their scope, and leaves public keys as they are", () => {
    const scope = viewerScope(7);
    const privateKey = newMediaKey('private/photos', 'webp');
    const own = signedParts(mediaUrl(signer, privateKey, scope));
    expect(own.scope).toBe('u7');
    expect(signer.verify(own.path, own.exp, own.sig, undefined, own.scope)).toMatchObject({
      key: privateKey,
      scope: 'u7',
    });
    // Without its scope, the viewer's signature opens nothing.
    expect(signer.verify(own.path, own.exp, own.sig)).toBeNull();
    const publicKey = newMediaKey('avatars', 'webp');
    expect(mediaUrl(signer, publicKey, scope)).toBe(`/media/${publicKey}`);
  });

  it('keeps a missing key missing', () => {
    expect(mediaUrlOf(signer, null)).toBeNull();
    expect(keyUrls(signer, viewerScope(3)).urlOf(null)).toBeNull();
    const key = newMediaKey('private/photos', 'webp');
    expect(keyUrls(signer, viewerScope(3)).url(key)).toBe(mediaUrl(signer, key, viewerScope(3)));
    expect(keyUrls(signer).urlOf(key)).toBe(mediaUrl(signer, key));
  });
});
