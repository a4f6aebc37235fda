import { CAMP_LABELS } from '@fogata/shared';

/** The texts of an activity's staff (the adults who go), on its page and on its board. */
export const STAFF_TEXTS = {
  title: CAMP_LABELS.staff,
  intro: 'Los adultos que van a la actividad con los educandos.',
  loading: 'Cargando el equipo...',
  loadFailed: 'Error al obtener el equipo de la actividad.',
  saveFailed: 'Error al cambiar el equipo de la actividad.',
  empty: 'Todavía no hay nadie en el equipo.',
  you: '(tú)',
  certificateNotCurrent: 'Certificado negativo no al día',
  join: CAMP_LABELS.joinStaff,
  leave: CAMP_LABELS.leaveStaff,
  joining: 'Apuntando...',
  leaving: 'Saliendo...',
  joined: 'Te has apuntado al equipo.',
  left: 'Has salido del equipo.',
  remove: (name: string) => `Quitar a ${name} del equipo`,
  removeShort: 'Quitar',
  removed: (name: string) => `${name} ya no está en el equipo.`,
  addLabel: 'Añadir a otro adulto',
  addChoose: 'Elige un scouter o administrador',
  add: 'Añadir al equipo',
  adding: 'Añadiendo...',
  added: (name: string) => `${name} está en el equipo.`,
  peopleFailed: 'Error al obtener los scouters y administradores.',
} as const;
