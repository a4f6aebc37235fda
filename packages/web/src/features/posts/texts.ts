import { PUBLIC_PAGE_TEXTS } from '@fogata/shared';

/**
 * Screen texts of news and experiences, word for word where the product gives them. What both
 * say alike is here once; each kind adds its own. Validation and server messages live in
 * @fogata/shared.
 */
const POST_TEXTS = {
  deleteConfirm: 'Eliminar',
  fieldTitle: 'Título',
  fieldImage: 'Imagen',
  fieldImageEdit: 'Cambiar imagen (opcional)',
  chooseImage: 'Elegir imagen',
  imageHelp: 'Una imagen JPG, PNG, GIF o WebP de hasta 25 MB.',
  imageEditHelp: 'Elige una imagen solo si quieres reemplazar la actual.',
  currentImage: 'Imagen actual',
  newImage: 'Nueva imagen',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  close: 'Cerrar',
  edit: 'Editar',
  remove: 'Borrar',
  commentsHeading: (n: number) => `Comentarios (${n})`,
} as const;

type CommonTexts = typeof POST_TEXTS;

/** What each kind says its own way. */
export interface PostTexts extends CommonTexts {
  title: string;
  loadFailed: string;
  loadingList: string;
  empty: string;
  /** After `empty`, to managers. */
  emptyManager?: string;
  /** After `empty`, when a filter is on. */
  emptyFiltered?: string;
  createButton: string;
  deleteTitle: string;
  deleteBody: (title: string) => string;
  deleteFailed: (reason: string) => string;
  createTitle: string;
  editTitle: string;
  fieldDescription: string;
  create: string;
  creating: string;
  invalidId: string;
  notFound: string;
  notFoundBody: string;
  loadingDetail: string;
  back: string;
}

export const NEWS_TEXTS = {
  ...POST_TEXTS,
  title: PUBLIC_PAGE_TEXTS.newsTitle,
  loadFailed: 'No se pudieron cargar las noticias.',
  loadingList: 'Cargando noticias...',
  empty: 'No hay noticias para mostrar.',
  emptyManager: ' ¡Crea la primera!',
  createButton: 'Crear nueva noticia',
  deleteTitle: 'Eliminar noticia',
  deleteBody: (title: string) => `¿Eliminar la noticia «${title}» con sus me gusta y comentarios?`,
  // The product's 'Error al eliminar el {thing}: …'; a news item (noticia) is feminine.
  deleteFailed: (message: string) => `Error al eliminar la noticia: ${message}`,
  createTitle: 'Crear Nueva Noticia',
  editTitle: 'Editar Noticia',
  fieldDescription: 'Resumen',
  descriptionHelp: 'Una o dos frases: se muestra en la tarjeta y en cursiva sobre el contenido.',
  fieldContent: 'Contenido',
  create: 'Publicar Noticia',
  creating: 'Publicando...',
  invalidId: 'ID de noticia no válido o no proporcionado.',
  notFound: PUBLIC_PAGE_TEXTS.newsNotFound,
  notFoundBody: PUBLIC_PAGE_TEXTS.newsNotFoundBody,
  loadingDetail: 'Cargando noticia...',
  back: 'Volver a las noticias',
  noImage: '(Sin imagen)',
} as const;

export const EXPERIENCE_TEXTS = {
  ...POST_TEXTS,
  title: PUBLIC_PAGE_TEXTS.experiencesTitle,
  loadFailed: 'No se pudieron cargar las experiencias.',
  loadingList: 'Cargando experiencias...',
  empty: 'No hay experiencias para mostrar',
  emptyFiltered: ' en la categoría seleccionada',
  filterLabel: 'Filtrar por categoría',
  filterAll: 'Todas',
  createButton: 'Crear nueva experiencia',
  deleteTitle: 'Eliminar experiencia',
  deleteBody: (title: string) =>
    `¿Eliminar la experiencia «${title}» con sus me gusta y comentarios?`,
  /** An experience is feminine; an empty reason reads 'Error desconocido'. */
  deleteFailed: (reason: string) =>
    `Error al eliminar la experiencia: ${reason || 'Error desconocido'}`,
  createTitle: 'Crear Nueva Experiencia',
  editTitle: 'Editar Experiencia',
  fieldDescription: 'Descripción',
  fieldCategory: 'Categoría',
  create: 'Crear Experiencia',
  creating: 'Creando...',
  invalidId: 'ID de experiencia no válido o no proporcionado.',
  notFound: PUBLIC_PAGE_TEXTS.experienceNotFound,
  notFoundBody: PUBLIC_PAGE_TEXTS.experienceNotFoundBody,
  loadingDetail: 'Cargando experiencia...',
  back: 'Volver a las experiencias',
  category: (label: string) => `Categoría: ${label}`,
  noDescription: 'No hay descripción disponible.',
} as const;
