import { LIMITS } from './limits.js';

/**
 * The product's validation messages, word for word. Shared by the zod schemas (client and server)
 * and by the tests; never retype one of these texts elsewhere.
 */
export const MSG = {
  pageInvalid: 'La página debe ser un número entero de 1 en adelante.',
  pageSizeInvalid: 'El tamaño de página debe estar entre 1 y 100.',
  commentsLimitInvalid: 'El tamaño de página debe ser un número entero de 1 en adelante.',
  emailRequired: 'El email es obligatorio.',
  emailInvalid: 'Debe ser un email válido.',
  passwordRequired: 'La contraseña es obligatoria.',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres.',
  passwordTooLong: 'La contraseña no puede tener más de 200 caracteres.',
  passwordsMustMatch: 'Las contraseñas deben coincidir.',
  confirmNewPasswordRequired: 'Debes confirmar tu nueva contraseña.',
  confirmPasswordRequired: 'Debes confirmar tu contraseña.',
  nameRequired: 'El nombre es obligatorio.',
  nameTooLong: 'El nombre no puede tener más de 100 caracteres.',
  tokenRequired: 'El token es obligatorio.',
  invitationEmailsRequired: 'Introduce al menos un email.',
  invitationEmailsInvalid: 'Una o más direcciones de email no tienen un formato válido.',
  invitationRoleInvalid: 'Rol seleccionado no válido.',
  invitationNoValidEmails: 'Error: No se introdujeron emails válidos.',
  profileNameEmpty: 'El nombre no puede estar vacío si se modifica.',
  profileNoChanges: 'No hay cambios para guardar.',
  commentLoginRequired: 'Debes iniciar sesión para comentar.',
  commentEmpty: 'El comentario no puede estar vacío.',
  commentTooLong: 'El comentario no puede tener más de 500 caracteres.',
  /** Ours, beside the product's: a photo's caption, ≤ 500, and the upload's `captions` field. */
  photoCaptionTooLong: 'El pie de foto no puede tener más de 500 caracteres.',
  photoCaptionsInvalid: 'Los pies de foto enviados no son válidos.',
  imageUnsupported: 'Formato de archivo no soportado (permitidos: jpg, jpeg, gif, png, webp)',
  imageTooLarge: 'El archivo es demasiado grande (máximo 25 MB)',
  imagesRequired: 'Debes seleccionar al menos una imagen.',
  imagesTooMany: 'No puedes subir más de 10 imágenes a la vez.',
  experienceCategoryInvalid: 'La categoría seleccionada no es válida.',
  experienceImageRequired: 'La imagen de la experiencia es obligatoria.',
  imageRequired: 'Error: La imagen es obligatoria.',
  missingRequiredData: 'Error: Faltan datos obligatorios.',
  /** Ours: an id in a route that is not a row id (decimal digits, 1 to MAX_ID). */
  idInvalid: 'ID inválido.',
  titleRequired: 'El título es obligatorio.',
  /** News and experience titles (150). */
  contentTitleTooLong: 'El título no puede tener más de 150 caracteres.',
  descriptionRequired: 'La descripción es obligatoria.',
  newsSummaryTooLong: 'La descripción no puede tener más de 300 caracteres.',
  newsContentRequired: 'El contenido es obligatorio.',
  newsContentTooLong: 'El contenido no puede tener más de 20000 caracteres.',
  experienceDescriptionTooLong: 'La descripción no puede tener más de 10000 caracteres.',
  monitorRoleRequired: 'El rol o cargo es obligatorio.',
  monitorRoleTooLong: 'El rol o cargo no puede tener más de 150 caracteres.',
  monitorDescriptionTooLong: 'La descripción no puede tener más de 2000 caracteres.',
  albumTitleTooLong: 'El título no puede tener más de 100 caracteres.',
  albumDescriptionTooLong: 'La descripción no puede tener más de 1000 caracteres.',
  albumCoverRequired: 'Error: La imagen de portada es obligatoria. Refresca e intenta de nuevo.',
  /** Ours: the `sections` of an album's audience, ids separated by commas. */
  albumSectionsInvalid: 'Las secciones del álbum no son válidas.',
  /** Ours: the reason of a removal request and a manager's note, ≤ 500. */
  removalReasonTooLong: 'El motivo no puede tener más de 500 caracteres.',
  removalNoteTooLong: 'La nota no puede tener más de 500 caracteres.',
  /** Ours: a text with a NUL character, which nobody types and no database should keep. */
  textInvalidCharacters: 'El texto contiene caracteres no válidos.',
  /** Sections, children and the paso de sección (decisions 140, 047–049). */
  sectionNameRequired: 'El nombre de la sección es obligatorio.',
  sectionNameTooLong: 'El nombre de la sección no puede tener más de 50 caracteres.',
  sectionAgeInvalid: 'Las edades deben ser números enteros entre 3 y 25 años.',
  sectionAgeOrder: 'La edad mínima debe ser menor que la máxima.',
  sectionColourInvalid: 'El color debe tener el formato #rrggbb (por ejemplo, #15803d).',
  sectionPositionInvalid: 'El orden debe ser un número entero entre 1 y 1000.',
  sectionScoutersInvalid: 'La lista de scouters no es válida.',
  childNameRequired: 'El nombre completo es obligatorio.',
  childNameTooLong: 'El nombre completo no puede tener más de 150 caracteres.',
  birthDateInvalid: 'La fecha de nacimiento no es válida (AAAA-MM-DD).',
  birthDateFuture: 'La fecha de nacimiento no puede ser posterior a hoy.',
  childSectionRequired: 'Elige la sección del educando.',
  childStatusInvalid: 'El estado debe ser active, inactive o all.',
  childSearchTooLong: 'La búsqueda no puede tener más de 100 caracteres.',
  childSearchTooShort: 'Escribe al menos 2 caracteres.',
  promotionDateInvalid: 'La fecha no es válida (AAAA-MM-DD).',
  promotionMovesRequired: 'No hay ningún cambio que aplicar.',
  promotionMovesTooMany: 'No se pueden aplicar más de 1000 cambios a la vez.',
  promotionMovesRepeated: 'Un educando aparece más de una vez en los cambios.',
  /** The consent register (decisions 070–074). */
  consentPurposeInvalid: 'La finalidad debe ser gallery, web, social o press.',
  consentGrantedRequired: 'Indica si se autoriza o no (granted: true o false).',
  consentGiverInvalid:
    'Quién da el consentimiento debe ser paper (hoja firmada) u own (el propio educando).',
  consentNoteRequired:
    'Escribe una nota que identifique la hoja firmada (por ejemplo, «Hoja firmada el 3/10»).',
  consentNoteTooLong: 'La nota no puede tener más de 500 caracteres.',
  consentTextRequired: 'El texto del consentimiento es obligatorio.',
  consentTextTooLong: 'El texto del consentimiento no puede tener más de 5000 caracteres.',
  consentSectionRequired: 'Elige una sección.',
} as const;

