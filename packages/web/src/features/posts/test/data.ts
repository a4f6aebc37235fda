import type { Experience, News } from '@fogata/shared';

const PIXEL = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

/** What GET answers of every post `id`, whatever its kind. */
const post = (id: number) => ({
  id,
  created_at: '2025-05-07T10:00:00Z',
  updated_at: '2025-05-07T10:00:00Z',
  likes_count: 0,
  comments_count: 0,
  user_has_liked: false,
});

/** A news item as GET /news answers, with `extra` on top. */
export const newsData = (id: number, extra: Partial<News> = {}): News => ({
  ...post(id),
  title: `Noticia ${id}`,
  description: `Resumen de la noticia ${id}.`,
  content: `Contenido de la noticia ${id}.`,
  image_url: `/media/news/${id}/display.webp`,
  thumb_url: `/media/news/${id}/thumb.webp`,
  placeholder: PIXEL,
  width: 1600,
  height: 900,
  ...extra,
});

/** An experience as GET /experiences answers, with `extra` on top. */
export const experienceData = (id: number, extra: Partial<Experience> = {}): Experience => ({
  ...post(id),
  title: `Experiencia ${id}`,
  description: `Descripción de la experiencia ${id}.`,
  category: 'ruta',
  image: `/media/experiences/${id}/display.webp`,
  image_thumb: `/media/experiences/${id}/thumb.webp`,
  image_placeholder: PIXEL,
  image_width: 1600,
  image_height: 1200,
  ...extra,
});

/** A comment as GET …/comments answers. */
export const commentData = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  user_id: 5,
  author_name: 'Lucía Tropa',
  author_avatar: null,
  comment_text: `Comentario ${id}`,
  created_at: '2025-05-08T10:00:00Z',
  updated_at: '2025-05-08T10:00:00Z',
  can_delete: true,
  ...extra,
});

/** A File of `bytes` bytes with the given type. */
export const fileOf = (name: string, type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type });
