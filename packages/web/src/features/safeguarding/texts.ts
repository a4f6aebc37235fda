import { CAMP_LABELS } from '@fogata/shared';

/** The texts of 'Salvaguarda' (admins): the certificados negativos, the settings, the delegado/a. */
export const SAFEGUARDING_TEXTS = {
  title: CAMP_LABELS.safeguarding,
  intro:
    'Lo que la ley pide al grupo para proteger a los educandos: el certificado negativo de cada adulto, la proporción de educandos por adulto en las actividades, cuánto se guardan los datos de salud y quién es el delegado/a de protección.',
  notAllowed: 'Solo un administrador puede ver esta página.',
  loadFailed: 'Error al obtener los datos de salvaguarda.',

  // The certificados.
  certificates: 'Certificados negativos',
  certificatesIntro: (months: number) =>
    `Cada scouter y administrador necesita un certificado negativo del Registro Central de Delincuentes Sexuales al día para formar parte del equipo de una actividad. Aquí solo se anota la fecha del certificado y quién lo comprobó: el certificado no se guarda. Se renueva cada ${months === 1 ? 'mes' : `${months} meses`}.`,
  certificatesEmpty: 'No hay scouters ni administradores en el grupo.',
  certificatesLabel: 'Certificados de los adultos del grupo',
  roles: { scouter: 'Scouter', admin: 'Administrador' },
  issuedOn: (day: string) => `Certificado del ${day}`,
  dueOn: (day: string) => `caduca el ${day}`,
  checkedBy: (name: string) => `comprobado por ${name}`,
  record: 'Registrar certificado',
  recordLabel: (name: string) => `Registrar el certificado de ${name}`,
  recordTitle: (name: string) => `Certificado negativo de ${name}`,
  recordIntro:
    'Anota la fecha que figura en el certificado que te ha enseñado. Quedarás como quien lo ha comprobado.',
  recordDate: 'Fecha del certificado',
  recording: 'Registrando...',
  recordFailed: 'Error al registrar el certificado.',
  cancel: 'Cancelar',

  // The settings.
  settings: 'Ajustes',
  staffRatio: 'Educandos por adulto, como mucho',
  staffRatioHelp: 'Cada comunidad autónoma fija la suya. Por defecto, 10.',
  renewalMonths: 'El certificado se renueva cada (meses)',
  retentionDays: 'Días que se guardan los datos de salud tras una actividad',
  retentionHelp:
    'Pasados estos días desde el final de la actividad, se borran las fichas confirmadas para ella.',
  saveSettings: 'Guardar ajustes',
  saving: 'Guardando...',
  settingsFailed: 'Error al guardar los ajustes.',

  // The delegado/a.
  delegate: CAMP_LABELS.protectionDelegate,
  delegateIntro:
    'La persona del grupo a la que las familias y los educandos pueden escribir si algo les preocupa. Aparece en «¿Quiénes somos?», en cada actividad y en el texto de la autorización, y solo ella lee los mensajes.',
  delegatePerson: 'Persona (scouter o administrador)',
  delegateChoose: 'Elige una persona',
  delegateContact: 'Cómo contactar (correo o teléfono)',
  delegateContactHelp: 'Se muestra a todo el mundo, también a quien no tiene cuenta.',
  delegateSave: 'Guardar delegado/a',
  delegateFailed: 'Error al guardar el delegado/a de protección.',
} as const;
