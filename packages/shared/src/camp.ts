/*
 * On camp's constants and labels, apart from its schemas: pages that only show a label (the
 * delegado/a on '¿Quiénes somos?' and on every activity) then load no zod.
 */

/** How long before an activity starts its staff may read the fichas of its children. */
export const CAMP_WINDOW_BEFORE_MS = 2 * 24 * 60 * 60 * 1000;
/** How long a camp pack stays in a browser at most (less when the activity ends first). */
export const CAMP_PACK_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Months before a certificado falls due that its adult is reminded. */
export const CERTIFICATE_REMINDER_MONTHS = [3, 2, 1] as const;

export const CAMP_LIMITS = {
  attendanceMarksMax: 500,
  staffRatio: { min: 1, max: 50 },
  renewalMonths: { min: 1, max: 60 },
  retentionDays: { min: 0, max: 365 },
  delegateContactMax: 200,
  protectionBodyMax: 5000,
  protectionNameMax: 100,
  protectionReplyMax: 200,
} as const;

export const CAMP_LABELS = {
  takeToCamp: 'Llevar al campamento',
  takeRoll: 'Pasar lista',
  confidential: 'CONFIDENCIAL',
  staff: 'Equipo',
  joinStaff: 'Apuntarme al equipo',
  leaveStaff: 'Salir del equipo',
  /** `children` per `adults` against the group's limit. */
  ratio: (children: number, adults: number, perAdult: number) =>
    `${children === 1 ? '1 educando' : `${children} educandos`}, ${adults === 1 ? '1 adulto' : `${adults} adultos`} (máximo ${perAdult} por adulto)`,
  /** `needed`: how many more adults the activity needs. */
  ratioShort: (needed: number) =>
    needed === 1
      ? 'Falta 1 adulto para cumplir la proporción del grupo.'
      : `Faltan ${needed} adultos para cumplir la proporción del grupo.`,
  protectionDelegate: 'Delegado/a de protección',
  writeToDelegate: 'Escribir al delegado/a de protección',
  safeguarding: 'Salvaguarda',
  certificate: 'Certificado negativo de delitos sexuales',
} as const;

/** «Pasar lista»: the moments of a day a headcount is taken. */
export const ATTENDANCE_MOMENTS = ['salida', 'llegada', 'noche'] as const;
export type AttendanceMoment = (typeof ATTENDANCE_MOMENTS)[number];
export const ATTENDANCE_MOMENT_LABELS: Record<AttendanceMoment, string> = {
  salida: 'Salida',
  llegada: 'Llegada',
  noche: 'Noche',
};
