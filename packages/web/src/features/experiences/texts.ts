import { PUBLIC_PAGE_TEXTS } from '@fogata/shared';

/**
 * Screen texts of the experiences (SPEC §2 Experiences list, Experience detail), word for word
 * where the spec gives them. Category labels, validation and server messages live in
 * @fogata/shared.
 */
export const EXPERIENCE_TEXTS = {
  title: PUBLIC_PAGE_TEXTS.experiencesTitle,
  loadFailed: 'No se pudieron cargar las experiencias.',
  loadingList: 'Cargando experiencias...',
  empty: 'No hay experiencias para mostrar',
  emptyFiltered: ' en la categoría seleccionada',
  filterLabel: 'Filtrar por categoría',
  filterAll: 'Todas',
  createButton: 'Crear nueva experiencia',
  deleteExperience: 'Eliminar experiencia',
  deleteExperienceBody: (title: string) =>
    `¿Eliminar la experiencia «${title}» con sus me gusta y comentarios?`,
  deleteConfirm: 'Eliminar',
  /** SPEC §2 (an experience is feminine); an empty reason reads 'Error desconocido'. */
  deleteFailed: (reason: string) =>
    `Error al eliminar la experiencia: ${reason || 'Error desconocido'}`,

  createTitle: 'Crear Nueva Experiencia',
  editTitle: 'Editar Experiencia',
  fieldTitle: 'Título',
  fieldDescription: 'Descripción',
  fieldCategory: 'Categoría',
  fieldImage: 'Imagen',
  fieldImageEdit: 'Cambiar imagen (opcional)',
  chooseImage: 'Elegir imagen',
  imageHelp: 'Una imagen JPG, PNG, GIF o WebP de hasta 25 MB.',
  imageEditHelp: 'Elige una imagen solo si quieres reemplazar la actual.',
  currentImage: 'Imagen actual',
  newImage: 'Nueva imagen',
  create: 'Crear Experiencia',
  creating: 'Creando...',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  cancel: 'Cancelar',
  close: 'Cerrar',

  invalidId: 'ID de experiencia no válido o no proporcionado.',
  notFound: PUBLIC_PAGE_TEXTS.experienceNotFound,
  notFoundBody: PUBLIC_PAGE_TEXTS.experienceNotFoundBody,
  loadingDetail: 'Cargando experiencia...',
  back: 'Volver a las experiencias',
  category: (label: string) => `Categoría: ${label}`,
  noDescription: 'No hay descripción disponible.',
  edit: 'Editar',
  remove: 'Borrar',
  commentsHeading: (n: number) => `Comentarios (${n})`,
} as const;