/** Revisar caras (decision 077). */
export const FACE_MESSAGES = {
  boxInvalid: 'El recuadro de la cara no es válido.',
  boxTooSmall: 'El recuadro es demasiado pequeño para ser una cara.',
  boxOutside: 'El recuadro se sale de la imagen.',
  statusInvalid: 'Elige educando, adulto o «No es una cara».',
  childRequired: 'Elige el educando solo al marcar la cara como educando.',
  imageInvalid: 'La imagen no es válida.',
} as const;

/** The autorización signed online and its paper record, the DNI/NIE, the retention. */
export const AUTHORIZATION_MESSAGES = {
  signed: 'Autorización firmada. Te enviamos una copia en PDF por correo.',
  withdrawn: 'Has retirado tu firma de la autorización.',
  paperRecorded: 'Autorización en papel registrada.',
  textCreated: (version: number) =>
    `Nueva versión del texto de la autorización guardada (versión ${version}). Las firmas ya hechas conservan el texto que se firmó.`,
  delegateSaved: 'Delegado/a de protección guardado.',
  dniSaved: 'DNI/NIE guardado.',
  /** Shown where an account is deleted: what stays of it. */
  retentionOnDeletion: `Las autorizaciones que hayas firmado se conservan con tu nombre y DNI/NIE tal como firmaste durante ${LIMITS.authorizationRetentionYears} años después de cada actividad, como registro del grupo; después se borran.`,
  /** The e-mail that carries a signed autorización. */
  mailSubject: (activity: string) => `Autorización firmada: ${activity}`,
  mailParagraphs: (signer: string, activity: string) => [
    `Hola, ${signer}:`,
    `Te enviamos en PDF la autorización que has firmado para «${activity}», con los datos de la firma.`,
    'También puedes descargarla desde la página de la actividad.',
  ],
  mailButton: 'Ver la actividad',
  pdfTitle: 'Autorización para una actividad',
  pdfEvidenceTitle: 'Datos de la firma electrónica',
  pdfSigner: 'Firmante',
  pdfDni: 'DNI/NIE',
  pdfSignedAt: 'Fecha y hora (Europe/Madrid)',
  pdfConfirmedWith: 'Confirmada con',
  pdfConfirmedPassword: 'la contraseña de su cuenta',
  pdfConfirmedGoogle: 'un inicio de sesión reciente con Google',
  pdfAccount: 'Cuenta',
  pdfIp: 'Dirección IP',
  pdfUserAgent: 'Navegador',
  pdfSha256: 'SHA-256 del texto firmado',
  pdfTextVersion: 'Versión del texto',
  pdfWithdrawn: (when: string) => `Firma retirada el ${when}.`,
  pdfSuperseded: (when: string) =>
    `Firma sustituida el ${when}: la actividad cambió y se pidió firmar de nuevo.`,
  pdfAccountGone: 'cuenta eliminada',
  pdfPaperTitle: 'Autorización en papel',
  pdfDniHidden: '(solo lo ven quien firmó y los responsables de la actividad)',
  /** What the audit trail says of a DNI/NIE given: that one was, never which. */
  auditDniGiven: 'sí',
  /** What a placeholder reads when the activity or the group has not said it. */
  notGiven: 'sin indicar',
} as const;

