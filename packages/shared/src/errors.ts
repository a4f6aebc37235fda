/**
 * The product's error texts (the client's defaults when the server sends no `message`) and the
 * Spanish messages the server answers with. One place for every error text.
 */
export const CLIENT_ERRORS = {
  sessionExpired: 'Sesión expirada o inválida.',
  unknown: 'Error desconocido',
  login: 'Error al iniciar sesión. Verifica tus credenciales.',
  forgotPassword: 'Error al solicitar restablecimiento de contraseña.',
  forgotPasswordUnknown: 'Error desconocido al solicitar restablecimiento.',
  resetPassword:
    'Error al restablecer la contraseña. El token podría ser inválido o haber expirado.',
  resetPasswordUnknown: 'Error desconocido al restablecer la contraseña.',
  externalVerify: 'Error al verificar sesión externa.',
  externalServer: 'Error del servidor al validar sesión de Google.',
  externalFailed: 'No se pudo iniciar sesión con Google.',
  externalPopupClosed: 'Ventana de inicio de sesión cerrada.',
  externalProvider: (code: string, message: string) => `Error de Google (${code}): ${message}`,
  register: 'Error durante el registro.',
  invitationsSend: 'Error al enviar las invitaciones.',
  invitationVerify: 'Error al verificar la invitación.',
  invitationsList: 'Error al obtener la lista de invitaciones.',
  invitationRevoke: (id: number | string) => `Error al revocar la invitación ${id}.`,
  invitationResend: (id: number | string) => `Error al reenviar la invitación ${id}.`,
  usersList: 'Error al obtener usuarios.',
  userDelete: (id: number | string) => `Error al eliminar usuario ${id}.`,
  userRole: (id: number | string) => `Error al actualizar rol para usuario ${id}.`,
  profileGet: 'Error al obtener el perfil.',
  profileUpdate: 'Error al actualizar el perfil.',
  albumsList: 'Error al obtener los álbumes del servidor.',
  albumGet: (id: number | string) => `Error al obtener el álbum ${id}.`,
  albumCreate: 'Error al crear el álbum.',
  albumUpdate: (id: number | string) => `Error al actualizar el álbum ${id}.`,
  albumDelete: (id: number | string) => `Error al eliminar el álbum ${id}.`,
  photosList: (albumId: number | string) => `Error al obtener las fotos del álbum ${albumId}.`,
  photoGet: (id: number | string) => `Error al obtener la foto ${id}.`,
  photosUpload: 'Error al subir las fotos.',
  photoDelete: (id: number | string) => `Error al eliminar la foto ${id}.`,
  photoLike: (id: number | string) => `Error al dar like a la foto ${id}.`,
  photoUnlike: (id: number | string) => `Error al quitar like a la foto ${id}.`,
  /** Ours, beside the product's: a photo's caption and the album's download. */
  photoCaption: (id: number | string) => `Error al guardar el pie de la foto ${id}.`,
  albumDownload: (id: number | string) => `Error al descargar el álbum ${id}.`,
  auditList: 'Error al obtener el registro de actividad.',
  /** `target` names what is commented on, e.g. 'la foto 3'. */
  commentsGet: (target: string) => `Error al obtener comentarios para ${target}.`,
  commentAdd: (target: string) => `Error al añadir comentario a ${target}.`,
  commentDelete: (id: number | string) => `Error al eliminar el comentario ${id}.`,
  albumPublish: (id: number | string) => `Error al publicar el álbum ${id}.`,
  albumUnpublish: (id: number | string) => `Error al pasar a borrador el álbum ${id}.`,
  /** The sections the create and edit modals offer for an album's audience. */
  albumAudienceChoices: 'Error al obtener las secciones para el álbum.',
  removalRequest: (id: number | string) => `Error al pedir que se retire la foto ${id}.`,
  removalRequestsList: 'Error al obtener las solicitudes de retirada.',
  removalResolve: (id: number | string) => `Error al resolver la solicitud ${id}.`,
  newsList: 'Error al obtener las noticias.',
  newsGet: (id: number | string) => `Error al obtener la noticia ${id}.`,
  newsCreate: 'Error al crear la noticia.',
  newsUpdate: (id: number | string) => `Error al actualizar la noticia ${id}.`,
  newsDelete: (id: number | string) => `Error al eliminar la noticia ${id}.`,
  newsLike: (id: number | string) => `Error al dar like a la noticia ${id}.`,
  newsUnlike: (id: number | string) => `Error al quitar like a la noticia ${id}.`,
  experiencesList: 'Error al obtener las experiencias.',
  experienceGet: (id: number | string) => `Error al obtener la experiencia ${id}.`,
  experienceCreate: 'Error al crear la experiencia.',
  experienceUpdate: (id: number | string) => `Error al actualizar la experiencia ${id}.`,
  experienceDelete: (id: number | string) => `Error al eliminar la experiencia ${id}.`,
  experienceLike: (id: number | string) => `Error al dar like a la experiencia ${id}.`,
  experienceUnlike: (id: number | string) => `Error al quitar like a la experiencia ${id}.`,
  monitorsList: 'Error al obtener monitores.',
  monitorCreate: 'Error al crear monitor.',
  monitorUpdate: (id: number | string) => `Error al actualizar monitor ${id}.`,
  monitorDelete: (id: number | string) => `Error al eliminar monitor ${id}.`,
  /** The product's interface messages. */
  deleteFailed: (thing: string, message: string) => `Error al eliminar el ${thing}: ${message}`,
  commentsLoadFailed: (message: string) => `Error al cargar comentarios: ${message}`,
  commentDeleteFailed: (message: string) => `Error al eliminar: ${message}`,
  commentSendFailed: (message: string) => `Error: ${message}`,
  likeAnonymous: "Necesitas iniciar sesión para dar 'Me gusta'.",
  /** Sections, children and the paso de sección (decisions 140, 047–049). */
  sectionsList: 'Error al obtener las secciones.',
  sectionSave: 'Error al guardar la sección.',
  sectionScouters: 'Error al obtener o guardar los scouters de la sección.',
  childrenList: 'Error al obtener los educandos.',
  childSave: 'Error al guardar el educando.',
  guardianLink: 'Error al vincular o desvincular al familiar.',
  accountsSearch: 'Error al buscar cuentas.',
  promotionGet: 'Error al calcular el paso de sección.',
  promotionApply: 'Error al aplicar el paso de sección.',
  ownChildren: 'Error al obtener tus educandos.',
  /** The consent register and 'Fotos de mi educando' (decisions 070–074). */
  consentsGet: 'Error al obtener los consentimientos.',
  consentSave: 'Error al guardar el consentimiento.',
  consentTexts: 'Error al obtener el texto del consentimiento.',
  consentTextSave: 'Error al guardar el texto del consentimiento.',
  consentRegister: 'Error al obtener el registro de consentimientos.',
  childPhotos: 'Error al obtener las fotos de tu educando.',
  blurRequest: 'Error al pedir que se difumine la cara.',
  blurWithdraw: 'Error al dejar de difuminar la cara.',
  /** The admin page 'Imagen' (decision 088). */
  settingsGet: 'Error al obtener los ajustes.',
  settingsSave: 'Error al guardar los ajustes.',
  consentPreview: 'Error al calcular la vista previa.',
  imageLedger: 'Error al obtener dónde se han publicado las imágenes.',
} as const;

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

