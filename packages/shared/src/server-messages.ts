/** The Spanish messages the server answers with, each in one place. */

/** Messages the server sends in `{ message }`. */
export const SERVER_ERRORS = {
  validation: 'Los datos enviados no son válidos.',
  malformedJson: 'El cuerpo de la petición no es un JSON válido.',
  unauthenticated: 'Debes iniciar sesión.',
  invalidToken: 'Sesión expirada o inválida.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  adminOnly: 'Acceso denegado. Debes ser administrador.',
  notFound: 'Recurso no encontrado.',
  routeNotFound: 'Ruta no encontrada.',
  tooManyRequests: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  payloadTooLarge: 'El archivo es demasiado grande (máximo 25 MB)',
  internal: 'Error interno del servidor.',
  invalidCredentials: 'Email o contraseña incorrectos.',
  emailTaken: 'Ya existe una cuenta con este email.',
  invitationInvalid: 'La invitación no es válida o ya fue utilizada.',
  invitationExpired: 'La invitación ha expirado.',
  invitationNotPending: 'Solo se pueden revocar invitaciones pendientes.',
  invitationNotFound: 'Invitación no encontrada.',
  resetTokenInvalid: 'El enlace de restablecimiento no es válido o ha expirado.',
  userNotFound: 'Usuario no encontrado.',
  cannotChangeSelf: 'No puedes cambiar tu propio rol.',
  cannotDeleteSelf: 'No puedes eliminar tu propia cuenta.',
  lastAdmin: 'Debe quedar al menos un administrador.',
  unsupportedMediaType: 'Tipo de contenido no admitido. Envía JSON o multipart/form-data.',
  bodyTooLarge: 'La petición es demasiado grande.',
  malformedMultipart: 'El formulario enviado está incompleto o dañado. Inténtalo de nuevo.',
  badUrl: 'La dirección solicitada no es válida.',
  urlTooLong: 'La dirección solicitada es demasiado larga.',
  notReady:
    'El servidor no está listo: la base de datos o el almacenamiento de fotos no responden.',
  /** What is down is on our side, not in the form; the user only has to wait (decision 032). */
  databaseUnavailable:
    'El servidor no puede leer ni guardar datos en este momento. Inténtalo de nuevo en unos minutos.',
  storageUnavailable:
    'El almacenamiento de fotos no responde en este momento. Inténtalo de nuevo en unos minutos.',
  diskFull:
    'El servidor se ha quedado sin espacio para guardar datos. Inténtalo de nuevo más tarde.',
  malformedRequest: 'La petición llegó incompleta o dañada. Inténtalo de nuevo.',
  tooManyFiles: 'Has enviado demasiados archivos a la vez.',
  imageTooManyPixels: 'La imagen es demasiado grande: como máximo 50 megapíxeles.',
  imageUnreadable: 'No se pudo procesar la imagen. Comprueba que el archivo no esté dañado.',
  albumNotFound: 'Álbum no encontrado',
  newsNotFound: 'Noticia no encontrada',
  experienceNotFound: 'Experiencia no encontrada',
  monitorNotFound: 'Monitor no encontrado',
  photoNotFound: 'Foto no encontrada.',
  commentNotFound: 'Comentario no encontrado.',
  removalRequestNotFound: 'Solicitud de retirada no encontrada.',
  removalRequestClosed:
    'Esta solicitud ya está resuelta: la foto se eliminó o se volvió a mostrar.',
  likeExists: 'Ya has dado me gusta a este contenido.',
  likeMissing: 'No habías dado me gusta a este contenido.',
  mediaLinkInvalid: 'El enlace de la imagen no es válido o ha caducado.',
  mediaNotFound: 'Imagen no encontrada.',
  /** A blurred copy still being made when the request's wait for it ran out. */
  mediaCopyPending: 'Esta imagen se está preparando. Vuelve a intentarlo en unos segundos.',
  albumIdRequired: 'Indica el álbum al que subir las fotos.',
  /** An audience naming a section that does not exist, or one retired. */
  albumSectionUnavailable: 'Alguna de las secciones elegidas no existe o está retirada.',
  /** A scouter gives an album to a section they are not assigned to. */
  albumSectionForbidden: 'Solo puedes elegir todo el grupo o las secciones que tienes asignadas.',
  uploadAllFailed: 'No se pudo subir ninguna foto.',
  uploadTooLarge: 'Las imágenes no pueden superar 250 MB en total.',
  invitationMailFailed: 'La invitación se creó, pero no se pudo enviar el email.',
  invitationNotResendable: 'Solo se pueden reenviar invitaciones pendientes.',
  invitationResendFailed:
    'No se pudo enviar el email. La invitación sigue pendiente con su enlace anterior: inténtalo de nuevo más tarde.',
  externalDisabled: 'El inicio de sesión con Google no está configurado en este servidor.',
  externalProviderUnavailable:
    'No se pudo contactar con el proveedor de identidad. Inténtalo de nuevo en unos minutos.',
  externalTokenInvalid: 'El token de Google no es válido o ha caducado. Vuelve a intentarlo.',
  externalNonceInvalid:
    'El inicio de sesión con Google ha caducado o ya se usó. Vuelve a intentarlo.',
  externalEmailUnverified:
    'Tu cuenta de Google no tiene el email verificado: no puedes entrar con ella.',
  externalInvitationRequired:
    'No hay ninguna cuenta con este email. Necesitas una invitación de un administrador del grupo para entrar.',
  /** Sections, children and the paso de sección (decisions 140, 047–049). */
  sectionNotFound: 'Sección no encontrada.',
  sectionNameTaken: 'Ya existe una sección con ese nombre.',
  sectionRetired: 'Esa sección está retirada: elige una sección en uso.',
  sectionNotManaged: 'Solo puedes gestionar educandos de tus secciones.',
  scoutersOnly: 'Solo se pueden asignar cuentas con el rol scouter.',
  childNotFound: 'Educando no encontrado.',
  promotionChildUnknown: 'Alguno de los educandos no existe o ya no está activo.',
  /** Faces found in every image, Revisar caras (decisions 139, 077). */
  albumFacesToReview: (n: number) =>
    n === 1
      ? 'Queda 1 cara por revisar en este álbum: revísala antes de publicarlo.'
      : `Quedan ${n} caras por revisar en este álbum: revísalas antes de publicarlo.`,
  faceNotFound: 'Cara no encontrada.',
  faceImageNotFound: 'Imagen no encontrada.',
  faceDetectorNotDeletable:
    'Solo se pueden borrar las caras dibujadas a mano: marca esta como «No es una cara».',
  faceChildNotOffered: 'Ese educando no está entre los que puedes asignar en esta imagen.',
  /** Many admins saving a new consent text at the very same time (decision 108). */
  consentTextBusy:
    'Otros administradores están guardando el texto del consentimiento a la vez: inténtalo de nuevo.',
  /** A face assigned to a child the scouter does not manage (decision 106). */
  faceOtherSection:
    'Esta cara es de un educando de otra sección: solo puede cambiarla quien gestiona esa sección.',
  /** The consent register (decisions 070–074). */
  consentOwnFromFourteen:
    'Desde los 14 años cuenta el consentimiento del propio educando: lo registra un scouter o un administrador.',
  consentOwnBeforeFourteen:
    'El propio educando solo puede dar su consentimiento desde los 14 años; antes lo da su familia.',
  consentPaperFromFourteen:
    'Desde los 14 años no cuenta una hoja firmada por la familia: registra el consentimiento del propio educando.',
  childPhotoNotFound: 'Foto no encontrada.',
} as const;

