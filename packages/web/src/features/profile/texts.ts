import { AUTHORIZATION_MESSAGES } from '@fogata/shared';

/** Texts of the profile's list of removal requests (decision 018). */
export const MY_REMOVAL_TEXTS = {
  title: 'Mis solicitudes de retirada',
  album: (title: string) => `Álbum «${title}»`,
  askedOn: (date: string) => `Pedida el ${date}`,
  reason: 'Tu motivo:',
  note: 'Nota del equipo:',
} as const;

/** Texts of 'Mis datos' on the profile: the export and deleting one's account (decision 023). */
export const MY_DATA_TEXTS = {
  title: 'Tus datos y tu cuenta',
  exportIntro:
    'Descarga en un archivo JSON lo que Fogata guarda de ti: tu cuenta, los datos de tus educandos y sus respuestas a las actividades, las autorizaciones que has firmado, tus «me gusta», tus comentarios, tus solicitudes de retirada y tus invitaciones.',
  download: 'Descargar mis datos',
  downloading: 'Preparando...',
  downloaded: 'Descarga lista: revisa la carpeta de descargas de tu navegador.',
  downloadFailed: 'Error al descargar tus datos.',
  deleteIntro:
    'Puedes eliminar tu cuenta cuando quieras. Te pediremos tu contraseña para confirmarlo.',
  deleteButton: 'Eliminar mi cuenta',
  modalTitle: '¿Eliminar tu cuenta?',
  consequences: [
    'Se borran tu cuenta, tus «me gusta» y todos tus comentarios: los comentarios se eliminan, no se quedan como anónimos.',
    'Los álbumes, fotos, noticias y experiencias que subiste se quedan en el grupo.',
    'Si estás vinculado a educandos, el vínculo se borra, pero ellos siguen en el grupo, en su sección: si eras su única familia en Fogata, los scouters los verán «sin familia» hasta que inviten a otra persona de su familia.',
    'Si pediste retirar una foto y el equipo aún no lo ha revisado, la foto sigue oculta hasta que lo decida.',
    // The retention of signed autorizaciones (decision 151): said where the account is deleted.
    AUTHORIZATION_MESSAGES.retentionOnDeletion,
    'Tu sesión se cierra en todos tus dispositivos.',
  ],
  irreversible: 'Esta acción no se puede deshacer.',
  password: 'Contraseña',
  passwordHelp: 'Escribe tu contraseña para confirmar que eres tú.',
  confirm: 'Eliminar mi cuenta',
  confirming: 'Eliminando...',
  cancel: 'Cancelar',
  orExternal: '¿Entras con Google y no tienes contraseña? Confirma con un inicio de sesión nuevo:',
  confirmExternal: 'Confirmar con Google',
  deleteFailed: 'Error al eliminar tu cuenta.',
} as const;

/** Texts of the e-mail digest's choice in 'Editar Perfil' (decision 022). */
export const DIGEST_PREFERENCE_TEXTS = {
  title: 'Resumen de novedades por correo',
  intro:
    'Te avisamos por correo de los álbumes, noticias y experiencias nuevos del grupo: como mucho un correo al día, y solo si hay algo nuevo.',
  legend: '¿Cada cuánto quieres recibirlo?',
  save: 'Guardar preferencia',
  saving: 'Guardando...',
} as const;

/** Texts of 'Mis educandos' in 'Editar Perfil' (decision 049). */
export const MY_CHILDREN_TEXTS = {
  title: 'Mis educandos',
  empty:
    'No tienes educandos vinculados a tu cuenta. Si tienes hijos o hijas en el grupo, pide a su scouter que los vincule.',
} as const;

/** Texts of the image consent in 'Mis educandos' (decision 074). */
export const CONSENT_TEXTS = {
  title: 'Consentimiento de imagen',
  intro:
    'Decide dónde puede aparecer la imagen de tu educando. Sin una respuesta, su cara no se muestra: se difumina.',
  readText: (version: number) => `Leer el texto del consentimiento (versión ${version})`,
  granted: 'Autorizado',
  refused: 'No autorizado',
  none: 'Sin responder: no se mostrará su cara',
  yes: 'Sí',
  no: 'No',
  choiceLabel: (purpose: string, name: string) => `${purpose} para ${name}`,
  outdated: 'El texto ha cambiado desde que respondiste: léelo y vuelve a responder.',
  askedAgain: 'Hay un texto nuevo del consentimiento: te pedimos que vuelvas a responder.',
  ownCounts: (name: string) =>
    `${name} ya tiene 14 años: cuenta su propio consentimiento, no el de la familia. Lo registra su scouter con él o con ella.`,
  givenBy: {
    guardian: 'respondido por la familia',
    paper: 'hoja firmada',
    own: 'su propio consentimiento',
  },
  since: (date: string) => `desde el ${date}`,
  saving: 'Guardando...',
  photosLink: 'Fotos de mi educando',
  photosLinkLabel: (name: string) => `Fotos de mi educando: ${name}`,
  loadFailed: 'No se pudo cargar el consentimiento.',
} as const;

/** Texts of 'Fotos de mi educando' (decision 073). */
export const CHILD_PHOTOS_TEXTS = {
  title: 'Fotos de mi educando',
  heading: (name: string) => `Fotos de ${name}`,
  intro:
    'Las fotos del grupo en las que un scouter ha señalado la cara de tu educando. Si prefieres que no se le reconozca en alguna, pulsa «Difuminar a mi hijo/a en esta foto»: su cara se difumina para todos al momento y avisamos a los scouters. Si cambias de idea, «Dejar de difuminar» lo deshace.',
  empty: 'Todavía no hay fotos en las que se haya señalado a tu educando.',
  blur: 'Difuminar a mi hijo/a en esta foto',
  blurLabel: (n: number) => `Difuminar a mi hijo/a en esta foto (foto ${n})`,
  blurring: 'Difuminando...',
  blurred: 'Difuminado en esta foto',
  unblur: 'Dejar de difuminar',
  unblurLabel: (n: number) => `Dejar de difuminar a mi hijo/a en esta foto (foto ${n})`,
  unblurring: 'Quitando el difuminado...',
  photoAlt: (n: number) => `Foto ${n} en la que aparece tu educando`,
  back: 'Volver a mi perfil',
  pagination: 'Páginas de fotos',
  total: (n: number) => (n === 1 ? '1 foto' : `${n} fotos`),
  notFound: 'No encontramos a este educando entre los tuyos.',
} as const;

/** The link to a child's ficha sanitaria in 'Mis educandos', and its badge. */
export const HEALTH_LINK_TEXTS = {
  link: 'Ficha sanitaria',
  /** What a screen reader hears after «Ficha sanitaria»: whose it is. */
  linkNameTail: (name: string) => `de ${name}`,
  notFilled: 'Sin rellenar',
  confirmDue: 'Confirmar que está al día',
} as const;