/**
 * Activities (issue 36): what a manager's form and a family's sign-up are told when something in
 * them is wrong. The activity's own errors (state, deadline, who may) are in activity-errors.ts.
 */
export const ACTIVITY_MSG = {
  titleRequired: 'El título es obligatorio.',
  titleTooLong: 'El título no puede tener más de 150 caracteres.',
  kindInvalid: 'Elige el tipo de actividad: reunión, salida, acampada, campamento u otra.',
  sectionsInvalid: 'Las secciones de la actividad no son válidas.',
  instantInvalid: 'La fecha y hora no es válida.',
  startsAtRequired: 'Indica cuándo empieza la actividad.',
  endsAtRequired: 'Indica cuándo termina la actividad.',
  endBeforeStart: 'La actividad no puede terminar antes de empezar.',
  startInPast: 'La actividad no puede empezar en el pasado.',
  deadlineRequired: 'Indica hasta cuándo se pueden apuntar.',
  deadlineAfterStart: 'El plazo de inscripción debe terminar antes de que empiece la actividad.',
  deadlineInPast: 'El plazo de inscripción no puede terminar en el pasado.',
  repeatInvalid: 'La fecha de la última repetición no es válida (AAAA-MM-DD).',
  repeatOnlyReunion: 'Solo una reunión puede repetirse cada semana.',
  repeatBeforeStart: 'La última repetición no puede ser anterior al primer día.',
  repeatTooLong: 'Una reunión puede repetirse como mucho durante un año.',
  placeRequired: 'El lugar es obligatorio.',
  meetingPointRequired: 'El punto de encuentro es obligatorio.',
  returnPointRequired: 'El punto de regreso es obligatorio.',
  transportRequired: 'Indica el transporte (por ejemplo, «Autobús» o «A pie»).',
  placeTooLong: 'El texto no puede tener más de 200 caracteres.',
  meetingAtRequired: 'Indica la hora de encuentro.',
  returnAtRequired: 'Indica la hora de regreso.',
  returnBeforeMeeting: 'La hora de regreso no puede ser anterior a la de encuentro.',
  priceInvalid: 'El precio debe ser una cantidad de euros sin decimales de más.',
  priceNegative: 'El precio no puede ser negativo.',
  priceTooHigh: 'El precio no puede pasar de 10.000 €.',
  placesInvalid: 'Las plazas deben ser un número entero mayor que cero.',
  placesTooMany: 'Las plazas no pueden pasar de 1000.',
  inChargeInvalid: 'Elige a la persona responsable entre los scouters y administradores.',
  descriptionTooLong: 'La descripción no puede tener más de 5000 caracteres.',
  bothGuardiansInvalid: 'Indica si deben firmar ambos tutores (true o false).',
  questionsInvalid: 'Las preguntas no son válidas.',
  questionsTooMany: 'Una actividad puede hacer como mucho 10 preguntas.',
  questionLabelRequired: 'Escribe el texto de la pregunta.',
  questionLabelTooLong: 'La pregunta no puede tener más de 200 caracteres.',
  questionKindInvalid: 'El tipo de pregunta debe ser texto, sí/no o una opción de una lista.',
  questionOptionsTooFew: 'Una pregunta de opciones necesita al menos dos opciones.',
  questionOptionsTooMany: 'Una pregunta de opciones puede tener como mucho 20 opciones.',
  questionOptionInvalid: 'Cada opción debe tener entre 1 y 100 caracteres.',
  questionOptionsRepeated: 'Las opciones de una pregunta no pueden repetirse.',
  questionRequiredInvalid: 'Indica si la pregunta es obligatoria (true o false).',
  statusInvalid: 'El estado debe ser publicada, cerrada, celebrada o cancelada.',
  goingRequired: 'Indica si va o no va (going: true o false).',
  answersInvalid: 'Las respuestas no son válidas.',
  answerRequired: (label: string) => `Responde a la pregunta «${label}».`,
  answerYesNo: (label: string) => `Responde sí o no a la pregunta «${label}».`,
  answerChoice: (label: string) => `Elige una de las opciones de la pregunta «${label}».`,
  answerText: (label: string) => `La respuesta a «${label}» debe ser un texto.`,
  answerTooLong: (label: string) =>
    `La respuesta a «${label}» no puede tener más de 500 caracteres.`,
  answerUnknownQuestion: 'Alguna respuesta es de una pregunta que esta actividad no hace.',
  pastPageInvalid: 'La página debe ser un número entero de 1 a 1000.',
} as const;

