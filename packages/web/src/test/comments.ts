import type { Comment } from '@fogata/shared';

/** A comment as the API gives it: 'Autor {id}', 'Comentario número {id}', not deletable. */
export const comment = (id: number, extra: Partial<Comment> = {}): Comment => ({
  id,
  user_id: 2,
  author_name: `Autor ${id}`,
  author_avatar: null,
  comment_text: `Comentario número ${id}`,
  created_at: '2025-03-01T10:00:00Z',
  updated_at: '2025-03-01T10:00:00Z',
  can_delete: false,
  ...extra,
});
