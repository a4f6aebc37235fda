import { FACE_OTHER_SECTION_LABEL, FACE_STATUS_LABELS, SERVER_ERRORS } from '@fogata/shared';

/** Texts of Revisar caras (decision 077). */
export const T = {
  title: 'Revisar caras',
  back: '← Volver',
  backToAlbum: '← Volver al álbum',
  backToNews: '← Volver a la noticia',
  backToExperience: '← Volver a la experiencia',
  loading: 'Cargando imágenes…',
  notFound: 'No se encontró la imagen.',
  pending: (n: number) =>
    n === 0
      ? 'No queda ninguna cara por revisar.'
      : n === 1
        ? 'Queda 1 cara por revisar.'
        : `Quedan ${n} caras por revisar.`,
  help: 'Pasa de cara en cara con Tab. En una cara: A, adulto; N, no es una cara; escribe el nombre del educando y pulsa Intro para asignarlo. Después se pasa a la siguiente cara por revisar.',
  cover: 'Portada del álbum',
  photo: (n: number, total: number) => `Foto ${n} de ${total}`,
  image: 'Imagen',
  noFaces: 'No se ha encontrado ninguna cara en esta imagen.',
  facesOf: (where: string) => `Caras de ${where}`,
  status: FACE_STATUS_LABELS,
  /** A face of a child of a section the viewer does not manage (decision 106). */
  otherSection: FACE_OTHER_SECTION_LABEL,
  otherSectionNote: SERVER_ERRORS.faceOtherSection,
  adult: 'Adulto',
  notFace: 'No es una cara',
  backToPending: 'Volver a «por revisar»',
  childLabel: 'Educando',
  childPlaceholder: 'Escribe para buscar…',
  noChildMatch: 'Ningún educando coincide.',
  noChildren: 'No hay educandos que puedas asignar en esta imagen.',
  assign: 'Asignar',
  shortcut: (key: string) => `Atajo: ${key}`,
  deleteBox: 'Borrar recuadro',
  draw: 'Dibujar una cara',
  drawing:
    'Arrastra sobre la imagen para marcar la cara. Con el teclado: las flechas mueven el recuadro, Mayús + flechas cambian su tamaño, Intro lo guarda y Esc cancela.',
  keyBox: 'Recuadro de la nueva cara',
  keyBoxHelp:
    'Flechas: mover. Mayús + flechas: derecha y abajo lo agrandan, izquierda y arriba lo encogen. Intro: guardar. Esc: cancelar.',
  keyBoxWhere: (x: number, y: number, width: number, height: number) =>
    `A ${x} % del borde izquierdo y ${y} % del borde de arriba; ${width} % de ancho y ${height} % de alto.`,
  cancelDraw: 'Cancelar',
  drawn: 'Recuadro añadido: asígnalo.',
  saved: 'Guardado.',
  more: 'Cargar más fotos',
  loadingMore: 'Cargando…',
  errorLoad: 'Error al cargar las caras. Refresca e intenta de nuevo.',
  errorSave: 'Error al guardar la cara. Inténtalo de nuevo.',
  errorChildren: 'Error al cargar los educandos.',
  manual: 'dibujada a mano',
  blurRequested: 'La familia pidió difuminarla',
  /** An image the detector could not search (decision 099). */
  unsearched:
    'No se pudieron buscar caras en esta imagen, así que las familias la ven difuminada entera. Dibuja las caras que tenga y pulsa «Ya la he revisado».',
  markSearched: 'Ya la he revisado',
  unblur: 'Dejar de difuminar',
  unblurred:
    'Ya no se difumina por petición de la familia: se verá donde su consentimiento lo permita.',
} as const;
