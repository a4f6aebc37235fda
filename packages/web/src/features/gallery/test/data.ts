import type { Album, Photo } from '@fogata/shared';

const PIXEL = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

/** An album as GET /albums answers, with `extra` on top. */
export const albumData = (id: number, extra: Partial<Album> = {}): Album => ({
  id,
  title: `Campamento ${id}`,
  description: null,
  cover: `/media/albums/${id}/cover.webp?exp=1&sig=a`,
  cover_thumb: `/media/albums/${id}/cover-thumb.webp?exp=1&sig=a`,
  cover_placeholder: PIXEL,
  cover_width: 1200,
  cover_height: 800,
  likes_count: 0,
  comments_count: 0,
  photos_count: 0,
  published: true,
  audience: [],
  created_at: '2025-05-01T10:00:00Z',
  updated_at: '2025-05-01T10:00:00Z',
  ...extra,
});

/** A photo as GET /photos/album/{id} answers. */
export const photoData = (id: number, extra: Partial<Photo> = {}): Photo => ({
  id,
  album_id: 1,
  image_url: `/media/photos/${id}.webp?exp=1&sig=a`,
  thumb_url: `/media/photos/${id}-thumb.webp?exp=1&sig=a`,
  width: 1600,
  height: 1200,
  placeholder: PIXEL,
  description: null,
  likes_count: 0,
  comments_count: 0,
  user_has_liked: false,
  hidden: false,
  created_at: '2025-05-01T10:00:00Z',
  ...extra,
});

/** A File of `bytes` bytes with the given type. */
export const fileOf = (name: string, type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type });