/** Activities: the board, its exports, the reminders and the calendar (issue 36). */
export const ACTIVITY_BOARD_MESSAGES = {
  signup: { pendiente: 'Pendiente', va: 'Va', no_va: 'No va', espera: 'En lista de espera' },
  authorization: {
    online: 'Firmada online',
    paper: 'En papel',
    partial: 'Falta una firma',
    missing: 'Sin autorización',
  },
  paymentMethod: { efectivo: 'Efectivo', transferencia: 'Transferencia', bizum: 'Bizum' },
  yes: 'Sí',
  no: 'No',
  notPaid: 'No',
  remindButton: 'Recordar a las familias pendientes',
  addToCalendar: 'Añadir al calendario',
  /** The exports' columns, before the activity's questions. */
  columns: {
    child: 'Educando',
    section: 'Sección',
    signup: 'Inscripción',
    authorization: 'Autorización',
    paid: 'Pagado',
    amount: 'Importe',
    method: 'Forma de pago',
  },
  answersColumn: 'Respuestas',
  participantsTitle: (title: string) => `Participantes: ${title}`,
  participantsCount: (n: number) => (n === 1 ? '1 participante' : `${n} participantes`),
  participantsNone: 'Todavía no va nadie.',
  page: (n: number, of: number) => `Página ${n} de ${of}`,
  /** The reminder mail: never a child's name (a mail can be forwarded). */
  reminderSubject: (title: string) => `Falta vuestra respuesta: ${title}`,
  reminderBody: (title: string, pending: number, deadline: string) =>
    `${pending === 1 ? 'Uno de tus educandos no ha respondido' : `${pending} de tus educandos no han respondido`} a «${title}». La inscripción se cierra el ${deadline}.`,
  reminderAsk: 'Entra en la web para decir si va o no va.',
  reminderButton: 'Responder',
  /** Who the audit trail names for a reminder the app sent by itself. */
  automaticActor: 'Recordatorio automático',
  /** The digest's list of the activities still waiting for the family's answer. */
  digestHeading: 'Actividades que esperan vuestra respuesta',
  digestItem: (title: string, deadline: string) => `${title} (inscripción hasta el ${deadline})`,
  calendarFamily: (group: string) => `Actividades de ${group}`,
  calendarSection: (section: string, group: string) => `${section}: actividades de ${group}`,
  calendarMeeting: (point: string, at: string) => `Salida: ${point}, ${at}.`,
  calendarReturn: (point: string, at: string) => `Regreso: ${point}, ${at}.`,
  calendarTransport: (transport: string) => `Transporte: ${transport}.`,
} as const;

/**
 * On camp (issue 37): what the ficha sanitaria's form, «Pasar lista», the staff, the certificados
 * negativos and the messages to the delegado/a de protección are told when something in them is
 * wrong. Their rules' errors are CAMP_ERRORS (activity-errors.ts).
 */