/**
 * The autorización signed online, the DNI/NIE it is signed with, the admin's text and the paper
 * record (activities).
 */
export const AUTHORIZATION_ERRORS = {
  dniRequired: 'Escribe tu DNI o NIE.',
  dniFormat:
    'El DNI/NIE no tiene un formato válido: 8 cifras y una letra (DNI), o X, Y o Z, 7 cifras y una letra (NIE).',
  dniLetter: 'El DNI/NIE no es válido: revisa la letra.',
  signerNameRequired: 'Escribe tu nombre y apellidos.',
  signerNameTooLong: 'El nombre no puede tener más de 100 caracteres.',
  textHashInvalid: 'Falta la huella del texto que has leído. Recarga la página y vuelve a firmar.',
  textChanged:
    'El texto de la autorización ha cambiado desde que lo abriste. Léelo de nuevo y vuelve a firmar.',
  passwordRequired: 'Escribe tu contraseña para confirmar la firma.',
  passwordWrong: 'La contraseña no es correcta. La firma no se ha guardado.',
  googleStale:
    'Para firmar sin contraseña, vuelve a entrar con Google: tu entrada fue hace más de 15 minutos.',
  alreadySigned: 'Ya has firmado la autorización de este educando para esta actividad.',
  notSignable: 'Esta actividad no admite firmas: no está publicada o está cancelada.',
  started: 'La actividad ya ha empezado: la autorización ya no se puede firmar ni retirar.',
  noSignatureToWithdraw: 'No tienes ninguna firma vigente de este educando para esta actividad.',
  authorizationNotFound: 'Autorización no encontrada.',
  activityNotFound: 'Actividad no encontrada.',
  childNotInActivity: 'Este educando no está convocado a esta actividad.',
  paperFileRequired: 'Adjunta la foto o el escaneo de la autorización firmada.',
  paperFileInvalid: 'El archivo no es una imagen válida (JPG, PNG, WebP o GIF).',
  paperNoteTooLong: 'La nota no puede tener más de 500 caracteres.',
  textRequired: 'El texto de la autorización es obligatorio.',
  textTooLong: 'El texto de la autorización no puede tener más de 10000 caracteres.',
  textUnknownPlaceholders: (names: string[]) =>
    names.length === 1
      ? `El texto usa un hueco que no existe: ${names[0]}. Revisa cómo está escrito.`
      : `El texto usa huecos que no existen: ${names.join(', ')}. Revisa cómo están escritos.`,
  textBusy: 'Otra persona está guardando el texto a la vez. Inténtalo de nuevo.',
  delegateNameRequired: 'Escribe el nombre del delegado/a de protección.',
  delegateContactRequired: 'Escribe cómo contactar con el delegado/a de protección.',
  delegateTooLong: 'El nombre y el contacto no pueden tener más de 200 caracteres.',
} as const;

