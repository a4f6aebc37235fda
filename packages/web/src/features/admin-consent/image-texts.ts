import type { ConsentPreviewTotals, ImagePublication, PublicationChannel } from '@fogata/shared';

const n = (count: number, one: string, many: string) =>
  count === 1 ? `1 ${one}` : `${count.toLocaleString('es-ES')} ${many}`;

/** Texts of the admin page 'Imagen' (decision 088). */
export const IMAGE_TEXTS = {
  title: 'Imagen',
  intro:
    'Cómo muestra el grupo las caras de los educandos: el consentimiento de imagen de cada familia, la revisión de caras y dónde se ha publicado cada imagen.',
  settingsHeading: 'Ajustes',
  enforce: 'Aplicar el consentimiento de imagen',
  enforceHelp:
    'Activado, la cara de un educando se difumina en cada copia que se sirve (galería, web pública, descargas, correos) si su familia no ha dado el consentimiento para ese uso, y las caras sin revisar se difuminan hasta que alguien las revise. Desactivado, solo se difuminan las caras que una familia ha pedido difuminar.',
  reviewed: 'Publicar solo álbumes revisados',
  reviewedHelp: 'Un álbum no puede salir de borrador mientras tenga caras sin revisar.',
  saving: 'Guardando...',
  previewHeadingOff: 'Vista previa: qué se difuminaría',
  previewHeadingOn: 'Caras difuminadas ahora',
  previewIntro:
    'Para un miembro sin educandos en el grupo. Cada familia ve siempre a sus propios hijos; scouters y administradores ven las fotos originales.',
  previewSummary: (t: ConsentPreviewTotals, enforced: boolean) =>
    t.faces === 0
      ? 'Todavía no se ha encontrado ninguna cara en las fotos de los álbumes.'
      : `${enforced ? 'Se difuminan' : 'Se difuminarían'} ${t.blurred.toLocaleString('es-ES')} de ${n(t.faces, 'cara', 'caras')} en las fotos, en ${t.albums_with_blur.toLocaleString('es-ES')} de ${n(t.albums, 'álbum', 'álbumes')}.`,
  previewPending: (count: number) =>
    count === 0
      ? 'Todas las caras están revisadas.'
      : `${n(count, 'cara está', 'caras están')} sin revisar: se difuminan hasta que alguien las revise.`,
  previewPublic: (t: ConsentPreviewTotals) =>
    t.public_faces === 0
      ? 'Noticias y experiencias (web pública): ninguna cara encontrada.'
      : `Noticias y experiencias (web pública): ${t.public_blurred.toLocaleString('es-ES')} de ${n(t.public_faces, 'cara', 'caras')}.`,
  album: 'Álbum',
  photos: 'Fotos',
  faces: 'Caras',
  blurred: 'Se difuminan',
  albumsPager: 'Páginas de la vista previa',
  albumsCount: (count: number) => n(count, 'álbum', 'álbumes'),
  noAlbums: 'Todavía no hay álbumes.',
  confirmOnTitle: 'Aplicar el consentimiento de imagen',
  confirmOnBody: (t: ConsentPreviewTotals) =>
    `Se difuminarán ${n(t.blurred, 'cara', 'caras')} en las fotos de ${n(t.albums_with_blur, 'álbum', 'álbumes')} y ${n(t.public_blurred, 'cara', 'caras')} en las noticias y experiencias. Las imágenes públicas que cambien tendrán una dirección nueva: los enlaces antiguos dejarán de funcionar.`,
  confirmOn: 'Aplicar',
  confirmOffTitle: 'Dejar de aplicar el consentimiento de imagen',
  confirmOffBody:
    'Las caras de los educandos sin consentimiento volverán a verse en la galería y en la web pública. Solo seguirán difuminadas las que una familia haya pedido difuminar.',
  confirmOff: 'Dejar de aplicar',
  scanHeading: 'Búsqueda de caras en las imágenes ya guardadas',
  scanProgress: (done: number, total: number) =>
    `${done.toLocaleString('es-ES')} de ${n(total, 'imagen revisada', 'imágenes revisadas')}.`,
  scanDone: 'Todas las imágenes guardadas se han revisado.',
  scanLabel: 'Progreso de la búsqueda de caras',
  /** Images the scan gave up on (decision 099). */
  scanGivenUp: (count: number) =>
    `En ${n(count, 'imagen', 'imágenes')} no se pudieron buscar caras: se ven difuminadas enteras hasta que un scouter las revise en «Revisar caras».`,
  ledgerHeading: 'Dónde se han publicado las imágenes',
  ledgerIntro:
    'Cada vez que una imagen sale de la aplicación queda anotado: en una noticia o experiencia pública, en un resumen por correo o en una descarga ZIP. Elige un educando para ver las publicaciones de las imágenes en que aparece y si su cara se vio o salió difuminada: lo que alcanza una retirada de consentimiento.',
  ledgerChild: 'Educando',
  ledgerChildHelp: 'Busca un educando por su nombre para ver solo las imágenes en que aparece.',
  ledgerEmpty: 'Todavía no se ha publicado ninguna imagen.',
  ledgerEmptyChild: 'No hay publicaciones de imágenes en que aparezca este educando.',
  when: 'Cuándo',
  where: 'Dónde',
  what: 'Imagen',
  to: 'Para',
  blurredFaces: 'Caras difuminadas',
  childFace: 'Su cara',
  ledgerPager: 'Páginas de las publicaciones',
  ledgerCount: (count: number) => n(count, 'publicación', 'publicaciones'),
  channel: {
    news: 'Noticia',
    experience: 'Experiencia',
    digest: 'Resumen por correo',
    zip: 'Descarga ZIP',
  } satisfies Record<PublicationChannel, string>,
  recipients: (p: ImagePublication) =>
    p.channel === 'news' || p.channel === 'experience'
      ? 'Cualquiera (web pública)'
      : (p.recipient_name ?? n(p.recipients, 'miembro', 'miembros')),
  shown: (value: boolean | null) =>
    value === null ? 'Foto a foto' : value ? 'Visible' : 'Difuminada',
} as const;
