import { PUBLIC_PAGE_TEXTS } from '@fogata/shared';

/**
 * Screen texts of the news (SPEC §2 News list, News detail), word for word where the spec gives
 * them. Validation and server messages live in @fogata/shared.
 */
export const NEWS_TEXTS = {
  title: PUBLIC_PAGE_TEXTS.newsTitle,
  loadFailed: 'No se pudieron cargar las noticias.',
  loadingList: 'Cargando noticias...',
  empty: 'No hay noticias para mostrar.',
  emptyManager: ' ¡Crea la primera!',
  createButton: 'Crear nueva noticia',
  deleteNews: 'Eliminar noticia',
  deleteNewsBody: (title: string) =>
    `¿Eliminar la noticia «${title}» con sus me gusta y comentarios?`,
  deleteConfirm: 'Eliminar',
  // SPEC §8 gives 'Error al eliminar el {thing}: …'; a news item (noticia) is feminine.
  deleteFailed: (message: string) => `Error al eliminar la noticia: ${message}`,

  createTitle: 'Crear Nueva Noticia',
  editTitle: 'Editar Noticia',
  fieldTitle: 'Título',
  fieldDescription: 'Resumen',
  descriptionHelp: 'Una o dos frases: se muestra en la tarjeta y en cursiva sobre el contenido.',
  fieldContent: 'Contenido',
  fieldImage: 'Imagen',
  fieldImageEdit: 'Cambiar imagen (opcional)',
  chooseImage: 'Elegir imagen',
  imageHelp: 'Una imagen JPG, PNG, GIF o WebP de hasta 25 MB.',
  imageEditHelp: 'Elige una imagen solo si quieres reemplazar la actual.',
  currentImage: 'Imagen actual',
  newImage: 'Nueva imagen',
  create: 'Publicar Noticia',
  creating: 'Publicando...',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  close: 'Cerrar',

  invalidId: 'ID de noticia no válido o no proporcionado.',
  notFound: PUBLIC_PAGE_TEXTS.newsNotFound,
  notFoundBody: PUBLIC_PAGE_TEXTS.newsNotFoundBody,
  loadingDetail: 'Cargando noticia...',
  back: 'Volver a las noticias',
  noImage: '(Sin imagen)',
  edit: 'Editar',
  remove: 'Borrar',
  commentsHeading: (n: number) => `Comentarios (${n})`,
} as const;
