/** Screen texts of the comments section (SPEC §2 Comments). */
export const COMMENT_TEXTS = {
  label: 'Escribe un comentario',
  placeholder: 'Escribe un comentario...',
  submit: 'Comentar',
  sending: 'Enviando...',
  loadMore: 'Cargar más comentarios',
  noMore: 'No hay más comentarios.',
  none: 'Todavía no hay comentarios.',
  edited: '(editado)',
  delete: 'Eliminar comentario',
  deleteTitle: 'Eliminar comentario',
  deleteConfirm: 'Eliminar',
  loading: 'Cargando comentarios...',
} as const;
