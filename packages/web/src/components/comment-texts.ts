/** Screen texts of the comments section: the list, the form and the tests read the same words. */
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
