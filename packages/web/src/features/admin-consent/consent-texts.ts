/** Texts of the consent register and text (decisions 070–074). */
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
