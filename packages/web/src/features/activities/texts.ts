import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_STATUS_LABELS,
  type ActivityStatus,
  type AuthorizationState,
  SIGNUP_LABELS,
} from '@fogata/shared';

/** The texts of 'Actividades' as a family and every member see them: the list and one activity. */
export const ACTIVITY_TEXTS = {
  title: 'Actividades',
  upcoming: 'Próximas',
  past: 'Pasadas',
  loading: 'Cargando actividades...',
  loadingOne: 'Cargando la actividad...',
  loadFailed: 'Error al obtener las actividades.',
  loadOneFailed: 'Error al obtener la actividad.',
  emptyUpcoming: 'No hay actividades próximas.',
  emptyPast: 'Todavía no hay actividades pasadas.',
  pastPager: 'Páginas de las actividades pasadas',
  pastCount: (n: number) => (n === 1 ? '1 actividad' : `${n} actividades`),
  back: 'Volver a Actividades',
  notFound: 'Esta actividad no existe o no puedes verla.',

  kinds: ACTIVITY_KIND_LABELS,
  /** A state's badge, but for a published one: that is what every activity a family sees is. */
  statusBadge: (status: ActivityStatus) =>
    status === 'publicada' ? null : ACTIVITY_STATUS_LABELS[status],
  wholeGroup: 'Todo el grupo',
  audience: (names: string[]) => `Para: ${names.join(', ')}`,

  signup: SIGNUP_LABELS,
  /** A child never answered for an activity that has begun, been held or been cancelled. */
  noReply: 'Sin respuesta',
  waiting: (position: number | null) =>
    position ? `En lista de espera (n.º ${position})` : 'En lista de espera',
  childStatus: (name: string, status: string) => `${name}: ${status}`,
  needsAnswer: 'Falta tu respuesta',
  needsSignature: 'Falta firmar la autorización',
  needsAction: 'Tienes algo pendiente',

  // The activity's page.
  when: 'Cuándo',
  weekly: (until: string) => `Cada semana, hasta el ${until}`,
  place: 'Lugar',
  meeting: 'Encuentro',
  return: 'Regreso',
  transport: 'Transporte',
  price: 'Precio',
  free: 'Gratis',
  places: 'Plazas',
  placesLeft: (left: number, total: number) =>
    left === 0
      ? `Completas (${total === 1 ? '1 plaza' : `${total} plazas`})`
      : `Quedan ${left} de ${total}`,
  placesUnlimited: 'Sin límite',
  deadline: 'Inscripción hasta',
  inCharge: 'Scouter responsable',
  description: 'Descripción',
  bothGuardians: 'Esta actividad necesita la firma de los dos tutores.',
  cancelled: 'Esta actividad se ha cancelado.',
  addToCalendar: 'Añadir al calendario',
  calendarFailed: 'Error al descargar el calendario de la actividad.',
  yourChildren: 'Tus educandos',
  noChildren: 'Ninguno de tus educandos está convocado a esta actividad.',

  // A child's answer.
  answerLegend: (name: string) => `¿Va ${name}?`,
  stayWaiting: 'Sigue en la lista de espera',
  full: 'No quedan plazas: si eliges «Va», entrará en la lista de espera.',
  required: 'obligatoria',
  requiredMark: '*',
  requiredAnswer: 'Esta pregunta es obligatoria.',
  yes: 'Sí',
  no: 'No',
  choose: 'Elige una opción',
  chooseGoing: 'Elige «Va» o «No va».',
  save: 'Guardar respuesta',
  saving: 'Guardando...',
  saved: (name: string) => `Respuesta de ${name} guardada.`,
  savedWaiting: (name: string, position: number | null) =>
    `Respuesta de ${name} guardada: queda en la lista de espera${position ? ` (n.º ${position})` : ''}. Te avisaremos por correo si se libera una plaza.`,
  saveFailed: 'Error al guardar la respuesta.',
  closedNote: (deadline: string) =>
    `La inscripción terminó el ${deadline}. Para cambiar la respuesta, habla con el scouter responsable.`,
  closedNoteNoDate:
    'La inscripción está cerrada. Para cambiar la respuesta, habla con el scouter responsable.',
  answersTitle: 'Respuestas',
  noAnswer: 'Sin responder',

  // The ficha sanitaria, after a «Va».
  healthConfirm: (name: string) => `Confirma que la ficha sanitaria de ${name} está al día`,
  healthFill: (name: string) =>
    `Rellena la ficha sanitaria de ${name}: el equipo la necesita para esta actividad.`,
  healthUpToDate: 'Está al día',
  healthConfirming: 'Confirmando...',
  healthEdit: 'Revisar la ficha',
  healthFillLink: 'Rellenar la ficha sanitaria',

  // The autorización.
  authorization: 'Autorización',
  authorizationState: {
    missing: 'Sin firmar',
    partial: 'Falta una firma',
    online: 'Firmada',
    paper: 'Entregada en papel',
  } satisfies Record<AuthorizationState, string>,
  signaturesOf: (signed: number, required: number) => `${signed} de ${required} firmas`,
  signedBy: (name: string, when: string) => `Firmada por ${name} el ${when}`,
  paperOn: (when: string) => `En papel, registrada el ${when}`,
  signedByYou: '(tú)',
  readAndSign: 'Leer y firmar la autorización',
  downloadPdf: 'Descargar PDF',
  downloadFailed: 'Error al descargar la autorización.',
  withdraw: 'Retirar firma',
  withdrawTitle: '¿Retirar tu firma?',
  withdrawBody: (child: string, activity: string) =>
    `Retiras tu firma de la autorización de ${child} para «${activity}». Sin ella, ${child} no queda autorizado hasta que vuelvas a firmar.`,
  withdrawing: 'Retirando...',
  withdrawFailed: 'Error al retirar la firma.',

  // The signing dialog.
  signTitle: (child: string) => `Autorización de ${child}`,
  signLoading: 'Cargando el texto de la autorización...',
  signLoadFailed: 'Error al obtener el texto de la autorización.',
  signIntro:
    'Lee el texto. Al firmar, guardamos este texto tal como lo ves, con tu nombre, tu DNI/NIE, la fecha y la hora. Te enviaremos el PDF firmado por correo.',
  textLabel: 'Texto de la autorización',
  textVersion: (version: number) => `Versión ${version} del texto`,
  fullName: 'Tu nombre y apellidos',
  dni: 'DNI o NIE',
  dniHelp: 'Se guarda en tu perfil para la próxima vez. Solo lo ven tú y los responsables.',
  password: 'Tu contraseña',
  passwordHelp: 'Para confirmar que eres tú quien firma.',
  googleConfirmed: 'Has entrado con Google hace poco: tu inicio de sesión confirma la firma.',
  sign: 'Firmar',
  signing: 'Firmando...',
  signFailed: 'Error al firmar la autorización.',
  cancel: 'Cancelar',
  close: 'Cerrar',

  // The private calendar feeds.
  feedsTitle: 'Tu calendario',
  feedsIntro:
    'Suscríbete a este enlace en tu calendario (Google, Apple, Outlook) y verás las actividades de tus educandos, al día. Es privado: no lo compartas.',
  feedsLoadFailed: 'Error al obtener los enlaces del calendario.',
  familyFeed: 'Actividades de tus educandos',
  sectionFeed: (section: string) => `Actividades de ${section}`,
  feedsIntroSections:
    'Suscríbete en tu calendario (Google, Apple, Outlook) al enlace de cada una de tus secciones y verás sus actividades, al día. Son privados: no los compartas.',
  sectionFeedsIntro: 'Como scouter, tienes también el calendario de cada una de tus secciones.',
  copy: 'Copiar',
  reset: 'Restablecer enlace',
  resetTitle: '¿Restablecer el enlace del calendario?',
  resetBody:
    'Te damos un enlace nuevo. El anterior deja de funcionar: los calendarios suscritos con él dejarán de recibir las actividades hasta que los suscribas con el nuevo.',
  resetConfirm: 'Restablecer',
  resetting: 'Restableciendo...',
  resetDone: 'Enlace restablecido. Suscribe tu calendario con el nuevo.',
  resetFailed: 'Error al restablecer el enlace del calendario.',
} as const;