export const CAMP_MSG = {
  personInvalid: 'La persona elegida no es válida.',
  healthTextTooLong: 'El texto no puede tener más de 1000 caracteres.',
  healthShortTooLong: 'El texto no puede tener más de 100 caracteres.',
  medicationNameRequired: 'Escribe el nombre del medicamento.',
  medicationsTooMany: 'Puedes indicar como mucho 10 medicamentos.',
  healthCardTooLong: 'El número de la tarjeta sanitaria no puede tener más de 40 caracteres.',
  swimInvalid: 'Indica si sabe nadar: sí, no o con ayuda.',
  contactsInvalid: 'Indica dos contactos de emergencia.',
  contactNameRequired: 'Escribe el nombre del contacto de emergencia.',
  contactRelationRequired:
    'Indica la relación del contacto con el educando (por ejemplo, «Madre»).',
  contactPhoneInvalid:
    'El teléfono no es válido: escribe solo números, espacios y, si hace falta, el prefijo con +.',
  healthSaved: 'Ficha sanitaria guardada.',
  healthConfirmed: 'Has confirmado que la ficha sanitaria está al día.',
  attendanceInvalid: 'La lista enviada no es válida.',
  attendanceDayInvalid: 'El día no es válido (AAAA-MM-DD).',
  attendanceMomentInvalid: 'Elige el momento: salida, llegada o noche.',
  attendanceTooMany: 'Se pueden enviar como mucho 500 marcas a la vez.',
  certificateDateInvalid: 'La fecha del certificado no es válida (AAAA-MM-DD).',
  certificateDateFuture: 'La fecha del certificado no puede ser posterior a hoy.',
  certificateRecorded: 'Certificado registrado.',
  staffRatioInvalid: 'Indica cuántos educandos puede haber como mucho por cada adulto (de 1 a 50).',
  renewalMonthsInvalid: 'Indica cada cuántos meses se renueva el certificado (de 1 a 60).',
  retentionDaysInvalid:
    'Indica cuántos días se guardan los datos de salud tras la actividad (de 0 a 365).',
  settingsSaved: 'Ajustes guardados.',
  delegateContactRequired: 'Escribe cómo contactar con el delegado/a de protección.',
  delegateContactTooLong: 'El contacto no puede tener más de 200 caracteres.',
  protectionBodyRequired: 'Escribe tu mensaje.',
  protectionBodyTooLong: 'El mensaje no puede tener más de 5000 caracteres.',
  protectionNameTooLong: 'El nombre no puede tener más de 100 caracteres.',
  protectionReplyTooLong: 'La forma de contactarte no puede tener más de 200 caracteres.',
  protectionSent:
    'Tu mensaje ha llegado al delegado/a de protección. Solo esa persona puede leerlo.',
  // The camp pack's PDF for the first-aid kit (camp-pack).
  packPdfTitle: (title: string) => `Copia para el botiquín: ${title}`,
  packEmergency: 'Datos de emergencia',
  packGroup: 'Grupo',
  packInCharge: 'Responsable de la actividad',
  packNobody: 'Sin nombrar',
  packChildren: (n: number) => (n === 1 ? '1 educando' : `${n} educandos`),
  packNoChildren: 'Todavía no va nadie.',
  packNoHealth: 'La familia no ha rellenado la ficha sanitaria.',
  packHealthConfirmed: (when: string) => `Ficha confirmada para esta actividad el ${when}.`,
  packHealthNotConfirmed: 'La familia no ha confirmado la ficha para esta actividad.',
  packAuthorization: 'Autorización',
  packPayment: 'Pago',
  packNotPaid: 'Sin pagar',
  packMayGive: 'pueden dárselo los scouters',
  packMayNotGive: 'no pueden dárselo los scouters',
  packGenerated: (when: string, by: string) =>
    `Generado el ${when} por ${by}. Contiene datos de salud de menores: guárdalo en el botiquín, no lo copies y destrúyelo al terminar la actividad.`,
  // The adults around the children (camp-staff): the certificado's reminder and the mail that a
  // message waits for the delegado/a (never its content: a mail can be read over a shoulder).
  certificateReminderSubject: 'Tu certificado negativo caduca pronto',
  /** `due`: the day it falls due, as Spanish text; `months`: 3, 2 or 1. */
  certificateReminderBody: (due: string, months: number) =>
    `Tu certificado negativo del Registro Central de Delincuentes Sexuales caduca el ${due}, dentro de ${months === 1 ? '1 mes' : `${months} meses`}.`,
  certificateReminderAsk:
    'Pídelo de nuevo (es gratuito en la sede electrónica del Ministerio de Justicia) y enséñaselo a un administrador del grupo para que lo registre. Sin un certificado al día no podrás formar parte del equipo de una actividad.',
  certificateReminderButton: 'Entrar en la web',
  protectionWaitingSubject: 'Tienes un mensaje como delegado/a de protección',
  protectionWaitingBody:
    'Alguien ha escrito al delegado/a de protección del grupo. Por su privacidad, este correo no incluye el mensaje: entra en la web para leerlo.',
  protectionWaitingButton: 'Leer el mensaje',
} as const;