/** Success messages the server sends. */
export const SERVER_SUCCESS = {
  login: 'Inicio de sesión exitoso.',
  register: '¡Registro completado!',
  forgotPassword:
    'Si el email está registrado, recibirás un enlace para restablecer tu contraseña.',
  resetPassword: 'Contraseña restablecida correctamente. Ya puedes iniciar sesión.',
  invitationsSent: (n: number) =>
    n === 1 ? 'Se envió 1 invitación.' : `Se enviaron ${n} invitaciones.`,
  invitationRevoked: 'Invitación revocada.',
  /** Added to the send message when some e-mails could not be sent, naming those addresses. */
  invitationsNotMailed: (emails: string[]) =>
    emails.length === 1
      ? `No se pudo enviar el email a ${emails[0]}: la invitación está creada y puedes reenviarla desde «Invitaciones Enviadas».`
      : `No se pudo enviar el email a ${emails.join(', ')}: las invitaciones están creadas y puedes reenviarlas desde «Invitaciones Enviadas».`,
  invitationResent: (email: string) => `Invitación reenviada a ${email}.`,
  profileUpdated: 'Perfil actualizado correctamente.',
  userDeleted: (name: string) => `Usuario ${name} eliminado.`,
  roleUpdated: (name: string) => `Rol actualizado para ${name}.`,
  albumCreated: 'Álbum creado con éxito.',
  albumUpdated: 'Álbum actualizado con éxito.',
  albumDeleted: 'Álbum eliminado.',
  photosUploaded: (n: number) => (n === 1 ? 'Se subió 1 foto.' : `Se subieron ${n} fotos.`),
  photosPartlyUploaded: (ok: number, failed: number) =>
    `Se subieron ${ok} de ${ok + failed} fotos.`,
  photoDeleted: 'Foto eliminada.',
  newsCreated: 'Noticia creada con éxito.',
  newsUpdated: 'Noticia actualizada con éxito.',
  newsDeleted: 'Noticia eliminada.',
  experienceCreated: 'Experiencia creada con éxito.',
  experienceUpdated: 'Experiencia actualizada con éxito.',
  experienceDeleted: 'Experiencia eliminada.',
  /** The status texts of the monitor modals. */
  monitorCreated: 'Monitor creado con éxito.',
  monitorUpdated: 'Monitor actualizado con éxito.',
  monitorDeleted: 'Monitor eliminado.',
  commentDeleted: 'Comentario eliminado.',
  /** Drafts and removal requests (decision 018). */
  albumPublished: 'Álbum publicado: ya lo ven todos los miembros.',
  albumUnpublished: 'El álbum vuelve a ser un borrador: solo lo ven los scouters.',
  /** What the requester sees wherever the photo was. */
  removalRequested: 'Has pedido retirar esta foto. El equipo la revisará.',
  removalResolvedDeleted: 'Foto eliminada. La solicitud queda resuelta.',
  removalResolvedKept: 'La foto sigue oculta. La solicitud queda resuelta.',
  removalResolvedShown: 'La foto vuelve a estar visible para todos los miembros.',
  /** Sections, children and the paso de sección (decisions 140, 047–049). */
  sectionCreated: 'Sección creada.',
  sectionUpdated: 'Sección actualizada.',
  sectionRetired: 'Sección retirada: sus educandos y álbumes la conservan.',
  sectionRestored: 'La sección vuelve a estar en uso.',
  sectionScoutersUpdated: 'Scouters de la sección actualizados.',
  childCreated: 'Educando añadido.',
  childUpdated: 'Educando actualizado.',
  guardianLinked: 'Familiar vinculado al educando.',
  guardianUnlinked: 'Familiar desvinculado del educando.',
  promotionApplied: (n: number) =>
    n === 0
      ? 'No había cambios pendientes: nadie ha cambiado de sección.'
      : n === 1
        ? 'Paso de sección aplicado: 1 educando ha cambiado.'
        : `Paso de sección aplicado: ${n} educandos han cambiado.`,
  /** Revisar caras (decision 077). */
  faceDeleted: 'Recuadro borrado.',
  /** The consent register and a family's blur request (decisions 070–074). */
  consentGranted: 'Consentimiento guardado: autorizado.',
  consentRefused: 'Consentimiento guardado: no autorizado.',
  consentTextCreated: (version: number) =>
    `Nueva versión del texto guardada (versión ${version}). Se pedirá a las familias que respondan de nuevo.`,
  blurRequested: 'Hecho: su cara se difumina en esta foto para todos, y los scouters ya lo saben.',
  /** A family takes its blur request back (decision 073). */
  blurWithdrawn:
    'Hecho: su cara ya no se difumina a petición de la familia. Se verá en esta foto solo donde su consentimiento de imagen lo permita.',
  /** The admin page 'Imagen' (decision 088). */
  settingsSaved: 'Ajustes guardados.',
  /** An image the detector could not search, looked at by hand (decision 099). */
  imageSearched: 'Imagen revisada: ya no se difumina entera.',
} as const;
