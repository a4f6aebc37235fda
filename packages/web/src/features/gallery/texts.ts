import { ALBUM_PAGE_TEXTS, LIMITS } from '@fogata/shared';

/** A whole number with a point between thousands: 2000 → '2.000' (Intl would load its data). */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Screen texts of the gallery (the albums list, an album's page), word for word where the product
 * gives them. Validation and server messages live in @fogata/shared.
 */
export const GALLERY_TEXTS = {
  title: 'Álbumes de Fotos',
  loadFailed: 'No se pudieron cargar los álbumes.',
  loadingAlbums: 'Cargando álbumes...',
  empty: 'No hay álbumes para mostrar.',
  emptyManager: '¡Crea el primero con el botón +!',
  createButton: 'Crear nuevo álbum',
  editAlbum: 'Editar álbum',
  deleteAlbum: 'Eliminar álbum',
  deleteAlbumBody: (title: string) => `¿Eliminar el álbum «${title}» con todas sus fotos?`,
  deleteConfirm: 'Eliminar',
  likes: (n: number) => (n === 1 ? '1 me gusta' : `${n} me gusta`),
  comments: (n: number) => (n === 1 ? '1 comentario' : `${n} comentarios`),
  photos: (n: number) => (n === 1 ? '1 foto' : `${n} fotos`),

  createTitle: 'Crear Nuevo Álbum',
  editTitle: 'Editar Álbum',
  fieldTitle: 'Título',
  fieldDescription: 'Descripción (opcional)',
  fieldCover: 'Imagen de portada',
  fieldCoverEdit: 'Cambiar portada (opcional)',
  chooseCover: 'Elegir imagen',
  coverHelp: 'Una imagen JPG, PNG, GIF o WebP de hasta 25 MB.',
  coverEditHelp: 'Elige una imagen solo si quieres reemplazar la portada actual.',
  currentCover: 'Portada actual',
  newCover: 'Nueva portada',
  create: 'Crear Álbum',
  creating: 'Creando...',
  save: 'Guardar Cambios',
  saving: 'Guardando...',
  cancel: 'Cancelar',

  invalidId: 'ID de álbum inválido en la URL.',
  notFound: 'Álbum no encontrado',
  back: ALBUM_PAGE_TEXTS.back,
  noPhotos: 'Este álbum aún no tiene fotos.',
  noPhotosManager: ' ¡Sube algunas con el botón +!',
  loadingAlbum: 'Cargando álbum...',
  loadingMorePhotos: 'Cargando más fotos...',
  uploadButton: 'Subir fotos',
  openPhoto: (n: number) => `Ver foto ${n}`,
  photoComments: (n: number) => (n === 1 ? 'Ver 1 comentario' : `Ver ${n} comentarios`),
  deletePhoto: 'Eliminar foto',
  deletePhotoBody: '¿Eliminar esta foto con sus me gusta y comentarios?',
  // The shared text is 'Error al eliminar el {thing}: …'; a photo is feminine in Spanish.
  photoDeleteFailed: (message: string) => `Error al eliminar la foto: ${message}`,

  detailTitle: 'Detalle de Foto',
  /** The detail image's alt text when the photo has no caption. */
  photoAlt: (album: string, n: number, total: number) => `${album}, foto ${n} de ${total}`,
  commentsHeading: (n: number) => `Comentarios (${n})`,
  close: 'Cerrar',

  // The viewer moves through the album like a gallery's (decision 038).
  previousPhoto: 'Foto anterior',
  nextPhoto: 'Foto siguiente',
  /** '12 de 2.000': the photo's place in the album, thousands with a point, as in Spanish. */
  photoPosition: (n: number, total: number) => `${thousands(n)} de ${thousands(total)}`,
  viewerNavigation: 'Navegación entre fotos',
  fullScreen: 'Ver a pantalla completa',
  fullScreenTitle: 'Foto a pantalla completa',
  exitFullScreen: 'Salir de pantalla completa',
  zoomHelp: 'Pellizca o haz doble clic para ampliar; desliza o usa las flechas para pasar de foto.',

  uploadTitle: 'Subir Fotos',
  uploadField: 'Fotos',
  choosePhotos: 'Elegir fotos',
  uploadHelp: `Hasta ${LIMITS.imagesPerUpload} imágenes a la vez. Se comprimen en tu navegador antes de subirlas.`,
  upload: 'Subir',
  uploading: 'Subiendo...',
  compressing: 'Comprimiendo imágenes...',
  sending: 'Subiendo fotos...',
  selected: (n: number) => (n === 1 ? '1 imagen seleccionada' : `${n} imágenes seleccionadas`),
  tooMany: 'Error: No puedes seleccionar más de 10 archivos a la vez.',
  noneSelected: 'Error: No se seleccionó ningún archivo.',
  onlyImages: 'Error: Por favor, selecciona solo archivos de imagen.',
  ignored: (n: number) =>
    n === 1
      ? 'Se ignoró 1 archivo que no es una imagen.'
      : `Se ignoraron ${n} archivos que no son imágenes.`,
  nothingToUpload: 'Error: No hay archivos seleccionados o procesados.',
  compressFailed: (file: string) => `Error al comprimir ${file}. Se usará el original.`,
  processFailed: 'Error al procesar imágenes. Inténtalo de nuevo.',
  failuresHeading: 'No se pudieron subir:',

  // Captions and album download (decision 019).
  captionLabel: 'Pie de foto (opcional)',
  captionFor: (file: string) => `Pie de foto de ${file} (opcional)`,
  captionHint:
    'Por su seguridad, no escribas nombres completos de niños y niñas junto a sus fotos.',
  captionCount: (n: number) => `${n}/${LIMITS.photoCaptionMax}`,
  captionAdd: 'Añadir pie de foto',
  captionEdit: 'Editar pie de foto',
  captionSave: 'Guardar',
  captionSaving: 'Guardando...',
  download: ALBUM_PAGE_TEXTS.download,
  downloadPreparing: 'Preparando descarga...',
  downloadHelp: ALBUM_PAGE_TEXTS.downloadHelp,

  // Who sees an album (decisions 054 and 056).
  audienceLegend: 'Quién lo ve',
  audienceWholeGroup: 'Todo el grupo',
  audienceSomeSections: 'Solo algunas secciones',
  audienceSectionsLegend: 'Secciones',
  audienceHelp:
    'Las familias lo ven si alguno de sus educandos está en una de las secciones elegidas; los scouters, si es de sus secciones.',
  audienceNoChoices: 'No tienes secciones asignadas: el álbum será de todo el grupo.',
  audienceLoading: 'Cargando secciones...',
  audienceLoadFailed: 'No se pudieron cargar las secciones. El álbum será de todo el grupo.',
  audienceNoneChosen: 'Elige al menos una sección.',
  /** What the badges of an album for some sections say to a screen reader. */
  audienceBadges: (names: string[]) => `Para: ${names.join(', ')}`,
  publishBodySections: (title: string, names: string[]) =>
    `Al publicar «${title}», lo verán las familias y los scouters de ${names.join(', ')} (salvo las fotos ocultas por una solicitud de retirada).`,

  // Drafts and removal requests (decision 018).
  publishNow: 'Publicar ahora',
  publishNowHelp:
    'Si lo desmarcas, el álbum queda como borrador: solo lo ven los scouters hasta que lo publiques.',
  draftBadge: 'Borrador — solo lo ven los scouters',
  publish: 'Publicar',
  publishTitle: 'Publicar álbum',
  publishBody: (title: string) =>
    `Al publicar «${title}», todos los miembros del grupo verán el álbum y sus fotos (salvo las ocultas por una solicitud de retirada).`,
  publishing: 'Publicando...',
  unpublish: 'Volver a borrador',
  unpublishTitle: 'Volver a borrador',
  unpublishBody: (title: string) =>
    `«${title}» dejará de verse para los miembros: solo lo verán los scouters hasta que lo vuelvas a publicar.`,
  unpublishing: 'Guardando...',
  hiddenBadge: 'Oculta por una solicitud de retirada',
  requestRemoval: 'Pedir que se retire esta foto',
  requestRemovalTitle: 'Pedir que se retire esta foto',
  requestRemovalBody:
    'La foto dejará de verse en el acto para todos los miembros. Los scouters recibirán tu solicitud, la revisarán y decidirán si la eliminan, la mantienen oculta o la vuelven a mostrar. Podrás ver en tu perfil en qué estado está.',
  requestRemovalReason: 'Motivo (opcional)',
  requestRemovalConfirm: 'Pedir que se retire',
  requestRemovalSending: 'Enviando...',
} as const;