/** Activities (issue 36): what the server answers when an activity's rules say no. */
export const ACTIVITY_ERRORS = {
  notFound: 'Actividad no encontrada.',
  notManaged: 'Solo pueden cambiar esta actividad sus scouters y los administradores.',
  /** A section named in an audience that does not exist, or one retired newly chosen. */
  sectionUnavailable: 'Alguna de las secciones elegidas no existe o está retirada.',
  /** A scouter names a section not theirs, or the whole group. */
  sectionForbidden:
    'Solo puedes dirigir una actividad a las secciones que tienes asignadas; para todo el grupo, pide ayuda a un administrador.',
  inChargeUnknown: 'La persona responsable debe ser un scouter o un administrador del grupo.',
  notEditable: 'Una actividad cancelada o celebrada ya no se puede cambiar.',
  deleteOnlyDraft: 'Solo se puede eliminar un borrador: una actividad publicada se cancela.',
  /** `from` and `to` as ACTIVITY_STATUS_LABELS name them. */
  statusChange: (from: string, to: string) =>
    `Una actividad en estado «${from}» no puede pasar a «${to}».`,
  celebrateBeforeStart: 'Una actividad solo se puede dar por celebrada cuando ya ha empezado.',
  reopenAfterDeadline:
    'El plazo de inscripción ya ha terminado: amplíalo antes de volver a abrir la inscripción.',
  childNotInAudience: 'Este educando no está convocado a esta actividad.',
  signupsClosed:
    'La inscripción ya está cerrada: solo los scouters de la actividad pueden cambiar la respuesta.',
  signupCancelled: 'La actividad está cancelada: ya no admite respuestas.',
  signupDraft: 'La actividad todavía es un borrador: las familias aún no pueden apuntarse.',
} as const;

/** Activities: the board, payments, reminders and calendar feeds (issue 36). */
export const ACTIVITY_BOARD_ERRORS = {
  paymentAmountInvalid:
    'El importe debe ser una cantidad en céntimos de euro, de 0 en adelante y sin decimales.',
  paymentAmountTooLarge: 'El importe no puede pasar de 10.000 €.',
  paymentMethodInvalid: 'La forma de pago debe ser efectivo, transferencia o Bizum.',
  remindersClosed:
    'Solo se puede recordar a las familias mientras la actividad está publicada y la inscripción sigue abierta.',
  feedSectionInvalid: 'Elige una sección válida.',
  feedNotFound: 'Calendario no encontrado.',
} as const;

/** On camp (issue 37): what the server answers when the rules of the camp say no. */
export const CAMP_ERRORS = {
  /** A ficha its reader may not see (not a guardian; not staff in the window): as if missing. */
  healthNotFound: 'Ficha sanitaria no encontrada.',
  healthMissing: 'Rellena la ficha sanitaria antes de confirmarla.',
  /** Confirming for an activity the child is not signed up to. */
  healthNotSignedUp: 'El educando no está apuntado a esta actividad.',
  notStaff: 'Solo el equipo de la actividad puede hacer esto.',
  /** `name`: the adult's name. */
  certificateNotCurrent: (name: string) =>
    `${name} no puede formar parte del equipo ni ser responsable de una actividad: su certificado negativo del Registro Central de Delincuentes Sexuales no está al día. Un administrador puede registrarlo en «Salvaguarda».`,
  staffNotAdult:
    'Solo un scouter o un administrador puede formar parte del equipo de una actividad.',
  certificateNotAdult: 'Solo se registra el certificado de scouters y administradores.',
  delegateNotAdult: 'El delegado/a de protección debe ser un scouter o un administrador del grupo.',
  noDelegate: 'El grupo aún no ha nombrado delegado/a de protección.',
  notDelegate: 'Solo el delegado/a de protección puede leer estos mensajes.',
  attendanceClosed: 'Ya no se puede pasar lista en esta actividad.',
  /** The key that opens the fichas is missing or is not the one they were sealed with. */
  healthKeyMismatch:
    'No se pueden leer los datos de salud: la clave de cifrado no es la misma con la que se guardaron.',
  // The camp pack and «Pasar lista» (camp-pack).
  /** The pack of an activity its asker may not carry (not staff, or outside the camp window). */
  campPackNotFound:
    'Copia para el campamento no disponible: solo la lleva el equipo de la actividad, desde dos días antes de que empiece hasta que termina.',
  /** A mark for a day the activity does not span. */
  attendanceDayOutside: 'La lista enviada tiene un día que no es de la actividad.',
} as const;
