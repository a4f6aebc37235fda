/** The messages of the activities, their autorizaciones and board, and the camp. */

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
