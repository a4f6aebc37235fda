/** Texts of the consent register and text (issue #25, decisions 070–074). */
export const CONSENT_ADMIN_TEXTS = {
  title: 'Consentimiento de imagen',
  introAdmin:
    'Quién puede aparecer dónde, sección a sección, según lo que las familias (y los educandos desde los 14 años) han respondido. Sin respuesta no hay consentimiento: su cara se difumina.',
  introScouter:
    'Quién puede aparecer dónde en tus secciones, según lo que las familias (y los educandos desde los 14 años) han respondido. Sin respuesta no hay consentimiento.',
  registerTitle: 'Registro por sección',
  section: 'Sección',
  chooseSection: 'Elige una sección',
  noSections: 'Todavía no tienes ninguna sección asignada.',
  download: 'Descargar CSV (Excel)',
  downloading: 'Preparando...',
  downloadFailed: 'Error al descargar el registro.',
  child: 'Educando',
  decides: 'Decide',
  family: 'La familia',
  own: 'Él o ella (14+)',
  empty: 'Esta sección no tiene educandos activos.',
  granted: 'Sí',
  refused: 'No',
  none: 'Sin responder',
  outdated: 'texto anterior',
  givenBy: { guardian: 'familia en Fogata', paper: 'hoja firmada', own: 'propio' },
  pagination: 'Páginas del registro',
  total: (n: number) => (n === 1 ? '1 educando' : `${n} educandos`),
  textTitle: 'Texto del consentimiento',
  textIntro:
    'Lo que leen las familias antes de responder. Una versión nueva les pide que respondan de nuevo; lo que dijeron sigue valiendo hasta que lo hagan.',
  currentVersion: (version: number, date: string, by: string | null) =>
    `Versión ${version}, del ${date}${by ? `, escrita por ${by}` : ''}`,
  newVersion: 'Escribir una versión nueva',
  newVersionLabel: 'Texto de la nueva versión',
  newVersionHelp: 'Hasta 5000 caracteres.',
  save: 'Guardar versión nueva',
  saving: 'Guardando...',
  earlier: 'Versiones anteriores',
  noEarlier: 'No hay versiones anteriores.',
} as const;

/** Texts of a child's consent dialog in 'Educandos'. */
export const CHILD_CONSENT_TEXTS = {
  action: 'Consentimiento',
  actionLabel: (name: string) => `Consentimiento de imagen de ${name}`,
  title: (name: string) => `Consentimiento de imagen de ${name}`,
  close: 'Cerrar',
  ownCounts:
    'Tiene 14 años o más: cuenta su propio consentimiento, no el de su familia. Regístralo aquí tras hablarlo con él o con ella.',
  familyCounts:
    'Cuenta lo que responda su familia en Fogata o en una hoja firmada. Registra aquí las hojas en papel.',
  current: 'Hoy',
  recordTitle: (own: boolean) =>
    own ? 'Registrar su propio consentimiento' : 'Registrar una hoja firmada',
  purpose: 'Finalidad',
  answer: 'Respuesta',
  grant: 'Autoriza',
  refuse: 'No autoriza',
  note: 'Nota',
  noteHelpPaper: 'Obligatoria: identifica la hoja (por ejemplo, «Hoja firmada el 3/10»).',
  noteHelpOwn: 'Opcional.',
  save: 'Registrar',
  saving: 'Registrando...',
  history: 'Historial',
  noHistory: 'Todavía no hay ninguna respuesta registrada.',
  historyLine: (granted: boolean, purpose: string) =>
    `${granted ? 'Autoriza' : 'No autoriza'} «${purpose}»`,
  by: (who: string | null, how: string) => `${how}${who ? `, registrado por ${who}` : ''}`,
  version: (v: number) => `versión ${v} del texto`,
} as const;
